import { messages } from '@toolworks/shared'

import { AddProductForm } from '@/features/catalog/components/add-product-form'
import { useCategories } from '@/features/search/api/get-categories'
import { useDocumentTitle } from '@/lib/use-document-title'

/** docs/product.md §2 Add Product (admin; the router's guard keeps others out). */
export function AddProductRoute() {
  useDocumentTitle(messages.dashboard.addProduct)
  const categories = useCategories().data ?? []
  return (
    <div>
      <h2 className="section-title">{messages.dashboard.addProduct}</h2>
      <div className="title-rule mb-6" />
      <AddProductForm categories={categories} />
    </div>
  )
}
