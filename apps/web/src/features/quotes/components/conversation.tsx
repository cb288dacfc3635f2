import { useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'

import { QUOTE_MESSAGE_MAX, QuoteMessageBodySchema, quoteWords } from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'
import { TextareaField } from '@/components/ui/textarea-field'

import { useQuoteMessages } from '../api/get-quote-messages'
import { usePostQuoteMessage } from '../api/post-quote-message'

const m = quoteWords

/**
 * Both sides' short messages on one request, oldest first, and a box to write the next one.
 * What was typed stays in the box until the server has taken it.
 */
export function Conversation({ quoteId }: { quoteId: string }) {
  const list = useQuoteMessages(quoteId)
  const post = usePostQuoteMessage(quoteId)
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = QuoteMessageBodySchema.safeParse({ text })
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? m.messageFailed)
      return
    }
    setProblem(null)
    post.mutate(parsed.data.text, {
      onSuccess: () => {
        setText('')
        toast.success(m.messageSent)
      },
      onError: () => setProblem(m.messageFailed),
    })
  }

  return (
    <section aria-labelledby="quote-conversation">
      <h3 id="quote-conversation" className="text-lg font-semibold">
        {m.conversation}
      </h3>
      {list.isPending ? (
        <p className="mt-2 text-base-content/70">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        </p>
      ) : list.isError ? (
        <QueryError
          message={m.requestLoadFailed}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <p className="mt-2 text-base-content/70">{m.noMessages}</p>
      ) : (
        <ol className="mt-2 space-y-3" aria-label={m.conversation}>
          {list.data.map((message) => (
            <li
              key={message._id}
              className={[
                'rounded-box p-3',
                message.authorRole === 'admin' ? 'bg-base-200' : 'bg-primary/10',
              ].join(' ')}
            >
              <p className="text-sm">
                <span className="font-semibold">{message.authorName}</span>{' '}
                <span className="text-base-content/70">({m.authorRoles[message.authorRole]})</span>{' '}
                <time className="text-base-content/70" dateTime={message.createdAt}>
                  {new Date(message.createdAt).toLocaleString()}
                </time>
              </p>
              <p className="mt-1 whitespace-pre-line break-words">{message.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="mt-4 space-y-2" onSubmit={onSubmit} noValidate>
        <TextareaField
          label={m.message}
          value={text}
          maxLength={QUOTE_MESSAGE_MAX}
          rows={3}
          onChange={(event) => setText(event.target.value)}
          error={problem ?? undefined}
          hint={
            <span aria-live="polite">
              {m.charactersLeft(Math.max(0, QUOTE_MESSAGE_MAX - text.length))}
            </span>
          }
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={post.isPending}>
          {post.isPending && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          {m.sendMessage}
        </button>
      </form>
    </section>
  )
}
