import { shopDate } from '@toolworks/shared'
import { asc, count, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { buildTestApp } from '../../../test/app.js'
import { blobBytes, tempBlobStore } from '../../../test/blobs.js'
import { useTestDatabase } from '../../../test/database.js'
import { createMediaService } from '../../modules/media/media.service.js'
import { passwordsInFile, signIn } from '../../../test/demo-accounts.js'
import {
  orderLines,
  orders,
  quoteDrawings,
  quoteMessages,
  quoteOfferLines,
  quoteOffers,
  quoteRequests,
} from '../schema/index.js'
import { DEMO_QUOTES } from './demo-quotes.js'
import { seedDemoData } from './seed.js'

const database = useTestDatabase()

test('a development seed makes a quote request in every status, with drawings, offers, a conversation, one in the demo cart and one ordered and paid, once', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished)
  const hashPassword = (await app.services.auth.$context).password.hash
  const setup = { dataDir: app.config.dataDir, hashPassword }
  const { db } = database.current

  const first = await seedDemoData(db, app.services.media, setup)
  expect(first.quotes).toBe(DEMO_QUOTES.length)
  const requests = await db.select().from(quoteRequests).orderBy(asc(quoteRequests.createdAt))
  expect(new Set(requests.map((r) => r.status))).toEqual(
    new Set(['requested', 'quoted', 'accepted', 'ordered', 'declined', 'expired', 'withdrawn']),
  )
  const today = shopDate(new Date())
  for (const request of requests) {
    const drawings = await db
      .select()
      .from(quoteDrawings)
      .where(eq(quoteDrawings.requestId, request.id))
    expect(drawings).toHaveLength(1)
    // The bytes are in the blob store, named by their hash; none in the row.
    expect(drawings[0]?.data).toBeNull()
    const bytes = await blobBytes(app.services.blobs, drawings[0]?.sha256 ?? '')
    expect(bytes?.subarray(0, 13).toString()).toBe('ISO-10303-21;')
    expect(drawings[0]?.byteSize).toBe(bytes?.length)
    const offers = await db.select().from(quoteOffers).where(eq(quoteOffers.requestId, request.id))
    if (request.status === 'requested' || request.status === 'withdrawn') {
      expect(offers).toHaveLength(0)
      continue
    }
    expect(offers).toHaveLength(1)
    const offer = offers[0]
    if (!offer) throw new Error('no offer')
    const lines = await db
      .select()
      .from(quoteOfferLines)
      .where(eq(quoteOfferLines.offerId, offer.id))
    expect(lines.map((l) => l.quantity).sort((a, b) => a - b)).toEqual(request.quantities)
    // The quote to accept is still open; the expired one ran out before today.
    if (request.status === 'quoted') expect(offer.validUntil >= today).toBe(true)
    if (request.status === 'expired') expect(offer.validUntil < today).toBe(true)
  }
  // The ordered one has its paid order, a made-to-order custom line at the accepted price.
  const ordered = requests.find((r) => r.status === 'ordered')
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, ordered?.orderId ?? ''))
  expect(order).toMatchObject({ status: 'paid', paid: true, toolId: null })
  expect(order?.transactionId).toMatch(/^pi_sandbox_[0-9a-f]{24}$/)
  const [line] = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order?.id ?? ''))
  expect(line).toMatchObject({
    quoteId: ordered?.id,
    quantity: ordered?.acceptedQuantity,
    fromStock: 0,
    madeToOrder: ordered?.acceptedQuantity,
  })
  expect(line?.toolName).toBe(`Custom: ${ordered?.partName}`)

  // The accepted one is in the demo buyer's cart, at its quoted line.
  const accepted = requests.find((r) => r.status === 'accepted')
  const password = passwordsInFile(app.config.dataDir).get('buyer@demo.toolworks.test')?.password
  const buyer = await signIn(app, 'buyer@demo.toolworks.test', password ?? '')
  const cart = await app.inject({
    method: 'GET',
    url: '/api/cart',
    headers: { authorization: `Bearer ${buyer.token}` },
  })
  expect(cart.statusCode, cart.body).toBe(200)
  expect(cart.json<{ lines: object[] }>().lines).toEqual([
    expect.objectContaining({
      quote: accepted?.id,
      quantity: 100,
      unitPrice: 9.8,
      name: 'Custom: Laser-cut cover plate',
    }),
  ])

  const quoted = requests.find((r) => r.status === 'quoted')
  expect(quoted?.customerEmail).toBe('buyer@demo.toolworks.test')
  const conversation = await db
    .select()
    .from(quoteMessages)
    .where(eq(quoteMessages.requestId, quoted?.id ?? ''))
  expect(conversation.map((m) => m.authorRole).sort()).toEqual(['admin', 'customer'])

  const second = await seedDemoData(db, app.services.media, setup)
  expect(second.quotes).toBe(0)
  const [after] = await db.select({ n: count() }).from(quoteRequests)
  expect(after?.n).toBe(DEMO_QUOTES.length)
})

test('a seed without demo accounts (production) makes no quote requests', async () => {
  const { db } = database.current
  const result = await seedDemoData(db, createMediaService({ db, blobs: tempBlobStore() }))
  expect(result.quotes).toBe(0)
  const [rows] = await db.select({ n: count() }).from(quoteRequests)
  expect(rows?.n).toBe(0)
})
