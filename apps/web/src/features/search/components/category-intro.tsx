import { Link } from 'react-router'

import { catalogWords as w, type Category } from '@toolworks/shared'

import { childrenOf } from '../utils/category-path'

type CategoryIntroProps = {
  categories: readonly Category[]
  category: Category
  hrefFor: (slug: string) => string
}

/** A category page's head: its description and its sub-categories. */
export function CategoryIntro({ categories, category, hrefFor }: CategoryIntroProps) {
  const children = childrenOf(categories, category.slug)
  return (
    <section className="mb-8 max-w-3xl" aria-label={category.name}>
      {category.description && <p className="text-base-content/80">{category.description}</p>}
      {children.length > 0 && (
        <nav aria-label={w.subCategories} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {children.map((c) => (
              <li key={c.slug}>
                <Link to={hrefFor(c.slug)} className="btn btn-sm btn-outline">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  )
}
