/**
 * Taka, VAT and exports (first part): the one function that turns the catalogue's
 * dollar prices into an order's amounts in its currency, with the VAT each line contains. Pure
 * and in integer minor units (cents or poisha), so the web's display and the server's order
 * compute the same numbers; the server's result is the one stored and charged.
 *
 * The catalogue's prices are in US dollars and include VAT for deliveries in Bangladesh. A
 * domestic order pays them (VAT included); an export is zero-rated, so it pays the price
 * without VAT. In taka every unit price is a whole taka.
 */

export const ORDER_CURRENCIES = ['USD', 'BDT'] as const
export type OrderCurrency = (typeof ORDER_CURRENCIES)[number]

/**
 * The header's currency switch is remembered in this cookie, so a server-rendered
 * page shows the buyer's currency at once.
 */
export const CURRENCY_COOKIE = 'currency'

/** The currency a Cookie header chooses, or undefined when it chooses none (or nonsense). */
export function currencyFromCookies(header: string | undefined): OrderCurrency | undefined {
  const match = /(?:^|;\s*)currency=(USD|BDT)(?:;|$)/.exec(header ?? '')
  return match?.[1] as OrderCurrency | undefined
}

/** The shop's own country: a delivery here is domestic and carries VAT. */
export const SHOP_COUNTRY = 'BD'

/** How long the currency cookie is kept: a year, renewed by every choice and sign-in. */
export const CURRENCY_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600

/**
 * The currency a buyer starts in at sign-in, when this browser has no choice of its own: the one
 * they last chose (kept in the profile), else taka for a profile in Bangladesh; null leaves the
 * shop's default (USD).
 */
export function startingCurrency(profile: {
  currency: OrderCurrency | null
  country: string | null
}): OrderCurrency | null {
  if (profile.currency) return profile.currency
  return profile.country?.toUpperCase() === SHOP_COUNTRY ? 'BDT' : null
}

/** The exchange rate as pricing needs it: taka per dollar, up to 4 decimals (Bangladesh Bank's). */
export type TakaRate = { perUsd: number }

/** Rates are kept in ten-thousandths, so the arithmetic below stays in integers. */
const RATE_SCALE = 10_000

/** Half-up division of non-negative integers (money here is never negative). */
function divRound(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

/** The rate in ten-thousandths of a taka per dollar; refuses what no bank would publish. */
export function rateUnits(rate: TakaRate): number {
  const units = Math.round(rate.perUsd * RATE_SCALE)
  if (!Number.isFinite(rate.perUsd) || units <= 0) throw new RangeError('the rate must be positive')
  return units
}

/** The rate a stored number of ten-thousandths stands for (exchange_rates, orders). */
export function rateFromUnits(units: number): number {
  return units / RATE_SCALE
}

/** A Mushak-6.3 serial as printed and shown: its fiscal year, then its number ("2026-27/17"). */
export function mushakSerialText(fiscalYear: string, serial: number): string {
  return `${fiscalYear}/${serial}`
}

/**
 * A dollar amount in the order's currency, in its minor unit: cents stay cents; taka are the
 * dollars times the rate, rounded (half up) to a whole taka, in poisha.
 */
export function inCurrency(
  usdCents: number,
  currency: OrderCurrency,
  rate: TakaRate | null,
): number {
  if (currency === 'USD') return usdCents
  if (!rate) throw new RangeError('a taka amount needs the rate')
  // cents × (taka per dollar × 10⁴) / (100 cents × 10⁴) = taka, rounded to the whole taka.
  return divRound(usdCents * rateUnits(rate), 100 * RATE_SCALE) * 100
}

/**
 * A VAT-inclusive unit price as an export pays it: without VAT, rounded to the cent, or to
 * the whole taka.
 */
export function withoutVat(minor: number, currency: OrderCurrency, vatPercent: number): number {
  if (currency === 'USD') return divRound(minor * 100, 100 + vatPercent)
  return divRound((minor / 100) * 100, 100 + vatPercent) * 100
}

/** How much of a VAT-inclusive amount is value before VAT and how much is VAT, exactly. */
export function splitVat(
  totalMinor: number,
  vatPercent: number,
): { valueBeforeVat: number; vat: number } {
  const valueBeforeVat = divRound(totalMinor * 100, 100 + vatPercent)
  return { valueBeforeVat, vat: totalMinor - valueBeforeVat }
}

/**
 * Shares a discount over lines in proportion to their totals (largest remainder), so each line
 * carries a whole number of minor units and the shares sum to the discount exactly.
 */
export function shareDiscount(lineTotals: readonly number[], discount: number): number[] {
  const subtotal = lineTotals.reduce((sum, t) => sum + t, 0)
  if (discount <= 0 || subtotal <= 0) return lineTotals.map(() => 0)
  const exact = lineTotals.map((t) => (t * discount) / subtotal)
  const shares = exact.map(Math.floor)
  let left = discount - shares.reduce((sum, s) => sum + s, 0)
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of byRemainder) {
    if (left <= 0) break
    shares[index] = (shares[index] ?? 0) + 1
    left -= 1
  }
  return shares
}

/** A line as the catalogue prices it: its unit price in dollar cents (VAT included). */
export type TaxLineInput = { unitUsdCents: number; quantity: number }

export type TaxedLine = {
  quantity: number
  /** What one unit costs the buyer, in the order's minor unit. */
  unitPrice: number
  lineTotal: number
  /** The line's share of the discount. */
  discount: number
  /** The unit price before VAT (its printed value on the Mushak-6.3). */
  unitPriceBeforeVat: number
  /** The line's net (total less its discount share) split into value and VAT. */
  valueBeforeVat: number
  vat: number
  /** The line's net: what it adds to the order's total, taxes included. */
  totalWithTax: number
}

export type TaxedOrder = {
  currency: OrderCurrency
  /** Taka per dollar for a BDT order, null for USD. */
  exchangeRate: number | null
  export: boolean
  vatRate: number
  lines: TaxedLine[]
  subtotal: number
  discount: number
  /** The cap, not the percent, set the discount: the order's label says so. */
  discountCapped: boolean
  total: number
  vat: number
}

/**
 * The VAT each line of an order contains, from its amounts in the order's currency: the
 * discount shared over the lines, each line's net split into value before VAT and VAT. The
 * order's pricing (taxOrder) and its tax invoice (read back from the stored lines) both come
 * from here, so the Mushak-6.3 prints what the order charged.
 */
export function taxLines(
  lines: readonly { quantity: number; unitPrice: number }[],
  discount: number,
  vatRate: number,
): TaxedLine[] {
  const totals = lines.map((line) => line.unitPrice * line.quantity)
  const shares = shareDiscount(totals, discount)
  return lines.map((line, i): TaxedLine => {
    const lineTotal = totals[i] ?? 0
    const share = shares[i] ?? 0
    const net = lineTotal - share
    return {
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal,
      discount: share,
      unitPriceBeforeVat: splitVat(line.unitPrice, vatRate).valueBeforeVat,
      ...splitVat(net, vatRate),
      totalWithTax: net,
    }
  })
}

/** What an order is priced in: its currency and rate, the delivery country, the VAT rate. */
export type PricingBasis = {
  currency: OrderCurrency
  rate: TakaRate | null
  country: string
  vatPercent: number
}

/** Whether a delivery to `country` is an export (zero-rated). */
export const isExportTo = (country: string) => country.toUpperCase() !== SHOP_COUNTRY

/**
 * One unit at a catalogue price (dollars, VAT included) as an order on `basis` pays it: in taka
 * at the rate, without VAT for an export. Every line of taxOrder is priced by this.
 */
export function orderUnitPrice(unitUsdCents: number, basis: PricingBasis): number {
  const unit = inCurrency(unitUsdCents, basis.currency, basis.rate)
  return isExportTo(basis.country) ? withoutVat(unit, basis.currency, basis.vatPercent) : unit
}

/**
 * Prices an order in its currency for its delivery country. A domestic order
 * includes VAT; an export is zero-rated. The first-order discount is `percent` of the
 * subtotal, capped at `capUsdCents` in the order's currency (whole taka). The sums hold to the
 * minor unit: Σ lines − discount = total, and Σ value before VAT + Σ VAT = total.
 */
export function taxOrder(
  input: PricingBasis & {
    lines: readonly TaxLineInput[]
    discount?: { percent: number; capUsdCents: number } | null
  },
): TaxedOrder {
  const { currency, vatPercent } = input
  const isExport = isExportTo(input.country)
  const vatRate = isExport ? 0 : vatPercent
  const units = input.lines.map((line) => orderUnitPrice(line.unitUsdCents, input))
  const totals = input.lines.map((line, i) => (units[i] ?? 0) * line.quantity)
  const subtotal = totals.reduce((sum, t) => sum + t, 0)
  let discount = 0
  let discountCapped = false
  if (input.discount) {
    const cap = inCurrency(input.discount.capUsdCents, currency, input.rate)
    const percentOff = divRound(subtotal * input.discount.percent, 100)
    discount = Math.max(0, Math.min(percentOff, cap, subtotal))
    discountCapped = cap < percentOff && cap < subtotal
  }
  const lines = taxLines(
    input.lines.map((line, i) => ({ quantity: line.quantity, unitPrice: units[i] ?? 0 })),
    discount,
    vatRate,
  )
  return {
    currency,
    exchangeRate: currency === 'BDT' ? (input.rate?.perUsd ?? null) : null,
    export: isExport,
    vatRate,
    lines,
    subtotal,
    discount,
    discountCapped,
    total: subtotal - discount,
    vat: lines.reduce((sum, l) => sum + l.vat, 0),
  }
}

/** The fiscal year (July to June) a shop date falls in, as the Mushak serial counts it: "2026-27". */
export function fiscalYearOf(shopDate: string): string {
  const year = Number(shopDate.slice(0, 4))
  const month = Number(shopDate.slice(5, 7))
  const start = month >= 7 ? year : year - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}
