import { ErrorBodySchema, messages, ReviewListSchema } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import type { App } from '../../app.js'
import { reviews } from '../../db/schema/index.js'

const database = useTestDatabase()
const testApp = useTestApp(database)

function addReview(app: App, who: TestUser | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/review',
    headers: who ? bearer(who) : {},
    payload: payload as object,
  })
}

async function listed(app: App, query = '') {
  const res = await app.inject({ method: 'GET', url: `/api/review${query}` })
  expect(res.statusCode).toBe(200)
  return ReviewListSchema.parse(res.json())
}

describe('POST /api/review', () => {
  test("a customer's review carries the account's name, whatever the body claims", async () => {
    const app = testApp.current
    const customer = await createUser(app, { name: 'Karim Hossain' })
    const res = await addReview(app, customer, {
      reviewText: '  Sharp chisels, quick delivery.  ',
      stars: 5,
      customer: 'someone@else.com',
      customerName: 'Mallory',
    })
    expect(res.statusCode).toBe(201)
    const { insertedId } = res.json<{ insertedId: string }>()
    const [review] = await listed(app)
    expect(review).toMatchObject({
      _id: insertedId,
      customerName: 'Karim Hossain',
      reviewText: 'Sharp chisels, quick delivery.',
      stars: 5,
    })
    expect(JSON.stringify(review)).not.toContain(customer.email)
    const [row] = await database.current.db.select().from(reviews)
    expect(row?.customerEmail).toBe(customer.email)
  })

  test.for([
    ['no text', { stars: 4 }, 'reviewText', messages.reviewRules.textRequired],
    [
      'blank text',
      { reviewText: '   ', stars: 4 },
      'reviewText',
      messages.reviewRules.textRequired,
    ],
    [
      '1,001 characters',
      { reviewText: 'a'.repeat(1001), stars: 4 },
      'reviewText',
      messages.reviewRules.textTooLong,
    ],
    ['no stars', { reviewText: 'Good' }, 'stars', messages.reviewRules.starsRequired],
    ['0 stars', { reviewText: 'Good', stars: 0 }, 'stars', messages.reviewRules.starsRange],
    ['6 stars', { reviewText: 'Good', stars: 6 }, 'stars', messages.reviewRules.starsRange],
    ['4.5 stars', { reviewText: 'Good', stars: 4.5 }, 'stars', messages.reviewRules.starsRange],
    [
      'stars as text',
      { reviewText: 'Good', stars: '5' },
      'stars',
      messages.reviewRules.starsRequired,
    ],
  ] as const)(
    'refuses %s with a message on that field and stores nothing',
    async ([_label, payload, field, message]) => {
      const app = testApp.current
      const customer = await createUser(app)
      const res = await addReview(app, customer, payload)
      expect(res.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).error.fields?.[field]).toBe(message)
      expect(await listed(app)).toEqual([])
    },
  )

  test('accepts exactly 1,000 characters, kept as written (HTML is only text)', async () => {
    const app = testApp.current
    const customer = await createUser(app)
    const text = '<img src=x onerror=alert(1)>'.padEnd(1000, '!')
    expect((await addReview(app, customer, { reviewText: text, stars: 3 })).statusCode).toBe(201)
    expect((await listed(app))[0]?.reviewText).toBe(text)
  })

  test('anonymous callers and admins cannot add reviews', async ({ onTestFinished }) => {
    const adminEmail = uniqueEmail('admin')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const admin = await createUser(app, { email: adminEmail })
    const body = { reviewText: 'We are great', stars: 5 }
    expect((await addReview(app, undefined, body)).statusCode).toBe(401)
    expect((await addReview(app, admin, body)).statusCode).toBe(403)
    expect(await listed(app)).toEqual([])
  })
})

describe('GET /api/review', () => {
  test('lists newest first and honours limit and offset', async () => {
    const app = testApp.current
    const customer = await createUser(app)
    const now = Date.now()
    await database.current.db.insert(reviews).values(
      Array.from({ length: 10 }, (_, i) => ({
        customerEmail: customer.email,
        customerName: `Reviewer ${i}`,
        reviewText: `Review ${i}`,
        stars: (i % 5) + 1,
        createdAt: new Date(now - (10 - i) * 60_000),
      })),
    )
    const all = await listed(app)
    expect(all.map((r) => r.reviewText)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Review ${9 - i}`),
    )
    const home = await listed(app, '?limit=8')
    expect(home).toHaveLength(8)
    expect(home[0]?.reviewText).toBe('Review 9')
    expect((await listed(app, '?limit=2&offset=8')).map((r) => r.reviewText)).toEqual([
      'Review 1',
      'Review 0',
    ])
  })

  test.for(['limit=0', 'limit=101', 'offset=-1', 'limit=x'])(
    'refuses a bad page query (%s) with a JSON 400',
    async (query) => {
      const app = testApp.current
      const res = await app.inject({ method: 'GET', url: `/api/review?${query}` })
      expect(res.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).error.code).toBe('VALIDATION_FAILED')
    },
  )
})
