import { useId } from 'react'

import { messages, OrderStatusSchema, type OrderStatus } from '@toolworks/shared'

const m = messages.ordering

type OrderFiltersProps = {
  status: OrderStatus | undefined
  q: string
  onStatusChange: (status: OrderStatus | undefined) => void
  onQueryChange: (q: string) => void
}

/** Manage Orders filters: a status and a customer-email search (kept in the URL by the route). */
export function OrderFilters({ status, q, onStatusChange, onQueryChange }: OrderFiltersProps) {
  const statusId = useId()
  const searchId = useId()
  return (
    <div className="mt-6 flex flex-wrap items-end gap-4" role="search">
      <div className="space-y-1">
        <label htmlFor={statusId} className="block text-sm font-semibold">
          {m.statusFilter}
        </label>
        <select
          id={statusId}
          className="select"
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
      <div className="min-w-64 flex-1 space-y-1">
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
    </div>
  )
}
