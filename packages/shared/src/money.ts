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

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

export function formatMoney(units: number): string {
  return usd.format(units)
}
