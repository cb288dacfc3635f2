import { formatMoney, messages, type Promotion } from '@toolworks/shared'

import { DataTable } from '@/components/ui/data-table'

const m = messages.promotions

type PromotionsTableProps = {
  promotions: Promotion[]
  /** The shop's date today (YYYY-MM-DD), which decides "Active now". */
  today: string
  /** The promotion being deleted, whose buttons wait for the answer. */
  pendingId: string | null
  onEdit: (promotion: Promotion) => void
  onDelete: (promotion: Promotion) => void
}

/** Every promotion: kind, title, percent, cap, dates and whether the home page shows it today. */
export function PromotionsTable({
  promotions,
  today,
  pendingId,
  onEdit,
  onDelete,
}: PromotionsTableProps) {
  return (
    <DataTable
      headings={[m.kind, m.promoTitle, m.percent, m.cap, m.startsAt, m.endsAt, m.status, m.actions]}
      emptyText={m.none}
      isEmpty={promotions.length === 0}
    >
      {promotions.map((promotion) => {
        const active = promotion.startsAt <= today && today <= promotion.endsAt
        return (
          <tr key={promotion.id}>
            <td>{m.kinds[promotion.kind]}</td>
            <td>{promotion.title}</td>
            <td>{promotion.percent === null ? m.noCap : `${promotion.percent}%`}</td>
            <td>{promotion.cap === null ? m.noCap : formatMoney(promotion.cap)}</td>
            <td className="whitespace-nowrap">{promotion.startsAt}</td>
            <td className="whitespace-nowrap">{promotion.endsAt}</td>
            <td>
              <span
                className={[
                  'badge whitespace-nowrap',
                  active ? 'badge-success' : 'badge-ghost',
                ].join(' ')}
              >
                {active ? m.active : m.inactive}
              </span>
            </td>
            <td>
              <div className="flex gap-2">
                <button
                  type="button"
                  className="btn btn-outline btn-xs"
                  aria-label={`${m.edit}: ${promotion.title}`}
                  onClick={() => onEdit(promotion)}
                >
                  {m.edit}
                </button>
                <button
                  type="button"
                  className="btn btn-error btn-xs"
                  aria-label={`${m.delete}: ${promotion.title}`}
                  disabled={pendingId !== null}
                  onClick={() => onDelete(promotion)}
                >
                  {m.delete}
                </button>
              </div>
            </td>
          </tr>
        )
      })}
    </DataTable>
  )
}
