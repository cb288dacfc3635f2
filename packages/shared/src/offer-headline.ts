import { messages } from './messages.js'
import type { Promotion } from './promotions.js'

// Its own module, without zod: the home page's first load shows it (e2e/bundle-size.spec.ts).
/**
 * An offer's headline as buyers read it: the admin's words, and a first-order
 * discount's cap after them ("50% off your first order, up to $100.00") wherever it is
 * advertised or applied. `price` writes the cap (dollars) in the buyer's currency.
 */
export const offerHeadline = (offer: Promotion, price: (dollars: number) => string): string =>
  offer.kind === 'first-order' && offer.cap !== null
    ? messages.promotions.upTo(offer.title, price(offer.cap))
    : offer.title
