import {
  bestPromotion,
  firstOrderOffers,
  orderTotals,
  PromotionListSchema,
  PurchaseResponseSchema,
  toCents,
} from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { insertFirstOrderPromotion, purchase } from '../../../test/orders.js'

const database = useTestDatabase()

/**
 * The cart's estimate and the order's charge share one rule: the web feeds
 * `GET /api/promotion` to `firstOrderOffers` and `bestPromotion` (apps/web/src/features/cart/
 * utils/cart-view.ts); the order must charge exactly that.
 */
describe('the discount and totals the cart estimates are the ones the order charges', () => {
  test.for([
    // 50% capped at $10 gives $10, 20% of $100 gives $20, 10% gives $10.
    [
      { percent: 50, capCents: 10_00 },
      { percent: 20, capCents: 100_00 },
      { percent: 10, capCents: 100_00 },
    ],
    // Two worth the same: the smaller id, as the server lists them.
    [
      { percent: 50, capCents: 15_00 },
      { percent: 15, capCents: 100_00 },
    ],
  ])('with %j active', async (promotions, { onTestFinished }) => {
    const app = await buildTestApp(database.current, onTestFinished)
    const { db } = database.current
    const tool = await insertTool(db, { priceCents: 100_00 })
    for (const p of promotions) await insertFirstOrderPromotion(db, p)
    const active = PromotionListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/promotion' })).json(),
    )
    const estimate = bestPromotion(firstOrderOffers(active), 100_00)
    const buyer = await createUser(app, { verified: true })

    const res = await purchase(app, buyer, tool.id, 1)

    expect(res.statusCode).toBe(201)
    const order = PurchaseResponseSchema.parse(res.json()).order
    const { discount } = order
    expect(estimate).not.toBeNull()
    expect(discount && toCents(discount.amount)).toBe(estimate?.amountCents)
    const [charged] = await db.query.orders.findMany({ columns: { promotionId: true } })
    expect(charged?.promotionId).toBe(estimate?.offer.id)
    // The totals the cart shows for that line (`orderTotals`, apps/web cart-view.ts) are the order's.
    const shown = orderTotals([{ lineTotalCents: 100_00 }], estimate?.offer ?? null)
    expect([toCents(order.subtotal), toCents(order.totalMoney)]).toEqual([
      shown.subtotalCents,
      shown.totalCents,
    ])
  })
})
