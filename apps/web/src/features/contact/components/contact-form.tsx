import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'
import type { z } from 'zod'

import { CONTACT_MESSAGE_MAX, ContactMessageBodySchema, messages } from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'

import { useSendContactMessage } from '../api/send-contact-message'

const m = messages.contact

type ContactValues = z.input<typeof ContactMessageBodySchema>
type ContactBody = z.output<typeof ContactMessageBodySchema>

const FIELDS = ['name', 'email', 'message'] as const

/**
 * docs/product.md §2 Home 8, Contact With Us. The spec's form posts nowhere; this one checks the
 * shared rules, stores the message (POST /api/contact) and thanks the sender.
 */
export function ContactForm() {
  const id = useId()
  const send = useSendContactMessage()
  // "Need a change? Contact us" from My Orders names the order in the message.
  const [search] = useSearchParams()
  const order = search.get('order')?.slice(0, 40)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<ContactValues, unknown, ContactBody>({
    resolver: zodResolver(ContactMessageBodySchema),
    defaultValues: { name: '', email: '', message: order ? m.aboutOrder(order) : '' },
  })
  const left = CONTACT_MESSAGE_MAX - useWatch({ control, name: 'message' }).length
  const messageError = errors.message?.message

  const onSubmit = (body: ContactBody) =>
    send.mutate(body, {
      onSuccess: () => {
        toast.success(m.sent)
        reset()
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, FIELDS)) toast.error(getErrorMessage(error))
      },
    })

  return (
    <form
      noValidate
      aria-label={m.title}
      className="space-y-4"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={m.name}
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={m.email}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-message`} className="block text-sm font-semibold">
          {m.message}
        </label>
        <textarea
          id={`${id}-message`}
          rows={6}
          className={['textarea w-full', messageError ? 'textarea-error' : ''].join(' ')}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={[messageError ? `${id}-message-error` : '', `${id}-message-left`]
            .join(' ')
            .trim()}
          {...register('message')}
        />
        {messageError && (
          <p id={`${id}-message-error`} className="text-sm text-error">
            {messageError}
          </p>
        )}
        <p id={`${id}-message-left`} className="text-sm text-base-content/70">
          {m.charactersLeft(left)}
        </p>
      </div>
      <button type="submit" className="btn btn-primary" disabled={send.isPending}>
        {m.submit}
      </button>
    </form>
  )
}
