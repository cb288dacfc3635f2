import { useState, type FormEvent } from 'react'

import { type QuoteOffer, quoteWords } from '@toolworks/shared'

import { useMoney } from '@/lib/currency'

const m = quoteWords

type AcceptQuoteFormProps = {
  offer: QuoteOffer
  pending: boolean
  onConfirm: (quantity: number) => void
  onCancel: () => void
}

/** Accept quote, step two: which quantity line of the latest offer, then Confirm. */
export function AcceptQuoteForm({ offer, pending, onConfirm, onCancel }: AcceptQuoteFormProps) {
  const money = useMoney()
  const [quantity, setQuantity] = useState<number | null>(
    offer.lines.length === 1 ? offer.lines[0]!.quantity : null,
  )
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (quantity !== null) onConfirm(quantity)
  }
  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-box border border-base-300 p-4">
      <fieldset className="space-y-2">
        <legend className="font-semibold">{m.chooseLine}</legend>
        {offer.lines.map((line) => (
          <label key={line.quantity} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="quote-line"
              className="radio radio-sm"
              value={line.quantity}
              checked={quantity === line.quantity}
              onChange={() => setQuantity(line.quantity)}
            />
            {m.lineChoice(
              line.quantity,
              money.price(line.unitPrice),
              money.line(line.unitPrice, line.quantity),
            )}
          </label>
        ))}
      </fieldset>
      <div className="flex gap-2">
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={quantity === null || pending}
        >
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
