import { fromCents, type PaymentNextStep } from '@toolworks/shared'

import type { PaymentStart } from './payment-provider.js'

/** A provider's start as the API shows it: money in currency units, as everywhere in the API. */
export function nextStep(start: PaymentStart): PaymentNextStep {
  if (start.kind !== 'instructions') return start
  const { amountCents, ...rest } = start
  return { ...rest, amount: fromCents(amountCents) }
}
