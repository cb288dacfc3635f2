import { Link } from 'react-router'

import { catalogWords as w, type Category } from '@toolworks/shared'

import { categoryPath, childrenOf } from '../utils/category-path'

type CategoryFacetProps = {
  categories: readonly Category[]
  /** Tools per category slug (a category counts its sub-categories' tools). */
  counts: ReadonlyMap<string, number>
  chosen: string
  hrefFor: (slug: string) => string
}

/**
 * The category tree with counts: the top level always, and below it the branch of the chosen
 * category (its ancestors' children and its own). Links, so crawlers and new tabs follow them.
 */
export function CategoryFacet({ categories, counts, chosen, hrefFor }: CategoryFacetProps) {
  const open = new Set(categoryPath(categories, chosen).map((c) => c.slug))

  const level = (parent: string | null, depth: number) => {
    const items = childrenOf(categories, parent).filter(
      (c) => (counts.get(c.slug) ?? 0) > 0 || open.has(c.slug),
    )
    if (items.length === 0) return null
    return (
      <ul className={depth > 0 ? 'ml-3 border-l border-base-300 pl-2' : undefined}>
        {items.map((c) => (
          <li key={c.slug}>
            <Link
              to={hrefFor(c.slug)}
              aria-current={c.slug === chosen ? 'page' : undefined}
              className={`flex justify-between gap-2 rounded px-2 py-1 hover:bg-base-200 ${
                c.slug === chosen ? 'bg-base-200 font-bold' : ''
              }`}
            >
              <span>{c.name}</span>{' '}
              <span className="text-base-content/80">{counts.get(c.slug) ?? 0}</span>
            </Link>
            {open.has(c.slug) && depth < 2 && level(c.slug, depth + 1)}
          </li>
        ))}
      </ul>
    )
  }

  return (
    <nav aria-label={w.categories}>
      <h2 className="mb-2 text-base font-bold">{w.categories}</h2>
      <Link
        to={hrefFor('')}
        aria-current={chosen === '' ? 'page' : undefined}
        className={`block rounded px-2 py-1 hover:bg-base-200 ${chosen === '' ? 'bg-base-200 font-bold' : ''}`}
      >
        {w.allCategories}
      </Link>
      {level(null, 0)}
    </nav>
  )
}
