import { count, sql } from 'drizzle-orm'
import { messages, shopDate } from '@toolworks/shared'
import { expect, test } from 'vitest'

import { useTestApp } from '../../../test/app.js'
import { tempBlobStore } from '../../../test/blobs.js'
import { useTestDatabase } from '../../../test/database.js'
import { createMediaService } from '../../modules/media/media.service.js'
import { exchangeRates, mediaFiles, promotions, reviews, tools } from '../schema/index.js'
import { seedTools } from './catalog/tools.js'
import { seedDemoData } from './seed.js'

const database = useTestDatabase()
const testApp = useTestApp(database)

test('fills an empty database with the demo catalogue and reviews, once', async () => {
  const { db } = database.current
  const media = createMediaService({ db, blobs: tempBlobStore() })

  const first = await seedDemoData(db, media)
  expect(first.tools).toBe(seedTools.length)
  expect(first.tools).toBeGreaterThanOrEqual(200)
  expect(first.reviews).toBeGreaterThanOrEqual(8)

  const second = await seedDemoData(db, media)
  expect(first.promotions).toBe(2)
  expect(second).toEqual({ tools: 0, reviews: 0, promotions: 0, accounts: 0, orders: 0, quotes: 0 })
  const [promotionCount] = await db.select({ n: count() }).from(promotions)
  expect(promotionCount?.n).toBe(2)
  const [toolCount] = await db.select({ n: count() }).from(tools)
  const [reviewCount] = await db.select({ n: count() }).from(reviews)
  expect(toolCount?.n).toBe(first.tools)
  expect(reviewCount?.n).toBe(first.reviews)
  // Two widths per distinct picture: the range's tools share their family's.
  const [imageCount] = await db.select({ n: count() }).from(mediaFiles)
  expect(imageCount?.n).toBe(new Set(seedTools.map((t) => t.svg)).size * 2)
  const toolImages = await db.select({ image: tools.image }).from(tools)
  expect(toolImages.every((t) => t.image.startsWith('/media/'))).toBe(true)
  // The demo documents are on the tools.
  const withDocuments = await db
    .select({ n: count() })
    .from(tools)
    .where(sql`jsonb_array_length(${tools.documents}) > 0`)
  expect(withDocuments[0]?.n).toBe(seedTools.filter((t) => t.documents?.length).length)
  // The demo prices in taka at 122.5 per dollar, set once.
  const rates = await db.select().from(exchangeRates)
  expect(rates.map((r) => r.perUsdUnits)).toEqual([1_225_000])
})

test('never adds to a catalogue that already has tools', async () => {
  const { db } = database.current
  await db
    .insert(tools)
    .values({ name: 'Only tool', description: 'd', image: '/x', priceCents: 100, quantity: 1 })
  const result = await seedDemoData(db, createMediaService({ db, blobs: tempBlobStore() }))
  expect(result.tools).toBe(0)
  expect(result.reviews).toBeGreaterThanOrEqual(8)
  const [toolCount] = await db.select({ n: count() }).from(tools)
  expect(toolCount?.n).toBe(1)
  // The demo offers come with the demo catalogue only.
  expect(result.promotions).toBe(0)
  const [promotionCount] = await db.select({ n: count() }).from(promotions)
  expect(promotionCount?.n).toBe(0)
})

test("today's two offers are active promotions from 30 days back to 365 days ahead", async () => {
  const app = testApp.current
  const before = Date.now()
  await seedDemoData(database.current.db, app.services.media)
  const after = Date.now()
  const res = await app.inject({ method: 'GET', url: '/api/promotion' })
  const day = 86_400_000
  // The run may cross the shop's midnight: either side of it is right.
  const starts = [shopDate(new Date(before - 30 * day)), shopDate(new Date(after - 30 * day))]
  const ends = [shopDate(new Date(before + 365 * day)), shopDate(new Date(after + 365 * day))]
  const words = messages.homeSections
  expect(res.json()).toEqual([
    {
      id: expect.any(String) as string,
      kind: 'first-order',
      percent: 50,
      cap: 100,
      startsAt: expect.toBeOneOf(starts) as string,
      endsAt: expect.toBeOneOf(ends) as string,
      title: words.firstOrderTitle,
      text: words.firstOrderText,
    },
    {
      id: expect.any(String) as string,
      kind: 'free-shipping',
      percent: null,
      cap: null,
      startsAt: expect.toBeOneOf(starts) as string,
      endsAt: expect.toBeOneOf(ends) as string,
      title: words.freeShippingTitle,
      text: words.freeShippingText,
    },
  ])
})

test('a shop whose admin deleted every promotion does not get the demo ones back', async () => {
  const { db } = database.current
  const media = createMediaService({ db, blobs: tempBlobStore() })
  await seedDemoData(db, media)
  await db.delete(promotions).where(sql`true`)
  // Without reviews the seed runs again (it refills them), and still adds no promotion.
  await db.delete(reviews).where(sql`true`)
  const again = await seedDemoData(db, media)
  expect(again.reviews).toBeGreaterThanOrEqual(8)
  expect(again.promotions).toBe(0)
  const [promotionCount] = await db.select({ n: count() }).from(promotions)
  expect(promotionCount?.n).toBe(0)
})

test('every demo tool has a WebP image served with immutable caching in both widths', async () => {
  const { db } = database.current
  const app = testApp.current
  await seedDemoData(db, app.services.media)
  const list = (await app.inject({ method: 'GET', url: '/api/tool' })).json<
    { image: string; price: number; minimum: number; quantity: number }[]
  >()
  expect(list.length).toBeGreaterThanOrEqual(12)
  for (const tool of list) {
    expect(tool.minimum).toBeLessThanOrEqual(tool.quantity)
    expect(tool.image).toMatch(/^\/media\/[0-9a-f]{32}-800\.webp$/)
  }
  const first = list[0]?.image ?? ''
  for (const url of [first, first.replace('-800.', '-400.')]) {
    const res = await app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP')
  }
})
