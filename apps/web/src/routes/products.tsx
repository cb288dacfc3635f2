import { Link, useNavigate, useSearchParams } from 'react-router'

import {
  catalogWords,
  messages,
  PRODUCTS_PAGE_SIZE,
  productsFacetsQuery,
  productsListQuery,
  productsSearchString,
  readProductsSearch,
  withCategory,
  type ProductsSearch,
} from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'
import { Pager } from '@/components/ui/pager'
import { useToolsPage } from '@/features/catalog/api/get-tools-page'
import { ProductsToolbar } from '@/features/catalog/components/products-toolbar'
import { cardAddToCart } from '@/features/cart/components/lazy-cart'
import { ToolCards, ToolGridSkeleton } from '@/features/catalog/components/tool-grid'
import { useCategories } from '@/features/search/api/get-categories'
import { useFacets } from '@/features/search/api/get-facets'
import { CategoryIntro } from '@/features/search/components/category-intro'
import { FacetsPanel } from '@/features/search/components/facets-panel'
import { SearchBox } from '@/features/search/components/search-box'
import { categoryPath } from '@/features/search/utils/category-path'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = messages.catalog
const PLACEHOLDERS = 8

/**
 * docs/product.md §2 Products with paging and the search's facets: every filter is in
 * the URL (`?category=drill-bits&q=hss&spec.diameter=8..12&spec.material=HSS,HSS-Co`), so
 * back, forward, reload and a shared link keep the view; the server renders the same.
 */
export function ProductsRoute() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const search = readProductsSearch(params)
  const page = useToolsPage(productsListQuery(search))
  const facets = useFacets(productsFacetsQuery(search))
  const categories = useCategories()
  const tree = categories.data ?? []
  const category = categoryPath(tree, search.category).at(-1)
  useDocumentTitle(
    category?.name ?? m.productsTitle,
    category?.description || messages.seo.products,
  )

  const hrefOf = (next: ProductsSearch) => paths.products(productsSearchString(next))
  const hrefFor = (changes: Partial<ProductsSearch>) => hrefOf({ ...search, ...changes })
  const go = (next: ProductsSearch) => void navigate(hrefOf(next))

  return (
    <div className="page-container py-12">
      <h1 className="page-title">{category?.name ?? m.productsTitle}</h1>
      <div className="title-rule mb-8" />
      {category && (
        <CategoryIntro
          categories={tree}
          category={category}
          hrefFor={(slug) => hrefOf(withCategory(search, slug))}
        />
      )}
      <ProductsToolbar
        searchBox={
          <SearchBox
            key={search.q}
            q={search.q}
            onSearch={(q) => go({ ...search, q, page: 1, sort: q ? 'relevance' : 'newest' })}
            onPick={(s) => void navigate(paths.product(s._id))}
          />
        }
        sort={search.sort}
        onSort={(sort) => go({ ...search, sort, page: 1 })}
      />
      <p className="mt-2 text-sm">
        {catalogWords.quickOrderLead}{' '}
        <Link to={paths.quickOrder()} className="link link-primary">
          {catalogWords.quickOrderLink}
        </Link>
      </p>
      <div className="mt-8 flex flex-col gap-8 lg:flex-row">
        <FacetsPanel
          search={search}
          facets={facets.data}
          categories={tree}
          hrefFor={hrefOf}
          go={go}
        />
        <div className="min-w-0 flex-1">
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
  const filtered = search.specs.length > 0 || search.inStock

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
          <Link to={hrefFor({ q: '', page: 1, sort: 'newest' })} className="link link-primary">
            {m.clearSearch}
          </Link>
        )}
        {total === 0 && filtered && (
          <Link to={hrefFor({ specs: [], inStock: false, page: 1 })} className="link link-primary">
            {catalogWords.clearFilters}
          </Link>
        )}
        {total > 0 && tools.length === 0 && (
          <Link to={hrefFor({ page: 1 })} className="link link-primary">
            {m.firstPage}
          </Link>
        )}
      </div>
      {tools.length > 0 && (
        <ToolCards
          tools={tools}
          eagerFirstRow
          cardHeadingLevel={2}
          cardAction={cardAddToCart}
          columns="facets"
        />
      )}
      <div className="mt-10">
        <Pager page={search.page} pageCount={pageCount} hrefFor={(n) => hrefFor({ page: n })} />
      </div>
    </div>
  )
}
