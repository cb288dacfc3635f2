import { createHash } from 'node:crypto'

import {
  addressKey,
  bestPromotion,
  messages,
  phoneKey,
  type FirstOrderEligibility,
} from '@toolworks/shared'

import type { DbOrTx } from '../../db/client.js'
import {
  firstOrderClaims,
  listActiveFirstOrderPromotions,
  lockDiscountKeys,
} from './promotions.queries.js'

export { lockDiscountKeys }

export type FirstOrderDiscount = {
  promotionId: string
  percent: number
  capCents: number
  amountCents: number
  label: string
}

/**
 * The best first-order discount active on a shop date for a subtotal, by the shared rule
 * (`bestPromotion` in packages/shared/src/pricing.ts, which the cart's estimate uses too).
 * Reads inside the order's transaction, so the order and its discount agree.
 */
export async function bestFirstOrderDiscount(
  tx: DbOrTx,
  day: string,
  subtotalCents: number,
): Promise<FirstOrderDiscount | null> {
  // The table's check makes percent and cap present for first-order rows; skip anything else.
  const offers = (await listActiveFirstOrderPromotions(tx, day)).flatMap((p) =>
    p.percent === null || p.capCents === null
      ? []
      : [{ id: p.id, percent: p.percent, capCents: p.capCents }],
  )
  const best = bestPromotion(offers, subtotalCents)
  if (!best) return null
  return {
    promotionId: best.offer.id,
    percent: best.offer.percent,
    capCents: best.offer.capCents,
    amountCents: best.amountCents,
    label: messages.promotions.firstOrderLabel(best.offer.percent),
  }
}

/** Who asks for a first-order discount, and where the order goes. */
export type FirstOrderBuyer = {
  customerId: string
  emailVerified: boolean
  phoneKey: string
  addressKey: string
}

/** The keys an order's delivery phone and address are compared by (shared contact-keys.ts). */
export const deliveryKeys = (where: { phone: string; address: string }) => ({
  phoneKey: phoneKey(where.phone),
  addressKey: addressKey(where.address),
})

/**
 * The advisory locks that make two orders to one phone or one address decide their discount
 * one after the other: a 32-bit number per key, as decimal strings (the order lock
 * set sorts them, one global order for every transaction).
 */
export function discountKeyLockIds(keys: { phoneKey: string; addressKey: string }): string[] {
  return [`phone:${keys.phoneKey}`, `address:${keys.addressKey}`].map((key) =>
    String(createHash('sha256').update(key).digest().readInt32BE(0)),
  )
}

/**
 * The one rule of who gets the first-order discount, for the order and for the
 * cart's estimate: a verified e-mail, and no live order yet of the account, and no live
 * discounted order yet of another account on the same mailbox (shared `emailKey`), nor to the
 * same phone number or the same address from any account. The
 * order calls it holding the customer's lock and the keys' (discountKeyLockIds), so two
 * orders cannot both pass; the unique index per account is the backstop.
 */
export async function firstOrderEligibility(
  tx: DbOrTx,
  buyer: FirstOrderBuyer,
): Promise<FirstOrderEligibility> {
  if (!buyer.emailVerified) return 'unverified'
  const claims = await firstOrderClaims(tx, buyer)
  if (claims.account) return 'account-used'
  if (claims.email) return 'email-used'
  if (claims.phone) return 'phone-used'
  if (claims.address) return 'address-used'
  return 'eligible'
}

/**
 * Whether a late-paid order's first-order discount went to another live discounted order to
 * the same phone or address meanwhile. Takes the keys' locks first, after the
 * tools, as ordering takes them.
 */
export async function discountClaimedElsewhere(
  tx: DbOrTx,
  order: { id: string; customerId: string; phoneKey: string; addressKey: string },
): Promise<boolean> {
  const keys = { phoneKey: order.phoneKey, addressKey: order.addressKey }
  await lockDiscountKeys(tx, discountKeyLockIds(keys).sort())
  const claims = await firstOrderClaims(
    tx,
    { customerId: order.customerId, ...keys },
    { discountedOnly: true, except: order.id },
  )
  return claims.email || claims.phone || claims.address
}
