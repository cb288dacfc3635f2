/**
 * Money travels as decimal currency units (19.99) and is stored as integer cents.
 * These convert at the edge only; arithmetic happens on cents.
 */
export function toCents(units: number): number {
  return Math.round(units * 100)
}

export function fromCents(cents: number): number {
  return cents / 100
}

/**
 * "$1,234.50", as Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }) writes it
 * (money.test.ts holds the two together). Not Intl itself: building the first Intl formatter
 * loads the locale's data, about 25 ms of one task on a phone, and every public page shows a
 * price while it hydrates (Total Blocking Time).
 */
export function formatMoney(units: number): string {
  const cents = toCents(units)
  const abs = Math.abs(cents)
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',')
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * An amount in an order's currency: dollars as formatMoney writes them; taka with
 * the taka sign and Bangladesh's lakh grouping, as Intl's bn-BD writes it with Latin digits
 * ("৳12,34,567.50"; money.test.ts holds them together).
 */
export function formatAmount(units: number, currency: 'USD' | 'BDT'): string {
  if (currency === 'USD') return formatMoney(units)
  const poisha = toCents(units)
  const abs = Math.abs(poisha)
  const taka = String(Math.floor(abs / 100))
  const head = taka.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')
  const grouped = head ? `${head},${taka.slice(-3)}` : taka
  return `${poisha < 0 ? '-' : ''}৳${grouped}.${String(abs % 100).padStart(2, '0')}`
}

/** An amount kept in minor units (cents or poisha) as formatAmount writes it. */
export const formatMinor = (minor: number, currency: 'USD' | 'BDT') =>
  formatAmount(fromCents(minor), currency)
