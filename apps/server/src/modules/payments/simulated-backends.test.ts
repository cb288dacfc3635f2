import { describe, expect, test } from 'vitest'

import { loadConfig } from '../../config.js'
import { paymentsStartNotice, simulatedBackends } from './simulated-backends.js'

const live = { NODE_ENV: 'production', AUTH_SECRET: 'a-secret-that-is-long-enough-0123456789' }
const store = { SSLCOMMERZ_STORE_ID: 'toolw0001', SSLCOMMERZ_STORE_PASSWORD: 'toolw0001@ssl' }

describe('which payment backends are simulated', () => {
  test('plain npm start: the card sandbox, the SSLCommerz stand-in and demo bank details', () => {
    expect(simulatedBackends(loadConfig({}))).toEqual([
      'sslcommerz-stand-in',
      'demo-bank-details',
      'card-sandbox',
    ])
  })

  test('real settings leave only what is still a stand-in', () => {
    expect(
      simulatedBackends(
        loadConfig({ ...store, BANK_ACCOUNT_NUMBER: '1234567890', STRIPE_SECRET_KEY: 'sk_test_1' }),
      ),
    ).toEqual(['sslcommerz-sandbox', 'stripe-test-mode'])
  })

  test('a production shop runs none, even with a hand-made configuration asking for stand-ins', () => {
    const config = loadConfig({
      ...live,
      ...store,
      SSLCOMMERZ_API_URL: 'https://securepay.sslcommerz.com',
      BANK_ACCOUNT_NUMBER: '1234567890',
      STRIPE_SECRET_KEY: 'sk_live_1',
    })
    expect(simulatedBackends(config)).toEqual([])
    expect(simulatedBackends({ ...loadConfig(live), devPayments: true })).toEqual([])
    // A trial shop that asked for the sandbox says so on every page.
    const trial = loadConfig({
      ...live,
      ...store,
      SSLCOMMERZ_API_URL: 'https://sandbox.sslcommerz.com',
      SSLCOMMERZ_SANDBOX: 'true',
    })
    expect(simulatedBackends(trial)).toEqual(['sslcommerz-sandbox'])
  })
})

describe('the start-up log on payments', () => {
  test('names each simulated backend and the variable that makes it real', () => {
    const notice = paymentsStartNotice(
      ['sandbox', 'sslcommerz', 'bank-transfer'],
      simulatedBackends(loadConfig({})),
    )
    expect(notice.level).toBe('warn')
    expect(notice.message).toMatch(/^Demo shop: payments are simulated, no money moves\. /)
    for (const variable of ['STRIPE_SECRET_KEY', 'SSLCOMMERZ_STORE_ID', 'BANK_ACCOUNT_NUMBER'])
      expect(notice.message).toContain(variable)
    expect(notice.message).toContain('/dev/sslcommerz')
  })

  test('says which run for real, or that nothing takes money', () => {
    expect(paymentsStartNotice(['stripe', 'sslcommerz'], [])).toEqual({
      level: 'info',
      message: 'Payments: stripe, sslcommerz',
    })
    expect(paymentsStartNotice([], [])).toMatchObject({ level: 'warn' })
  })
})
