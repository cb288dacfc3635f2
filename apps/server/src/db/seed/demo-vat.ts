import { taxLines } from '@toolworks/shared'

/** The demo's orders are domestic dollar orders at list prices, which hold the default VAT. */
export const DEMO_VAT_PERCENT = 15

/** The VAT a demo order's lines hold, as the shared rule splits it. */
export const vatOf = (lines: readonly { unitPriceCents: number; quantity: number }[]) =>
  taxLines(
    lines.map((l) => ({ unitPrice: l.unitPriceCents, quantity: l.quantity })),
    0,
    DEMO_VAT_PERCENT,
  ).reduce((sum, l) => sum + l.vat, 0)
