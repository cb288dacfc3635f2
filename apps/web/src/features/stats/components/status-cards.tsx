import { OVERVIEW_STATUSES, overviewWords, type OrdersByStatus } from '@toolworks/shared'

const m = overviewWords

/** Orders placed in the period, one card per status. */
export function StatusCards({ counts }: { counts: OrdersByStatus }) {
  return (
    <ul className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
      {OVERVIEW_STATUSES.map((status) => (
        <li
          key={status}
          className="rounded-box border border-base-300 bg-base-100 p-4"
          data-testid={`status-${status}`}
        >
          <p className="text-sm text-base-content/70">{m.statusLabels[status]}</p>
          <p className="text-3xl font-bold tabular-nums">
            {counts[status].toLocaleString('en-US')}
          </p>
        </li>
      ))}
    </ul>
  )
}
