import { useId, type ReactNode } from 'react'

import { messages, OrderStatusSchema, type OrderStatus } from '@toolworks/shared'

const m = messages.ordering

type OrderFiltersProps = {
  status: OrderStatus | undefined
  q: string
  onStatusChange: (status: OrderStatus | undefined) => void
  onQueryChange: (q: string) => void
  /** The toolbar's actions at its end (Export CSV; the route composes them). */
  actions?: ReactNode
}

/**
 * Manage Orders' toolbar: a status and a customer-email search (kept in the URL by the route),
 * then its actions; one row at 1280 px, wrapping to full-width lines on a phone.
 */
export function OrderFilters({
  status,
  q,
  onStatusChange,
  onQueryChange,
  actions,
}: OrderFiltersProps) {
  const statusId = useId()
  const searchId = useId()
  return (
    <div className="mt-6 mb-4 flex flex-wrap items-end gap-x-4 gap-y-3" role="search">
      <div className="space-y-1 max-sm:w-full">
        <label htmlFor={statusId} className="block text-sm font-semibold">
          {m.statusFilter}
        </label>
        <select
          id={statusId}
          className="select max-sm:w-full"
          value={status ?? ''}
          onChange={(event) => {
            const parsed = OrderStatusSchema.safeParse(event.target.value)
            onStatusChange(parsed.success ? parsed.data : undefined)
          }}
        >
          <option value="">{m.allStatuses}</option>
          {OrderStatusSchema.options.map((option) => (
            <option key={option} value={option}>
              {m.statusLabels[option]}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 flex-1 basis-64 space-y-1">
        <label htmlFor={searchId} className="block text-sm font-semibold">
          {m.searchEmail}
        </label>
        <input
          id={searchId}
          type="search"
          className="input w-full"
          value={q}
          onChange={(event) => onQueryChange(event.target.value)}
        />
      </div>
      {actions}
    </div>
  )
}
