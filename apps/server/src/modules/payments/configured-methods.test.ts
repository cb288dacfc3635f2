import { systemClock } from '@toolworks/shared'
import { describe, expect, onTestFinished, test } from 'vitest'

import { bearer } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { testConfig } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { placeOrder } from '../../../test/invoices.js'
import { clickOnGatewayPage, freePort } from '../../../test/sslcommerz.js'
import { buildApp } from '../../app.js'
import { loadConfig } from '../../config.js'
import { testPasswordHasher } from '../../../test/password-hasher.js'
import {
  configuredMethods,
  DEMO_BANK_ACCOUNT,
  DEV_SSLCOMMERZ_PREFIX,
} from './configured-methods.js'

/**
 * Which of the gateway and offline methods a configuration offers, and the development stand-in: `npm start`
 * without credentials runs SSLCommerz's stand-in inside the shop, never in production.
 */
const database = useTestDatabase()
const names = (config: Parameters<typeof configuredMethods>[0]) =>
  configuredMethods(config, systemClock).providers.map((p) => p.name)

describe('the methods a configuration offers', () => {
  const base = {
    env: 'development' as const,
    publicUrl: 'http://localhost:3000',
    bankTransferHoldDays: 7,
  }

  test('SSLCommerz with its credentials, bank transfer with an account number; neither without', () => {
    const store = { storeId: 's', storePassword: 'p', apiUrl: 'https://sandbox.sslcommerz.com' }
    expect(
      names({ ...base, sslcommerz: undefined, bankTransfer: undefined, devPayments: false }),
    ).toEqual([])
    expect(
      names({ ...base, sslcommerz: store, bankTransfer: DEMO_BANK_ACCOUNT, devPayments: false }),
    ).toEqual(['sslcommerz', 'bank-transfer'])
    const dev = configuredMethods(
      { ...base, sslcommerz: undefined, bankTransfer: undefined, devPayments: true },
      systemClock,
    )
    expect(dev.providers.map((p) => p.name)).toEqual(['sslcommerz', 'bank-transfer'])
    expect(dev.standIn).toBeDefined()
    // Real credentials win over the stand-in, even in development.
    expect(
      configuredMethods(
        { ...base, sslcommerz: store, bankTransfer: undefined, devPayments: true },
        systemClock,
      ).standIn,
    ).toBeUndefined()
  })

  test('DEV_PAYMENTS follows NODE_ENV, and production refuses it', () => {
    const secret = 'a-secret-that-is-long-enough-for-production-0123456789'
    expect(loadConfig({}).devPayments).toBe(true)
    expect(loadConfig({ NODE_ENV: 'test' }).devPayments).toBe(false)
    expect(loadConfig({ NODE_ENV: 'test', DEV_PAYMENTS: 'true' }).devPayments).toBe(true)
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }).devPayments).toBe(false)
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, DEV_PAYMENTS: 'true' }),
    ).toThrow(/DEV_PAYMENTS/)
  })
})

describe('the development stand-in inside the shop', () => {
  test('pays an order end to end through /dev/sslcommerz with demo bank details beside it', async () => {
    const port = await freePort()
    const publicUrl = `http://127.0.0.1:${port}`
    const app = await buildApp({
      config: testConfig({ DEV_PAYMENTS: 'true', PUBLIC_URL: publicUrl }),
      database: database.current,
      logger: false,
      passwordHasher: testPasswordHasher,
    })
    onTestFinished(() => app.close())
    await app.listen({ host: '127.0.0.1', port })
    const methods = await app.inject({ method: 'GET', url: '/api/payment-methods' })
    expect(methods.json<{ id: string }[]>().map((m) => m.id)).toEqual([
      'sslcommerz',
      'bank-transfer',
      'card',
    ])
    const buyer = await createUser(app, { verified: true })
    const id = await placeOrder(app, database.current.db, buyer)
    const started = await app.inject({
      method: 'POST',
      url: `/api/purchase/${id}/payment`,
      headers: bearer(buyer),
      payload: { method: 'sslcommerz' },
    })
    expect(started.statusCode, started.body).toBe(200)
    const { redirectUrl } = started.json<{ redirectUrl: string }>()
    expect(redirectUrl.startsWith(`${publicUrl}${DEV_SSLCOMMERZ_PREFIX}/`)).toBe(true)
    await clickOnGatewayPage(redirectUrl, 'Pay')
    const order = await app.inject({
      method: 'GET',
      url: `/api/purchase/${id}`,
      headers: bearer(buyer),
    })
    expect(order.json()).toMatchObject({ paid: true, paymentMethod: 'sslcommerz' })
  })

  test('is not mounted without DEV_PAYMENTS (as in production)', async () => {
    const app = await buildApp({
      config: testConfig(),
      database: database.current,
      logger: false,
      passwordHasher: testPasswordHasher,
    })
    onTestFinished(() => app.close())
    const page = await app.inject({
      method: 'GET',
      url: `${DEV_SSLCOMMERZ_PREFIX}/gwprocess/v4/gw.php`,
    })
    expect(page.statusCode).toBe(404)
    const methods = await app.inject({ method: 'GET', url: '/api/payment-methods' })
    expect(methods.json()).toEqual([{ id: 'card', label: 'Card' }])
  })
})
