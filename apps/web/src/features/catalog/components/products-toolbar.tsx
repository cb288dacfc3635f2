import { useId, type ReactNode } from 'react'

import { catalogWords, messages, PRODUCT_SORTS, type ProductSort } from '@toolworks/shared'

const m = messages.catalog

type ProductsToolbarProps = {
  /** The search box (the search feature's, with its suggestions). */
  searchBox: ReactNode
  sort: ProductSort
  onSort: (sort: ProductSort) => void
}

const sortName = (sort: ProductSort) =>
  sort === 'relevance' ? catalogWords.sortRelevance : m.sortNames[sort]

/** Search and sort for /products; the screen keeps both in the URL. */
export function ProductsToolbar({ searchBox, sort, onSort }: ProductsToolbarProps) {
  const sortId = useId()
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      {searchBox}
      <div className="flex flex-col gap-1">
        <label htmlFor={sortId} className="text-sm font-medium">
          {m.sortLabel}
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => onSort(event.target.value as ProductSort)}
          className="select w-full sm:w-56"
        >
          {PRODUCT_SORTS.map((value) => (
            <option key={value} value={value}>
              {sortName(value)}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
