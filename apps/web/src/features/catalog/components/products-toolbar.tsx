import { useId, type FormEvent } from 'react'

import { messages, PRODUCT_SORTS, TOOL_SEARCH_MAX, type ToolSort } from '@toolworks/shared'

const m = messages.catalog

type ProductsToolbarProps = {
  q: string
  sort: ToolSort
  onSearch: (q: string) => void
  onSort: (sort: ToolSort) => void
}

/** Search by name and sort for /products; the screen keeps both in the URL. */
export function ProductsToolbar({ q, sort, onSearch, onSort }: ProductsToolbarProps) {
  const searchId = useId()
  const sortId = useId()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = new FormData(event.currentTarget).get('q')
    onSearch(typeof value === 'string' ? value.trim() : '')
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <form role="search" onSubmit={submit} className="flex w-full max-w-md items-end gap-2">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium">
            {m.searchLabel}
          </label>
          {/* Keyed by the URL's q, so back and forward put the right words in the box. */}
          <input
            key={q}
            id={searchId}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={TOOL_SEARCH_MAX}
            autoComplete="off"
            className="input w-full"
          />
        </div>
        <button type="submit" className="btn btn-neutral">
          {m.searchButton}
        </button>
      </form>
      <div className="flex flex-col gap-1">
        <label htmlFor={sortId} className="text-sm font-medium">
          {m.sortLabel}
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => onSort(event.target.value as ToolSort)}
          className="select w-full sm:w-56"
        >
          {PRODUCT_SORTS.map((value) => (
            <option key={value} value={value}>
              {m.sortNames[value]}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
