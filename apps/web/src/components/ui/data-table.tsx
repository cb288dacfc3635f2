import type { ReactNode } from 'react'

type DataTableProps = {
  /** Column headings, in order; the first is usually the row number. */
  headings: ReactNode[]
  /** Shown instead of the table when there are no rows. */
  emptyText: string
  isEmpty: boolean
  /** The `<tr>` rows. */
  children: ReactNode
}

/** The dashboard tables' one shape: an empty-state line, or a scrollable table with its headings. */
export function DataTable({ headings, emptyText, isEmpty, children }: DataTableProps) {
  if (isEmpty) return <p className="mt-6 text-base-content/70">{emptyText}</p>
  return (
    // Focusable, so keyboard users can scroll a table wider than the screen (axe:
    // scrollable-region-focusable).
    <div className="mt-6 overflow-x-auto" tabIndex={0}>
      <table className="table">
        <thead>
          <tr>
            {headings.map((heading, i) => (
              <th key={i}>{heading}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
