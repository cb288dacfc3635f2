import { expect, test } from 'vitest'

import { bearer } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { placeOrder } from '../../../test/invoices.js'
import { appTables, databaseDigest } from '../../../test/db-digest.js'
import { DEV_SSLCOMMERZ_PREFIX } from './configured-methods.js'

/**
 * A production shop never takes a test payment (docs/security.md, No test payments in a live
 * shop): without STRIPE_SECRET_KEY it offers no card, and neither the card sandbox nor the
 * SSLCommerz stand-in is mounted, whatever the configuration object says.
 */
const database = useTestDatabase()

const live = { env: 'production', stripe: undefined, devPayments: true } as const

test('a production shop without a Stripe key offers no card and mounts no sandbox', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished, live)

  const methods = await app.inject({ method: 'GET', url: '/api/payment-methods' })
  expect(methods.json()).toEqual([])
  const config = await app.inject({ method: 'GET', url: '/api/config' })
  expect(config.json()).toMatchObject({ payments: 'none', simulatedPayments: false })

  const confirm = await app.inject({
    method: 'POST',
    url: '/api/sandbox/payment_intents/confirm',
    payload: { clientSecret: 'pi_x_secret_y', card: { number: '4242424242424242' } },
  })
  expect(confirm.statusCode).toBe(404)
  const gateway = await app.inject({
    method: 'GET',
    url: `${DEV_SSLCOMMERZ_PREFIX}/gwprocess/v4/gw.php`,
  })
  expect(gateway.statusCode).toBe(404)
})

test('a production shop without a card refuses create-payment-intent and changes nothing', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished, live)
  const buyer = await createUser(app, { verified: true })
  const orderId = await placeOrder(app, database.current.db, buyer)
  const tables = await appTables(database.current.db)
  const before = await databaseDigest(database.current.db, tables)

  const res = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(buyer),
    payload: { orderId },
  })
  expect(res.statusCode).toBe(400)
  expect(res.json()).toMatchObject({
    error: { code: 'VALIDATION_FAILED', message: 'This shop does not offer that payment method.' },
  })
  expect(await databaseDigest(database.current.db, tables)).toEqual(before)
})

test('outside production the same configuration runs the sandbox and says so', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished, { stripe: undefined })
  const methods = await app.inject({ method: 'GET', url: '/api/payment-methods' })
  expect(methods.json()).toEqual([{ id: 'card', label: 'Card' }])
  const config = await app.inject({ method: 'GET', url: '/api/config' })
  expect(config.json()).toMatchObject({ payments: 'sandbox', simulatedPayments: true })
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/sandbox/payment_intents/confirm',
    payload: {},
  })
  expect(confirm.statusCode).toBe(400)
})
