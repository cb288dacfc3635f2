import { currencyWords } from '@toolworks/shared'

import { useMoney } from '@/lib/currency'

/**
 * A catalogue price in the buyer's currency with the other currency beside it, smaller (issue
 * 28: product pages and the cart). `className` sizes the price itself.
 */
export function CataloguePrice({ usd, className }: { usd: number; className: string }) {
  const money = useMoney()
  const other = money.other(usd)
  return (
    <>
      <span className={className}>{money.price(usd)}</span>
      {other && (
        <span className="ml-2 text-sm text-base-content/70">{currencyWords.approx(other)}</span>
      )}
    </>
  )
}
