import { Link } from 'react-router'

import { messages } from '@toolworks/shared'

type PagerProps = {
  page: number
  pageCount: number
  /** The address of page `n`, e.g. `/products?page=2`. */
  hrefFor: (n: number) => string
  label?: string
}

const m = messages.catalog

/** First, last, and the current page with one on each side; null marks a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1])
  const pages = [...wanted].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const n of pages) {
    const last = out[out.length - 1]
    if (typeof last === 'number' && n - last === 2) out.push(n - 1)
    else if (typeof last === 'number' && n - last > 2) out.push(null)
    out.push(n)
  }
  return out
}

/**
 * Page links as real addresses (they reload, share and go back like any link); the current
 * page is marked with aria-current. Nothing shows for a single page.
 */
export function Pager({ page, pageCount, hrefFor, label = m.pagination }: PagerProps) {
  if (pageCount <= 1) return null
  const item = 'btn join-item btn-sm sm:btn-md min-w-11'
  return (
    <nav aria-label={label} className="flex justify-center">
      <ul className="join flex-wrap">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={item} rel="prev">
              {m.previousPage}
            </Link>
          ) : (
            <span className={`${item} btn-disabled`} aria-disabled="true">
              {m.previousPage}
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((n, i) => (
          <li key={n ?? `gap-${i}`}>
            {n === null ? (
              <span className={`${item} btn-disabled`} aria-hidden="true">
                …
              </span>
            ) : n === page ? (
              <Link
                to={hrefFor(n)}
                className={`${item} btn-primary`}
                aria-current="page"
                aria-label={m.pageNumber(n)}
              >
                {n}
              </Link>
            ) : (
              <Link to={hrefFor(n)} className={item} aria-label={m.pageNumber(n)}>
                {n}
              </Link>
            )}
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className={item} rel="next">
              {m.nextPage}
            </Link>
          ) : (
            <span className={`${item} btn-disabled`} aria-disabled="true">
              {m.nextPage}
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
