import { useSearchParams } from 'react-router'

import { activityWords, AuditKindSchema } from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'
import { useAudit, type AuditFilters as Filters } from '@/features/audit/api/get-audit'
import { AuditFilters } from '@/features/audit/components/audit-filters'
import { AuditPager } from '@/features/audit/components/audit-pager'
import { AuditTable, AuditTableSkeleton } from '@/features/audit/components/audit-table'
import { useDocumentTitle } from '@/lib/use-document-title'

const w = activityWords
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The filters the URL holds; anything unreadable there is left out, not sent. */
function filtersOf(params: URLSearchParams): Filters {
  const text = (name: string) => params.get(name)?.trim() || undefined
  const kind = AuditKindSchema.safeParse(params.get('kind'))
  const date = (name: string) => {
    const value = text(name)
    return value && DATE.test(value) ? value : undefined
  }
  const page = Number(params.get('page'))
  return {
    actor: text('actor')?.slice(0, 254),
    kind: kind.success ? kind.data : undefined,
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** Activity (admin): the audit log, filtered by person, kind and dates, paged. */
export function ActivityRoute() {
  useDocumentTitle(w.title)
  const [searchParams, setSearchParams] = useSearchParams()
  const filters = filtersOf(searchParams)
  const audit = useAudit(filters)

  const go = (next: Filters) =>
    setSearchParams(() => {
      const params = new URLSearchParams()
      for (const [key, value] of Object.entries(next))
        if (value !== undefined && !(key === 'page' && value === 1)) params.set(key, String(value))
      return params
    })

  const filtered = Boolean(filters.actor || filters.kind || filters.from || filters.to)
  const data = audit.data
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1

  return (
    <div>
      <h2 className="section-title">{w.title}</h2>
      <div className="title-rule" />
      <p className="mt-4 text-base-content/70">{w.intro}</p>
      <AuditFilters filters={filters} onApply={(next) => go({ ...next, page: 1 })} />
      {audit.isPending ? (
        <AuditTableSkeleton />
      ) : audit.isError ? (
        <div className="mt-6">
          <QueryError
            message={w.couldNotLoad}
            retrying={audit.isFetching}
            onRetry={() => void audit.refetch()}
          />
        </div>
      ) : data && data.entries.length === 0 ? (
        <div className="mt-8 rounded-box border border-dashed border-base-300 p-8 text-center">
          <p className="font-semibold">{filtered ? w.nothingMatches : w.nothingYet}</p>
          <p className="mt-1 text-sm text-base-content/70">
            {filtered ? w.nothingMatchesText : w.nothingYetText}
          </p>
        </div>
      ) : data ? (
        <div aria-busy={audit.isPlaceholderData || undefined}>
          <p className="mt-6 text-sm text-base-content/70" data-testid="audit-count">
            {w.count(data.total)}
          </p>
          <AuditTable entries={data.entries} />
          <AuditPager
            page={data.page}
            pageCount={pageCount}
            busy={audit.isPlaceholderData}
            onPage={(page) => go({ ...filters, page })}
          />
        </div>
      ) : null}
    </div>
  )
}
