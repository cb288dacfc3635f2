import { useQueryClient } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'

import { messages } from '@toolworks/shared'

import { QueryView } from '@/components/errors/query-view'
import { toolQuery, useTool } from '@/features/catalog/api/get-tool'
import { anyToolsKey } from '@/features/catalog/api/get-tools'
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button'
import { ToolDetail } from '@/features/catalog/components/tool-detail'
import { PurchaseForm } from '@/features/orders/components/purchase-form'
import { useSession } from '@/lib/auth'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

/** docs/product.md §2 Purchase page: the tool and the order form (signed in). */
export function PurchaseRoute() {
  useDocumentTitle(messages.pages.purchase)
  const { id = '' } = useParams()
  const session = useSession()
  const tool = useTool(id)
  const queryClient = useQueryClient()

  // An order or a refusal changes the stock: this tool and every tool list show it again.
  const refreshStock = () => {
    void queryClient.invalidateQueries({ queryKey: toolQuery(id).queryKey })
    void queryClient.invalidateQueries({ queryKey: anyToolsKey })
  }

  return (
    <div className="page-container py-12">
      <h1 className="page-title">{messages.pages.purchase}</h1>
      <div className="title-rule mb-8" />
      <QueryView
        query={tool}
        failed={messages.ordering.toolLoadFailed}
        notFound={
          <div className="space-y-4">
            <p>{messages.catalog.toolNotFound}</p>
            <Link to={paths.products()} className="btn btn-primary">
              {messages.catalog.productsTitle}
            </Link>
          </div>
        }
      >
        {(data) => (
          <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
            <div>
              <ToolDetail tool={data} />
              {/* A buyer who needs a variant of this tool can ask for it to drawing. */}
              <p className="mt-6">
                <Link to={paths.quote()} className="link link-primary font-semibold">
                  {messages.catalog.requestQuote}
                </Link>
              </p>
            </div>
            <PurchaseForm
              key={data._id}
              tool={data}
              email={session.user?.email ?? ''}
              name={session.user?.name ?? ''}
              onStockChanged={refreshStock}
              addToCart={(quantity, blocked) => (
                <AddToCartButton
                  tool={data}
                  quantity={quantity}
                  disabled={blocked}
                  className="btn btn-outline sm:flex-1"
                />
              )}
            />
          </div>
        )}
      </QueryView>
    </div>
  )
}
