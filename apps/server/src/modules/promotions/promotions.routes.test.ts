import {
  messages,
  PromotionListSchema,
  PromotionSchema,
  shopDate,
  type Promotion,
  type PromotionCreateInput,
} from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import type { App } from '../../app.js'
import { createLocalChangeFeed } from '../../db/change-feed.js'
import { promotions } from '../../db/schema/index.js'
import { createPromotionsService } from './promotions.service.js'

const database = useTestDatabase()
const m = messages.promotionRules
const DAY_MS = 86_400_000

/** The shop's date `days` from now (negative: before). */
const day = (days: number, from = Date.now()) => shopDate(new Date(from + days * DAY_MS))

const firstOrder = (overrides: Partial<PromotionCreateInput> = {}): PromotionCreateInput => ({
  kind: 'first-order',
  percent: 50,
  cap: 100,
  startsAt: day(-1),
  endsAt: day(30),
  title: 'Half off your first order',
  text: 'New customers pay half, up to $100.',
  ...overrides,
})

const freeShipping = (overrides: Partial<PromotionCreateInput> = {}): PromotionCreateInput => ({
  kind: 'free-shipping',
  startsAt: day(-1),
  endsAt: day(30),
  title: 'Free shipping',
  text: 'On every order this month.',
  ...overrides,
})

async function withAdmin(onTestFinished: (fn: () => Promise<void>) => void) {
  const email = uniqueEmail('admin')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [email] })
  const admin = await createUser(app, { email })
  return { app, admin }
}

function call(
  app: App,
  who: TestUser | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: who ? bearer(who) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  })
}

async function create(app: App, admin: TestUser, body: PromotionCreateInput): Promise<Promotion> {
  const res = await call(app, admin, 'POST', '/api/promotion', body)
  expect(res.statusCode, res.body).toBe(201)
  return PromotionSchema.parse(res.json())
}

async function active(app: App) {
  const res = await call(app, undefined, 'GET', '/api/promotion')
  expect(res.statusCode).toBe(200)
  return PromotionListSchema.parse(res.json())
}

describe('POST /api/promotion (admin)', () => {
  test('adds a first-order discount, its cap kept in cents, and a free-shipping note', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const discount = await create(app, admin, firstOrder({ cap: 99.99, title: '  Half off  ' }))
    expect(discount).toEqual({
      id: expect.any(String) as string,
      kind: 'first-order',
      percent: 50,
      cap: 99.99,
      startsAt: day(-1),
      endsAt: day(30),
      title: 'Half off',
      text: 'New customers pay half, up to $100.',
    })
    const [row] = await database.current.db
      .select({ capCents: promotions.capCents })
      .from(promotions)
      .where(eq(promotions.id, discount.id))
    expect(row?.capCents).toBe(9999)

    const shipping = await create(app, admin, freeShipping())
    expect(shipping).toMatchObject({ kind: 'free-shipping', percent: null, cap: null })

    const all = await call(app, admin, 'GET', '/api/promotion/admin')
    expect(all.statusCode).toBe(200)
    expect(
      PromotionListSchema.parse(all.json())
        .map((p) => p.id)
        .sort(),
    ).toEqual([discount.id, shipping.id].sort())
  })

  test.for<[string, PromotionCreateInput | Record<string, unknown>, string, string]>([
    [
      'a percent on free shipping',
      freeShipping({ percent: 10 }),
      'percent',
      m.noPercentForShipping,
    ],
    ['a cap on free shipping', freeShipping({ cap: 5 }), 'cap', m.noPercentForShipping],
    ['a first-order discount without a cap', firstOrder({ cap: null }), 'cap', m.capRange],
    [
      'a first-order discount without a percent',
      firstOrder({ percent: undefined }),
      'percent',
      m.percentRange,
    ],
    ['a percent of 0', firstOrder({ percent: 0 }), 'percent', m.percentRange],
    ['a percent above 100', firstOrder({ percent: 101 }), 'percent', m.percentRange],
    ['a fractional percent', firstOrder({ percent: 12.5 }), 'percent', m.percentRange],
    ['a cap of zero', firstOrder({ cap: 0 }), 'cap', m.capRange],
    ['a cap in fractions of a cent', firstOrder({ cap: 10.001 }), 'cap', m.capCents],
    [
      'an end before the start',
      firstOrder({ startsAt: '2026-03-10', endsAt: '2026-03-09' }),
      'endsAt',
      m.endsBeforeStart,
    ],
    [
      'a date that does not exist',
      firstOrder({ startsAt: '2026-02-30' }),
      'startsAt',
      m.dateRequired,
    ],
    ['a date in another format', firstOrder({ endsAt: '10/03/2026' }), 'endsAt', m.dateRequired],
    ['a blank title', firstOrder({ title: '   ' }), 'title', m.titleRequired],
    ['no text', { ...firstOrder(), text: undefined }, 'text', m.textRequired],
    ['an unknown kind', { ...firstOrder(), kind: 'bogof' }, 'kind', expect.any(String) as string],
  ])(
    'refuses %s with the message on its field',
    async ([, body, field, message], { onTestFinished }) => {
      const { app, admin } = await withAdmin(onTestFinished)
      const res = await call(app, admin, 'POST', '/api/promotion', body)
      expect(res.statusCode).toBe(400)
      const { error } = res.json<{ error: { code: string; fields: Record<string, string> } }>()
      expect(error.code).toBe('VALIDATION_FAILED')
      expect(error.fields[field]).toEqual(message)
      expect(await database.current.db.select().from(promotions)).toEqual([])
    },
  )
})

describe('PUT /api/promotion/{id} (admin)', () => {
  test('changes only the fields sent', async ({ onTestFinished }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const before = await create(app, admin, firstOrder())
    const res = await call(app, admin, 'PUT', `/api/promotion/${before.id}`, {
      title: 'Forty off',
      percent: 40,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ...before, title: 'Forty off', percent: 40 })
  })

  test('checks the promotion the edit makes, not only the fields sent', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const discount = await create(
      app,
      admin,
      firstOrder({ startsAt: '2026-03-01', endsAt: '2026-03-31' }),
    )
    const url = `/api/promotion/${discount.id}`
    const refusals: [object, string, string][] = [
      // Free shipping would keep the discount's percent and cap.
      [{ kind: 'free-shipping' }, 'percent', m.noPercentForShipping],
      [{ cap: null }, 'cap', m.capRange],
      [{ endsAt: '2026-02-28' }, 'endsAt', m.endsBeforeStart],
      [{ startsAt: '2026-04-01' }, 'endsAt', m.endsBeforeStart],
      [{ startsAt: '2026-02-30' }, 'startsAt', m.dateRequired],
    ]
    for (const [body, field, message] of refusals) {
      const res = await call(app, admin, 'PUT', url, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
        [field]: message,
      })
    }
    expect((await call(app, admin, 'GET', '/api/promotion/admin')).json()).toEqual([discount])

    const toShipping = await call(app, admin, 'PUT', url, {
      kind: 'free-shipping',
      percent: null,
      cap: null,
    })
    expect(toShipping.statusCode).toBe(200)
    expect(toShipping.json()).toEqual({
      ...discount,
      kind: 'free-shipping',
      percent: null,
      cap: null,
    })
  })

  test.for(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])(
    'an unknown promotion (%s) is 404 for an edit and a delete',
    async (id, { onTestFinished }) => {
      const { app, admin } = await withAdmin(onTestFinished)
      for (const res of [
        await call(app, admin, 'PUT', `/api/promotion/${id}`, { title: 'x' }),
        await call(app, admin, 'DELETE', `/api/promotion/${id}`),
      ]) {
        expect(res.statusCode).toBe(404)
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: m.notFound } })
      }
    },
  )
})

describe('DELETE /api/promotion/{id} (admin)', () => {
  test('deletes the promotion; a second delete finds nothing', async ({ onTestFinished }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const kept = await create(app, admin, freeShipping())
    const gone = await create(app, admin, firstOrder())
    const res = await call(app, admin, 'DELETE', `/api/promotion/${gone.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 })
    expect((await call(app, admin, 'DELETE', `/api/promotion/${gone.id}`)).statusCode).toBe(404)
    expect(await active(app)).toEqual([kept])
  })
})

describe('who may manage promotions', () => {
  test('a customer gets 403 and a signed-out caller 401 on every admin route', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const existing = await create(app, admin, firstOrder())
    const customer = await createUser(app)
    const routes: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['list all', 'GET', '/api/promotion/admin', undefined],
      ['create', 'POST', '/api/promotion', freeShipping()],
      ['edit', 'PUT', `/api/promotion/${existing.id}`, { title: 'Mine now' }],
      ['delete', 'DELETE', `/api/promotion/${existing.id}`, undefined],
    ]
    for (const [name, method, url, payload] of routes) {
      expect((await call(app, customer, method, url, payload)).statusCode, name).toBe(403)
      expect((await call(app, undefined, method, url, payload)).statusCode, name).toBe(401)
    }
    expect((await call(app, admin, 'GET', '/api/promotion/admin')).json()).toEqual([existing])
  })
})

describe('GET /api/promotion (public)', () => {
  test("lists only the promotions active on the shop's date, both ends inclusive", async ({
    onTestFinished,
  }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const endedYesterday = firstOrder({ startsAt: day(-10), endsAt: day(-1), title: 'Ended' })
    const startsTomorrow = freeShipping({ startsAt: day(1), endsAt: day(9), title: 'Coming' })
    await create(app, admin, endedYesterday)
    await create(app, admin, startsTomorrow)
    const todayOnly = await create(app, admin, freeShipping({ startsAt: day(0), endsAt: day(0) }))
    const running = await create(app, admin, firstOrder({ startsAt: day(-5), endsAt: day(5) }))
    // First-order discounts first.
    expect(await active(app)).toEqual([running, todayOnly])
  })

  test('answers 304 to a client holding the current list, and the new list after a change', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const offer = await create(app, admin, firstOrder())
    const first = await call(app, undefined, 'GET', '/api/promotion')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"/)
    expect(first.headers['cache-control']).toBe('no-cache')
    const same = await app.inject({
      method: 'GET',
      url: '/api/promotion',
      headers: { 'if-none-match': etag },
    })
    expect(same.statusCode).toBe(304)
    expect(same.body).toBe('')

    await call(app, admin, 'PUT', `/api/promotion/${offer.id}`, { title: 'Sixty off' })
    const changed = await app.inject({
      method: 'GET',
      url: '/api/promotion',
      headers: { 'if-none-match': etag },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(changed.json<Promotion[]>()[0]?.title).toBe('Sixty off')
  })

  test('a change written by another process reaches the cached list through the change feed', async ({
    onTestFinished,
  }) => {
    const { app } = await withAdmin(onTestFinished)
    expect(await active(app)).toEqual([])
    // Written behind this process's back: only the feed's notice can tell it.
    await database.current.db.insert(promotions).values({
      kind: 'free-shipping',
      startsAt: day(-1),
      endsAt: day(1),
      title: 'Written elsewhere',
      text: 'By another server process.',
    })
    expect(await active(app)).toEqual([])
    await database.current.changes.publish('promotions')
    expect((await active(app)).map((p) => p.title)).toEqual(['Written elsewhere'])
  })

  test("the list follows the shop's date at midnight without any write", async ({
    onTestFinished,
  }) => {
    const changes = createLocalChangeFeed()
    // 23:59 in Dhaka (UTC+6) on 2026-03-09, then two minutes later: the 10th.
    let now = new Date('2026-03-09T17:59:00Z')
    const service = createPromotionsService({
      db: database.current.db,
      changes,
      accounts: { emailVerified: async () => true },
      now: () => now,
    })
    onTestFinished(async () => {
      service.close()
      await changes.close()
    })
    await service.create(
      { id: null, email: 'clock.test@example.com' },
      {
        kind: 'free-shipping',
        percent: null,
        cap: null,
        startsAt: '2026-03-10',
        endsAt: '2026-03-10',
        title: 'Tenth only',
        text: 'One day.',
      },
    )
    const before = await service.listActive()
    expect(JSON.parse(before.body)).toEqual([])
    now = new Date('2026-03-09T18:01:00Z')
    const after = await service.listActive()
    expect(JSON.parse(after.body)).toMatchObject([{ title: 'Tenth only' }])
    expect(after.etag).not.toBe(before.etag)
  })
})
