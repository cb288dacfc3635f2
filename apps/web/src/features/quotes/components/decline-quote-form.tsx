import { useState, type FormEvent } from 'react'

import { QUOTE_DECLINE_REASON_MAX, quoteWords } from '@toolworks/shared'

import { TextareaField } from '@/components/ui/textarea-field'

const m = quoteWords

type DeclineQuoteFormProps = {
  pending: boolean
  onConfirm: (reason: string) => void
  onCancel: () => void
}

/** Decline, step two: an optional reason, then Confirm. */
export function DeclineQuoteForm({ pending, onConfirm, onCancel }: DeclineQuoteFormProps) {
  const [reason, setReason] = useState('')
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    onConfirm(reason.trim())
  }
  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-box border border-base-300 p-4">
      <p className="font-semibold">{m.declineConfirm}</p>
      <TextareaField
        label={m.declineReason}
        rows={2}
        maxLength={QUOTE_DECLINE_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex gap-2">
        <button type="submit" className="btn btn-error btn-sm" disabled={pending}>
          {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {m.confirm}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          {m.cancel}
        </button>
      </div>
    </form>
  )
}
