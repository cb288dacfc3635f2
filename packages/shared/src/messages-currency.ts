// The header's words on every page, apart from the rest of messages-tax.ts so the
// first load carries only these.

/** The header's currency switch and the prices it shows. */
export const currencyWords = {
  switchLabel: 'Currency',
  usd: 'USD',
  bdt: 'BDT (৳)',
  bdtUnavailable: 'Prices in taka are shown once the shop sets an exchange rate.',
  /** The other currency beside a price, smaller: "≈ $19.99". */
  approx: (amount: string) => `≈ ${amount}`,
} as const
