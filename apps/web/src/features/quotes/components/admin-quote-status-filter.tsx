import { useId } from 'react'

import { QuoteStatusSchema, type QuoteStatus, quoteWords } from '@toolworks/shared'

const m = quoteWords

type AdminQuoteStatusFilterProps = {
  status: QuoteStatus | undefined
  onChange: (status: QuoteStatus | undefined) => void
}

/** Quote Requests' status filter (kept in the URL by the route); All shows every request. */
export function AdminQuoteStatusFilter({ status, onChange }: AdminQuoteStatusFilterProps) {
  const id = useId()
  return (
    <div className="mt-6 space-y-1" role="search">
      <label htmlFor={id} className="block text-sm font-semibold">
        {m.status}
      </label>
      <select
        id={id}
        className="select"
        value={status ?? ''}
        onChange={(event) => {
          const parsed = QuoteStatusSchema.safeParse(event.target.value)
          onChange(parsed.success ? parsed.data : undefined)
        }}
      >
        <option value="">{m.allStatuses}</option>
        {QuoteStatusSchema.options.map((option) => (
          <option key={option} value={option}>
            {m.statusLabels[option]}
          </option>
        ))}
      </select>
    </div>
  )
}
