import { useId, useState } from 'react'
import { Link } from 'react-router'

import {
  catalogWords as w,
  inheritedAttributes,
  withCategory,
  withSpecFilter,
  type Category,
  type ProductsSearch,
  type ToolFacets,
} from '@toolworks/shared'

import { CategoryFacet } from './category-facet'
import { SpecFacet } from './spec-facet'

type FacetsPanelProps = {
  search: ProductsSearch
  facets: ToolFacets | undefined
  categories: readonly Category[]
  /** The address of another state of /products. */
  hrefFor: (search: ProductsSearch) => string
  go: (search: ProductsSearch) => void
}

/**
 * The left column of /products: categories with counts, the chosen category's
 * filterable specifications and "in stock only". On a phone it folds behind a Filters button.
 */
export function FacetsPanel({ search, facets, categories, hrefFor, go }: FacetsPanelProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const counts = new Map((facets?.categories ?? []).map((c) => [c.slug, c.count]))
  const attributes = search.category
    ? inheritedAttributes(categories, search.category).filter((a) => a.filterable)
    : []
  const filtered = search.specs.length > 0 || search.inStock || search.category !== ''

  return (
    <aside className="lg:w-64 lg:shrink-0">
      <button
        type="button"
        className="btn btn-outline btn-block lg:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {w.filters}
        {search.specs.length > 0 && (
          <span className="badge badge-neutral">{search.specs.length}</span>
        )}
      </button>
      <div id={panelId} className={`${open ? 'block' : 'hidden'} mt-4 lg:mt-0 lg:block`}>
        <h2 className="sr-only">{w.filters}</h2>
        <label className="mb-5 flex cursor-pointer items-center gap-2 px-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={search.inStock}
            onChange={(event) => go({ ...search, inStock: event.target.checked, page: 1 })}
          />
          <span className="font-semibold">{w.inStockOnly}</span>
        </label>
        <CategoryFacet
          categories={categories}
          counts={counts}
          chosen={search.category}
          hrefFor={(slug) => hrefFor(withCategory(search, slug))}
        />
        {attributes.map((attribute) => (
          <SpecFacet
            key={attribute.key}
            attribute={attribute}
            facet={facets?.specs[attribute.key]}
            filter={search.specs.find((f) => f.key === attribute.key)}
            onChange={(filter) => go(withSpecFilter(search, attribute.key, filter))}
          />
        ))}
        {filtered && (
          <Link
            to={hrefFor({ ...withCategory(search, ''), inStock: false })}
            className="link link-primary mt-6 block px-2"
          >
            {w.clearFilters}
          </Link>
        )}
      </div>
    </aside>
  )
}
