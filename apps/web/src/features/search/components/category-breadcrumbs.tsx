import { Link } from 'react-router'

import { productPageWords as w, type Category } from '@toolworks/shared'

type CategoryBreadcrumbsProps = {
  path: readonly Category[]
  productsHref: string
  hrefFor: (slug: string) => string
  current: string
}

const Separator = () => (
  <span aria-hidden="true" className="px-1 text-base-content/60">
    ›
  </span>
)

/** Products › Hand tools › Wrenches › this tool. */
export function CategoryBreadcrumbs({
  path,
  productsHref,
  hrefFor,
  current,
}: CategoryBreadcrumbsProps) {
  return (
    <nav aria-label={w.breadcrumbs} className="text-sm">
      <ol className="flex flex-wrap items-center gap-y-1">
        <li>
          <Link to={productsHref} className="link link-hover">
            {w.products}
          </Link>
        </li>
        {path.map((c) => (
          <li key={c.slug} className="flex items-center">
            <Separator />
            <Link to={hrefFor(c.slug)} className="link link-hover">
              {c.name}
            </Link>
          </li>
        ))}
        <li className="flex items-center">
          <Separator />
          <span aria-current="page" className="text-base-content/80">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  )
}
