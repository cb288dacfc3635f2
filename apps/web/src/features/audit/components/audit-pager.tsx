import { activityWords } from '@toolworks/shared'

const w = activityWords

type AuditPagerProps = {
  page: number
  pageCount: number
  onPage: (page: number) => void
  /** A page is on its way: the buttons wait. */
  busy?: boolean
}

/** Previous and Next with "Page X of Y"; nothing for a single page. */
export function AuditPager({ page, pageCount, onPage, busy = false }: AuditPagerProps) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label={w.paging} className="mt-4 flex items-center justify-between gap-3">
      <button
        type="button"
        className="btn btn-sm sm:btn-md"
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
      >
        {w.previous}
      </button>
      <p className="text-sm" aria-live="polite">
        {w.page(page, pageCount)}
      </p>
      <button
        type="button"
        className="btn btn-sm sm:btn-md"
        disabled={page >= pageCount || busy}
        onClick={() => onPage(page + 1)}
      >
        {w.next}
      </button>
    </nav>
  )
}
