import type { ReactNode } from 'react'

/**
 * Below Tailwind's `sm` (640 px) every dashboard table shows each row as a card, so a
 * phone never scrolls sideways; at `sm` and up it is the table it always was. The rule lives in
 * index.css (`.card-table`): each cell shows its `data-label` (set it to the column's heading;
 * leave it off where the cell speaks for itself, as a Remove button does), a row marked
 * `data-detail` (an order's lines) continues the card above, and `data-amount` never wraps.
 */
const cardTableClass = 'table card-table'

type CardTableProps = {
  children: ReactNode
  /** Narrower cells, for the order tables' many columns to fit 1280 px. */
  compact?: boolean
  /** Classes of the scrolling box around the table (its margin). */
  className?: string
}

/**
 * A table that becomes cards on a phone (`cardTableClass`), in a box that scrolls sideways
 * only where a wide table still needs it at `sm` and up. Children: caption, thead, tbody.
 */
export function CardTable({ children, compact = false, className = 'mt-6' }: CardTableProps) {
  return (
    // Focusable, so keyboard users can scroll a table wider than the screen (axe:
    // scrollable-region-focusable).
    <div className={`${className} overflow-x-auto`} tabIndex={0}>
      <table
        className={
          // Compact: narrow cells, and headings that wrap at their spaces as the cells do.
          compact
            ? `${cardTableClass} sm:[&_:is(th,td)]:px-2 sm:[&>thead_th]:whitespace-normal`
            : cardTableClass
        }
      >
        {children}
      </table>
    </div>
  )
}

type DataTableProps = {
  /** Column headings, in order; the first is usually the row number. */
  headings: ReactNode[]
  /** Shown instead of the table when there are no rows. */
  emptyText: string
  isEmpty: boolean
  /** The `<tr>` rows; their cells carry `data-label` for the phone's cards. */
  children: ReactNode
  /** Narrower cells, for the order tables' many columns to fit 1280 px. */
  compact?: boolean
}

/** The dashboard tables' one shape: an empty-state line, or a card table with its headings. */
export function DataTable({
  headings,
  emptyText,
  isEmpty,
  children,
  compact = false,
}: DataTableProps) {
  if (isEmpty) return <p className="mt-6 text-base-content/70">{emptyText}</p>
  return (
    <CardTable compact={compact}>
      <thead>
        <tr>
          {headings.map((heading, i) => (
            <th key={i}>{heading}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </CardTable>
  )
}
