import { activityWords, AuditKindSchema, shopDateTime, type AuditEntry } from '@toolworks/shared'

import { CardTable } from '@/components/ui/data-table'

import { ChangeList } from './change-list'

const w = activityWords

/** An entry's kind in words; a kind this page does not know yet shows as the server named it. */
export function kindWords(kind: string): string {
  const parsed = AuditKindSchema.safeParse(kind)
  return parsed.success ? w.kinds[parsed.data] : kind
}

/** The audit log's page: when, who, what, the summary and the changed values. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    // Cards on a phone, each cell named by its heading.
    <CardTable className="mt-4">
      <caption className="sr-only">{w.title}</caption>
      <thead>
        <tr>
          <th scope="col">{w.when}</th>
          <th scope="col">{w.who}</th>
          <th scope="col">{w.what}</th>
          <th scope="col">{w.summaryColumn}</th>
          <th scope="col">{w.changes}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td data-label={w.when} className="align-top whitespace-nowrap">
              <time dateTime={entry.at}>{shopDateTime(entry.at)}</time>
            </td>
            <td data-label={w.who} className="align-top [overflow-wrap:anywhere] md:min-w-36">
              {entry.actorEmail}
            </td>
            <td data-label={w.what} className="align-top">
              <span className="badge badge-neutral whitespace-nowrap">{kindWords(entry.kind)}</span>
            </td>
            <th
              scope="row"
              data-label={w.summaryColumn}
              className="align-top font-normal md:min-w-40"
            >
              {entry.summary}
            </th>
            <td data-label={w.changes} className="align-top md:min-w-52">
              <ChangeList entry={entry} />
            </td>
          </tr>
        ))}
      </tbody>
    </CardTable>
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
