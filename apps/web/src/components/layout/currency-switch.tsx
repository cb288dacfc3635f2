import { currencyWords as w, ORDER_CURRENCIES, type OrderCurrency } from '@toolworks/shared'

import { useCurrency } from '@/lib/currency'

const label: Record<OrderCurrency, string> = { USD: w.usd, BDT: w.bdt }

/**
 * The header's currency switch: USD | BDT (৳). Taka waits for the shop's exchange
 * rate; the choice is remembered in a cookie and, for a signed-in buyer, in the profile.
 */
export function CurrencySwitch() {
  const { currency, bdtOffered, choose } = useCurrency()
  return (
    <div role="group" aria-label={w.switchLabel} className="join shrink-0 lg:ml-2">
      {ORDER_CURRENCIES.map((code) => {
        const unavailable = code === 'BDT' && !bdtOffered
        return (
          <button
            key={code}
            type="button"
            className={[
              'btn join-item btn-xs border-white/20',
              currency === code
                ? 'btn-primary'
                : 'btn-ghost text-neutral-content hover:bg-white/10',
            ].join(' ')}
            aria-pressed={currency === code}
            disabled={unavailable}
            title={unavailable ? w.bdtUnavailable : undefined}
            onClick={() => choose(code)}
          >
            {label[code]}
          </button>
        )
      })}
    </div>
  )
}
