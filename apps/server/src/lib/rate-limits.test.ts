import type { RouteOptions } from 'fastify'
import { expect, test } from 'vitest'

import { testConfig } from '../../test/app.js'
import { useTestDatabase } from '../../test/database.js'
import { testPasswordHasher } from '../../test/password-hasher.js'
import { buildApp } from '../app.js'
import { RATE_LIMITS } from './rate-limits.js'

const database = useTestDatabase()

type Limit = { max?: number; timeWindow?: number; groupId?: string; hook?: string }

/**
 * Every limited route takes its numbers from lib/rate-limits.ts, and the numbers
 * are today's: a route that writes its own, or a change to the table, shows here.
 */
test('every rate-limited route uses the one table, with the limits the shop has today', async ({
  onTestFinished,
}) => {
  const limits = new Map<string, Limit>()
  const app = await buildApp({
    config: testConfig(),
    database: database.current,
    logger: false,
    passwordHasher: testPasswordHasher,
    onRoute: (route: RouteOptions) => {
      const limit = (route.config as { rateLimit?: Limit } | undefined)?.rateLimit
      for (const method of [route.method].flat())
        if (limit && method !== 'HEAD') limits.set(`${method} ${route.url}`, limit)
    },
  })
  onTestFinished(() => app.close())
  await app.ready()

  const table = Object.values(RATE_LIMITS).map((l) => `${l.max}/${l.timeWindowMs}`)
  for (const [route, limit] of limits)
    expect(table, route).toContain(`${limit.max}/${limit.timeWindow}`)

  const seen = Object.fromEntries(
    [...limits].map(([route, l]) => [route, `${l.max}/${l.timeWindow}${l.hook ? ' account' : ''}`]),
  )
  expect(seen).toEqual({
    'POST /api/contact': '5/600000',
    'POST /api/subscribe': '10/600000',
    'POST /api/review': '10/60000',
    'POST /api/quote': '10/60000 account',
    'POST /api/quote/:id/resend': '10/60000 account',
    'POST /api/quote/:id/messages': '30/60000 account',
    'POST /api/import/products': '10/60000 account',
    'POST /api/purchase': '30/60000 account',
    'POST /api/checkout': '30/60000 account',
    // Starting a payment, either way, spends one budget per account.
    'POST /api/create-payment-intent': '10/60000 account',
    'POST /api/purchase/:id/payment': '10/60000 account',
    'POST /api/sandbox/payment_intents/confirm': '30/60000',
  })
  expect(RATE_LIMITS).toMatchObject({
    contact: { max: 5, timeWindowMs: 600_000 },
    subscribe: { max: 10, timeWindowMs: 600_000 },
    reviews: { max: 10, timeWindowMs: 60_000 },
    quotes: { max: 10, timeWindowMs: 60_000 },
    quoteMessages: { max: 30, timeWindowMs: 60_000 },
    productsImport: { max: 10, timeWindowMs: 60_000 },
    orders: { max: 30, timeWindowMs: 60_000 },
    payments: { max: 30, timeWindowMs: 60_000 },
    paymentStarts: { max: 10, timeWindowMs: 60_000 },
    // Not a route's: the pages plugin counts renders no one asked for yet.
    pageRenders: { max: 120, timeWindowMs: 60_000 },
  })
})
