import { useQueryClient } from '@tanstack/react-query'
import { Link, useLocation, useParams } from 'react-router'

import {
  catalogWords,
  productPageWords as w,
  inheritedAttributes,
  loginPathFor,
  messages,
  productsSearchString,
  withCategory,
  EMPTY_PRODUCTS_SEARCH,
  type ProductsListQuery,
  type Tool,
} from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { toolQuery, useTool } from '@/features/catalog/api/get-tool'
import { anyToolsKey } from '@/features/catalog/api/get-tools'
import { useToolsPage } from '@/features/catalog/api/get-tools-page'
import { ToolCards } from '@/features/catalog/components/tool-grid'
import { toolImageSrcSet } from '@/features/catalog/components/tool-image'
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button'
import { cardAddToCart } from '@/features/cart/components/lazy-cart'
import { PurchaseForm } from '@/features/orders/components/purchase-form'
import { useCategories } from '@/features/search/api/get-categories'
import { BuyingFacts } from '@/features/search/components/buying-facts'
import { CategoryBreadcrumbs } from '@/features/search/components/category-breadcrumbs'
import { DocumentsList } from '@/features/search/components/documents-list'
import { PartNumber } from '@/features/search/components/part-number'
import { SpecTable } from '@/features/search/components/spec-table'
import { categoryPath } from '@/features/search/utils/category-path'
import { useSession } from '@/lib/auth'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useHydrated } from '@/lib/use-hydrated'

// The server asks for the same five (plugins/pages.ts), so its answer seeds this query.
const RELATED_LIMIT = 5
const IMAGE_SIZES = '(min-width: 1024px) 40vw, 100vw'

const categoryHref = (slug: string) =>
  paths.products(productsSearchString(withCategory(EMPTY_PRODUCTS_SEARCH, slug)))

/** A tool's public page: everything a visitor may read; the order form when signed in. */
export function ProductRoute() {
  const { id = '' } = useParams()
  const tool = useTool(id)
  useDocumentTitle(
    tool.data?.name ?? messages.catalog.productsTitle,
    tool.data &&
      catalogWords.productDescription(tool.data.name, tool.data.partNumber, tool.data.description),
  )
  return (
    <div className="page-container py-12">
      <QueryView
        query={tool}
        failed={messages.ordering.toolLoadFailed}
        notFound={
          <div className="space-y-4">
            <h1 className="page-title">{messages.notFound.title}</h1>
            <p>{messages.catalog.toolNotFound}</p>
            <Link to={paths.products()} className="btn btn-primary">
              {messages.catalog.productsTitle}
            </Link>
          </div>
        }
      >
        {(data) => <ProductView tool={data} />}
      </QueryView>
    </div>
  )
}

function ProductView({ tool }: { tool: Tool }) {
  const categories = useCategories().data ?? []
  const path = tool.category ? categoryPath(categories, tool.category) : []
  const attributes = tool.category ? inheritedAttributes(categories, tool.category) : []

  return (
    <>
      <CategoryBreadcrumbs
        path={path}
        productsHref={paths.products()}
        hrefFor={categoryHref}
        current={tool.name}
      />
      {/* On a phone the prices and the order form come right after the picture; on a wide
          screen they stand beside the whole left column. */}
      <div className="mt-4 grid gap-x-10 gap-y-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          <h1 className="text-3xl font-extrabold">{tool.name}</h1>
          {tool.partNumber && <PartNumber value={tool.partNumber} />}
          <img
            src={tool.image}
            srcSet={toolImageSrcSet(tool.image)}
            sizes={IMAGE_SIZES}
            width={800}
            height={600}
            alt={tool.name}
            className="aspect-[4/3] w-full rounded-box bg-base-300 object-cover"
          />
        </div>
        <div className="space-y-6 lg:col-span-2 lg:col-start-4 lg:row-span-2 lg:row-start-1">
          <BuyingFacts tool={tool} />
          <OrderBox tool={tool} />
          <p>
            <Link to={paths.quote()} className="link link-primary font-semibold">
              {messages.catalog.requestQuote}
            </Link>
          </p>
        </div>
        <div className="space-y-6 lg:col-span-3">
          <p className="text-base-content/90">{tool.description}</p>
          <SpecTable specs={tool.specs ?? {}} attributes={attributes} />
          <DocumentsList documents={tool.documents ?? []} />
        </div>
      </div>
      {tool.category && <Related tool={tool} category={tool.category} />}
    </>
  )
}

/** The purchase page's form for a signed-in buyer; a visitor is asked to sign in and comes back. */
function OrderBox({ tool }: { tool: Tool }) {
  const session = useSession()
  const hydrated = useHydrated()
  const location = useLocation()
  const queryClient = useQueryClient()
  const refreshStock = () => {
    void queryClient.invalidateQueries({ queryKey: toolQuery(tool._id).queryKey })
    void queryClient.invalidateQueries({ queryKey: anyToolsKey })
  }
  // The server renders for nobody in particular: the sign-in link, until the browser knows.
  if (!hydrated || session.status !== 'signed-in')
    return (
      <div className="rounded-box border border-base-300 p-5">
        <p className="mb-3">{w.signInToOrderHint}</p>
        <Link
          to={loginPathFor(location.pathname + location.search)}
          className="btn btn-primary"
          aria-disabled={session.status === 'loading' && hydrated ? true : undefined}
        >
          {w.signInToOrder}
        </Link>
      </div>
    )
  return (
    <PurchaseForm
      key={tool._id}
      tool={tool}
      email={session.user.email}
      name={session.user.name ?? ''}
      onStockChanged={refreshStock}
      addToCart={(quantity, blocked) => (
        <AddToCartButton
          tool={tool}
          quantity={quantity}
          disabled={blocked}
          className="btn btn-outline sm:flex-1"
        />
      )}
    />
  )
}

function Related({ tool, category }: { tool: Tool; category: string }) {
  const query: ProductsListQuery = { limit: RELATED_LIMIT, offset: 0, category }
  const related = useToolsPage(query)
  const others = (related.data?.tools ?? []).filter((t) => t._id !== tool._id).slice(0, 4)
  if (others.length === 0) return null
  return (
    <section aria-labelledby="related-heading" className="mt-14">
      <h2 id="related-heading" className="mb-6 text-2xl font-bold">
        {w.related}
      </h2>
      <ToolCards tools={others} cardHeadingLevel={3} cardAction={cardAddToCart} />
    </section>
  )
}
