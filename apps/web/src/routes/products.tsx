import { Link, useNavigate, useSearchParams } from 'react-router'

import {
  messages,
  PRODUCTS_PAGE_SIZE,
  productsListQuery,
  productsSearchString,
  readProductsSearch,
  type ProductsSearch,
} from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'
import { Pager } from '@/components/ui/pager'
import { useToolsPage } from '@/features/catalog/api/get-tools-page'
import { ProductsToolbar } from '@/features/catalog/components/products-toolbar'
import { cardAddToCart } from '@/features/cart/components/lazy-cart'
import { ToolCards, ToolGridSkeleton } from '@/features/catalog/components/tool-grid'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.catalog
const PLACEHOLDERS = 8

/**
 * docs/product.md §2 Products with issue 8's paging: 24 tools a page, search by name and sort, all
 * in the URL (`?page=2&q=drill&sort=price_asc`) so back, forward and reload keep the view.
 */
export function ProductsRoute() {
  useDocumentTitle(m.productsTitle, messages.seo.products)
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const search = readProductsSearch(params)
  const page = useToolsPage(productsListQuery(search))

  const hrefFor = (changes: Partial<ProductsSearch>) =>
    paths.products(productsSearchString({ ...search, ...changes }))

  return (
    <div className="page-container py-12">
      <h1 className="page-title">{m.productsTitle}</h1>
      <div className="title-rule mb-8" />
      <ProductsToolbar
        q={search.q}
        sort={search.sort}
        onSearch={(q) => void navigate(hrefFor({ q, page: 1 }))}
        onSort={(sort) => void navigate(hrefFor({ sort, page: 1 }))}
      />
      <div className="mt-8">
        {page.isPending ? (
          <ToolGridSkeleton count={PLACEHOLDERS} />
        ) : page.isError ? (
          <QueryError
            message={m.loadFailed}
            onRetry={() => void page.refetch()}
            retrying={page.isFetching}
          />
        ) : (
          <ProductsResults
            search={search}
            tools={page.data.tools}
            total={page.data.total}
            stale={page.isPlaceholderData}
            hrefFor={hrefFor}
          />
        )}
      </div>
    </div>
  )
}

type ProductsResultsProps = {
  search: ProductsSearch
  tools: Parameters<typeof ToolCards>[0]['tools']
  total: number
  /** The previous page still shows while this one loads. */
  stale: boolean
  hrefFor: (changes: Partial<ProductsSearch>) => string
}

function ProductsResults({ search, tools, total, stale, hrefFor }: ProductsResultsProps) {
  const first = (search.page - 1) * PRODUCTS_PAGE_SIZE + 1
  const pageCount = Math.ceil(total / PRODUCTS_PAGE_SIZE)

  let summary: string
  if (total === 0) summary = search.q ? m.noMatch(search.q) : m.noTools
  else if (tools.length === 0) summary = m.pageEmpty
  else summary = m.showing(first, first + tools.length - 1, total)

  return (
    <div aria-busy={stale} className={stale ? 'opacity-60 transition-opacity' : undefined}>
      <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2">
        <p role="status" className="text-base-content/80">
          {summary}
        </p>
        {total === 0 && search.q && (
          <Link to={hrefFor({ q: '', page: 1 })} className="link link-primary">
            {m.clearSearch}
          </Link>
        )}
        {total > 0 && tools.length === 0 && (
          <Link to={hrefFor({ page: 1 })} className="link link-primary">
            {m.firstPage}
          </Link>
        )}
      </div>
      {tools.length > 0 && (
        <ToolCards tools={tools} eagerFirstRow cardHeadingLevel={2} cardAction={cardAddToCart} />
      )}
      <div className="mt-10">
        <Pager page={search.page} pageCount={pageCount} hrefFor={(n) => hrefFor({ page: n })} />
      </div>
    </div>
  )
}
