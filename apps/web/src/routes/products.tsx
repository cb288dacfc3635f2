import { messages } from '@toolworks/shared'

import { useTools } from '@/features/catalog/api/get-tools'
import { ToolGrid } from '@/features/catalog/components/tool-grid'
import { useDocumentTitle } from '@/lib/use-document-title'

const PLACEHOLDERS = 8

export function ProductsRoute() {
  useDocumentTitle(messages.catalog.productsTitle)
  const tools = useTools()

  return (
    <div className="page-container py-12">
      <h1 className="page-title">{messages.catalog.productsTitle}</h1>
      <div className="title-rule mb-8" />
      <ToolGrid query={tools} placeholders={PLACEHOLDERS} eagerFirstRow cardHeadingLevel={2} />
    </div>
  )
}
