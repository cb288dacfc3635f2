import { productPageWords as w, messages, type Tool } from '@toolworks/shared'

import { CataloguePrice } from '@/components/ui/catalogue-price'
import { PriceBreaksTable } from '@/components/ui/price-breaks-table'

/** Price, volume prices, minimum, pack size and the lead time of made-to-order lines. */
export function BuyingFacts({ tool }: { tool: Tool }) {
  return (
    <section aria-labelledby="buying-heading" className="space-y-2">
      <h2 id="buying-heading" className="text-xl font-bold">
        {w.buying}
      </h2>
      <p>
        <span className="text-sm text-base-content/80">{messages.catalog.price}:</span>{' '}
        <CataloguePrice usd={tool.price} className="text-2xl font-extrabold" />
        {tool.packSize > 1 && (
          <span className="ml-2 text-base-content/80">{w.perPack(tool.packSize)}</span>
        )}
      </p>
      <ul className="space-y-1">
        <li>
          <span className="text-base-content/80">{messages.catalog.availableQuantity}:</span>{' '}
          <span className="font-semibold" data-testid="available-quantity">
            {tool.quantity}
          </span>
        </li>
        <li>{w.minimumOrder(tool.minimum)}</li>
        {tool.madeToOrder && <li>{w.madeToOrder(tool.leadTimeDays)}</li>}
      </ul>
      <PriceBreaksTable tool={tool} quantity={tool.minimum} />
    </section>
  )
}
