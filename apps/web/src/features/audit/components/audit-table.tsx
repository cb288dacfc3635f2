import { activityWords, AuditKindSchema, shopDateTime, type AuditEntry } from '@toolworks/shared'

import { ChangeList } from './change-list'

const w = activityWords

/** An entry's kind in words; a kind this page does not know yet shows as the server named it. */
export function kindWords(kind: string): string {
  const parsed = AuditKindSchema.safeParse(kind)
  return parsed.success ? w.kinds[parsed.data] : kind
}

// Below md each row is a card: the header row hides and each cell names itself.
const cell = 'max-md:block max-md:px-0 max-md:py-1 align-top'
const cellLabel = 'md:hidden block text-xs font-semibold uppercase text-base-content/60'

/** The audit log's page: when, who, what, the summary and the changed values. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    // Focusable, so keyboard users can scroll a table wider than the screen (axe).
    <div className="mt-4 overflow-x-auto" tabIndex={0}>
      <table className="table">
        <caption className="sr-only">{w.title}</caption>
        <thead className="max-md:hidden">
          <tr>
            <th scope="col">{w.when}</th>
            <th scope="col">{w.who}</th>
            <th scope="col">{w.what}</th>
            <th scope="col">{w.summaryColumn}</th>
            <th scope="col">{w.changes}</th>
          </tr>
        </thead>
        <tbody className="max-md:block">
          {entries.map((entry) => (
            <tr
              key={entry.id}
              className="max-md:block max-md:border-b max-md:border-base-300 max-md:py-3"
            >
              <td className={`${cell} whitespace-nowrap`}>
                <span className={cellLabel} aria-hidden="true">
                  {w.when}
                </span>
                <time dateTime={entry.at}>{shopDateTime(entry.at)}</time>
              </td>
              <td className={`${cell} [overflow-wrap:anywhere] md:min-w-36`}>
                <span className={cellLabel} aria-hidden="true">
                  {w.who}
                </span>
                {entry.actorEmail}
              </td>
              <td className={cell}>
                <span className={cellLabel} aria-hidden="true">
                  {w.what}
                </span>
                <span className="badge badge-neutral whitespace-nowrap">
                  {kindWords(entry.kind)}
                </span>
              </td>
              <th scope="row" className={`${cell} font-normal md:min-w-40`}>
                <span className={cellLabel} aria-hidden="true">
                  {w.summaryColumn}
                </span>
                {entry.summary}
              </th>
              <td className={`${cell} md:min-w-52`}>
                <span className={cellLabel} aria-hidden="true">
                  {w.changes}
                </span>
                <ChangeList entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Grey rows standing in while the first page loads, announced as loading. */
export function AuditTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div role="status" aria-label={w.loading} className="mt-4 space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex flex-col gap-2 md:flex-row md:items-center md:gap-4">
          <div className="skeleton h-4 w-32" />
          <div className="skeleton h-4 w-44" />
          <div className="skeleton h-5 w-28" />
          <div className="skeleton h-4 md:flex-1" />
        </div>
      ))}
    </div>
  )
}
