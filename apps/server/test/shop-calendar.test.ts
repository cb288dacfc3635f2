import {
  isQuoteExpired,
  lastShopDays,
  OverviewSchema,
  QuoteRequestSchema,
  shopDate,
} from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail } from './accounts.js'
import { createUser } from './users.js'
import { buildTestApp } from './app.js'
import { useTestDatabase } from './database.js'
import { insertQuotedRequest } from './quote-rows.js'

const database = useTestDatabase()

// One minute either side of the shop's midnight between 2030-01-01 and 2030-01-02 (Dhaka, UTC+6).
const BEFORE_MIDNIGHT = new Date('2030-01-01T17:59:00Z')
const AFTER_MIDNIGHT = new Date('2030-01-01T18:01:00Z')

/**
 * The shop calendar has one home (packages/shared/src/shop-calendar.ts) and the server reads
 * "now" from one injected clock (AppOptions.clock): what the server answers at an instant is what
 * the shared functions, which the web calls too, compute for that instant.
 */
describe('the shop calendar behind the injected clock', () => {
  test.for([BEFORE_MIDNIGHT, AFTER_MIDNIGHT])(
    'the overview ends on the shared shop date at %s',
    async (at, { onTestFinished }) => {
      const email = uniqueEmail('admin')
      const app = await buildTestApp(
        database.current,
        onTestFinished,
        { adminEmails: [email] },
        { clock: () => at },
      )
      const admin = await createUser(app, { email })

      const res = await app.inject({
        method: 'GET',
        url: '/api/stats/overview?days=7',
        headers: bearer(admin),
      })

      expect(res.statusCode).toBe(200)
      const days = OverviewSchema.parse(res.json()).revenueByDay.map((d) => d.date)
      const period = lastShopDays(at, 7)
      expect(days[0]).toBe(period.firstDate)
      expect(days.at(-1)).toBe(shopDate(at))
    },
  )

  test.for([
    [BEFORE_MIDNIGHT, 'quoted'],
    [AFTER_MIDNIGHT, 'expired'],
  ] as const)(
    'a quote valid until 2030-01-01, read at %s, is %s as isQuoteExpired says',
    async ([at, status], { onTestFinished }) => {
      const app = await buildTestApp(database.current, onTestFinished, {}, { clock: () => at })
      const buyer = await createUser(app)
      const { request, offer } = await insertQuotedRequest(database.current.db, {
        customer: buyer,
        lines: [{ quantity: 10, unitPriceCents: 1500 }],
        validUntil: '2030-01-01',
      })

      const res = await app.inject({
        method: 'GET',
        url: `/api/quote/${request.id}`,
        headers: bearer(buyer),
      })

      expect(res.statusCode).toBe(200)
      expect(QuoteRequestSchema.parse(res.json()).status).toBe(status)
      expect(isQuoteExpired(offer, at) ? 'expired' : 'quoted').toBe(status)
    },
  )
})
