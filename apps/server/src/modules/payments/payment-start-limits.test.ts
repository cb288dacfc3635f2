import { ErrorBodySchema, paymentMethodRules } from '@toolworks/shared'
import { expect, test } from 'vitest'

import { bearer, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { purchase } from '../../../test/orders.js'
import type { App } from '../../app.js'
import { RATE_LIMITS } from '../../lib/rate-limits.js'

/**
 * Starting a payment costs a provider a session: both start routes spend one budget per
 * account (lib/rate-limits.ts, paymentStarts), counted by the account, not the address.
 */
const database = useTestDatabase()
const testApp = useTestApp(database)
const OFFICE = '203.0.113.40'

async function anOrder(app: App, user: TestUser): Promise<string> {
  const tool = await insertTool(database.current.db, { priceCents: 500, quantity: 100 })
  const res = await purchase(app, user, tool.id, 1)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ insertedId: string }>().insertedId
}

const cardStart = (app: App, user: TestUser, orderId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    remoteAddress: OFFICE,
    headers: bearer(user),
    payload: { orderId },
  })

// This app offers no gateway or bank transfer: the start is refused (400), and still counts,
// since the limit is spent before the route's work.
const methodStart = (app: App, user: TestUser, orderId: string) =>
  app.inject({
    method: 'POST',
    url: `/api/purchase/${orderId}/payment`,
    remoteAddress: OFFICE,
    headers: bearer(user),
    payload: { method: 'bank-transfer' },
  })

test('both payment-start routes share 10 starts a minute per account: then 429 with Retry-After and the words', async () => {
  const app = testApp.current
  const buyer = await createUser(app, { verified: true })
  const orderId = await anOrder(app, buyer)
  const { max } = RATE_LIMITS.paymentStarts
  expect(max).toBe(10)

  for (let i = 0; i < max; i += 1) {
    const res =
      i % 2 === 0 ? await cardStart(app, buyer, orderId) : await methodStart(app, buyer, orderId)
    expect(res.statusCode, res.body).toBe(i % 2 === 0 ? 200 : 400)
  }
  for (const res of [
    await cardStart(app, buyer, orderId),
    await methodStart(app, buyer, orderId),
  ]) {
    expect(res.statusCode).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(ErrorBodySchema.parse(res.json()).error).toEqual({
      code: 'RATE_LIMITED',
      message: paymentMethodRules.tooManyStarts,
    })
  }

  // Another account behind the same address has a budget of its own.
  const colleague = await createUser(app, { verified: true })
  const theirs = await anOrder(app, colleague)
  expect((await cardStart(app, colleague, theirs)).statusCode).toBe(200)
})
