import { QUOTE_OPEN_REQUESTS_MAX, QuoteRequestSchema, quoteRuleWords } from '@toolworks/shared'
import { count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, type TestUser } from '../../../test/accounts.js'
import { createUser, markVerified } from '../../../test/users.js'
import { buildTestApp, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { drawings } from '../../../test/drawings.js'
import { insertRequests, postQuote, quoteFields } from '../../../test/quotes.js'
import { insertOffer, shopDay } from '../../../test/quote-rows.js'
import type { App } from '../../app.js'
import { quoteDrawings, quoteRequests, users } from '../../db/schema/index.js'

/**
 * What an account may send: drawings need a verified e-mail, at most 20 requests
 * are open, and the account's drawings fit in DRAWING_QUOTA_MB. Every refusal says why and
 * stores nothing.
 */

const database = useTestDatabase()
const testApp = useTestApp(database)
const m = quoteRuleWords
const KB = 1024

async function rowCounts() {
  const db = database.current.db
  const [requests] = await db.select({ n: count() }).from(quoteRequests)
  const [files] = await db.select({ n: count() }).from(quoteDrawings)
  return { requests: requests?.n ?? 0, drawings: files?.n ?? 0 }
}

/** A PDF of about `kb` KB (the sniff reads its first bytes only). */
const pdfOf = (kb: number, filename = 'big.pdf') => ({
  filename,
  type: 'application/pdf',
  bytes: Buffer.concat([drawings.pdf.bytes, Buffer.alloc(kb * KB, 0x20)]),
})

const call = (app: App, who: TestUser, url: string) =>
  app.inject({ method: 'POST', url, headers: bearer(who) })

function expectRefusal(
  res: { statusCode: number; body: string },
  status: number,
  code: string,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(status)
  expect(JSON.parse(res.body)).toMatchObject({ error: { code, message } })
}

describe('drawings need a verified e-mail', () => {
  test('an unverified buyer may send a request without drawings, not one with drawings; once verified, they may', async () => {
    const app = testApp.current
    const buyer = await createUser(app)

    expect((await postQuote(app, buyer)).statusCode).toBe(201)
    const before = await rowCounts()
    const refused = await postQuote(app, buyer, quoteFields(), [drawings.step, drawings.pdf])
    expectRefusal(refused, 403, 'EMAIL_NOT_VERIFIED', m.verifyToSendDrawings)
    expect(await rowCounts()).toEqual(before)

    await markVerified(app, buyer.email)
    const sent = await postQuote(app, buyer, quoteFields(), [drawings.step, drawings.pdf])
    expect(sent.statusCode, sent.body).toBe(201)
    expect(await rowCounts()).toEqual({ requests: 2, drawings: 2 })
  })

  test('an unverified buyer cannot send drawings again by resending a request that has them', async () => {
    const app = testApp.current
    const buyer = await createUser(app)
    await markVerified(app, buyer.email)
    const created = QuoteRequestSchema.parse(
      (await postQuote(app, buyer, quoteFields(), [drawings.step])).json(),
    )
    expect((await call(app, buyer, `/api/quote/${created._id}/withdraw`)).statusCode).toBe(200)
    // The account's verification is taken back (as if the address were changed).
    await database.current.db
      .update(users)
      .set({ emailVerified: false })
      .where(eq(users.email, buyer.email))
    const before = await rowCounts()
    const refused = await call(app, buyer, `/api/quote/${created._id}/resend`)
    expectRefusal(refused, 403, 'EMAIL_NOT_VERIFIED', m.verifyToSendDrawings)
    expect(await rowCounts()).toEqual(before)
  })
})

describe('at most 20 open requests', () => {
  test('the 21st open request is refused with the reason; closed and lapsed ones do not count; a resend counts', async () => {
    const app = testApp.current
    const buyer = await createUser(app)
    const db = database.current.db
    await insertRequests(db, buyer.email, 10, 'requested')
    const quoted = await insertRequests(db, buyer.email, 6, 'quoted')
    for (const id of quoted)
      await insertOffer(db, id, { lines: [{ quantity: 100, unitPriceCents: 500 }] })
    // Closed: none of these count.
    await insertRequests(db, buyer.email, 3, 'withdrawn')
    await insertRequests(db, buyer.email, 2, 'declined')
    const expired = await insertRequests(db, buyer.email, 1, 'expired')
    // A quote past its Valid until that no sweep has marked expired yet is not open either.
    const lapsed = await insertRequests(db, buyer.email, 1, 'quoted')
    await insertOffer(db, lapsed[0]!, {
      lines: [{ quantity: 100, unitPriceCents: 500 }],
      validUntil: shopDay(-2),
    })
    // 10 requested + 6 quoted: four more fit.
    for (let i = 0; i < QUOTE_OPEN_REQUESTS_MAX - 16; i += 1)
      expect((await postQuote(app, buyer)).statusCode).toBe(201)

    const before = await rowCounts()
    expectRefusal(
      await postQuote(app, buyer),
      409,
      'QUOTA_EXCEEDED',
      m.tooManyOpenRequests(QUOTE_OPEN_REQUESTS_MAX),
    )
    // Sending an expired request again makes a new open one: refused too.
    expectRefusal(
      await call(app, buyer, `/api/quote/${expired[0]}/resend`),
      409,
      'QUOTA_EXCEEDED',
      m.tooManyOpenRequests(QUOTE_OPEN_REQUESTS_MAX),
    )
    expect(await rowCounts()).toEqual(before)

    // Withdrawing one makes room for one.
    expect((await call(app, buyer, `/api/quote/${quoted[0]}/withdraw`)).statusCode).toBe(200)
    expect((await call(app, buyer, `/api/quote/${expired[0]}/resend`)).statusCode).toBe(201)
    expect((await postQuote(app, buyer)).statusCode).toBe(409)

    // Another account has its own 20.
    expect((await postQuote(app, await createUser(app))).statusCode).toBe(201)
  })
})

describe('the drawing quota', () => {
  test('drawings past DRAWING_QUOTA_MB are refused with the space used; withdrawn requests count; a resend counts once', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, { drawingQuotaMb: 1 })
    const buyer = await createUser(app)
    await markVerified(app, buyer.email)

    const first = await postQuote(app, buyer, quoteFields(), [pdfOf(400, 'a.pdf')])
    expect(first.statusCode, first.body).toBe(201)
    const firstId = QuoteRequestSchema.parse(first.json())._id
    expect((await postQuote(app, buyer, quoteFields(), [pdfOf(300, 'b.pdf')])).statusCode).toBe(201)

    // 700 KB used of 1 MB: 400 KB more does not fit, in one file or in two.
    const before = await rowCounts()
    const over = await postQuote(app, buyer, quoteFields(), [pdfOf(200), pdfOf(200)])
    expectRefusal(over, 409, 'QUOTA_EXCEEDED', m.drawingQuotaFull(1, 0.7))
    expect(over.json<{ error: { fields: unknown } }>().error.fields).toEqual({
      drawings: m.drawingQuotaFull(1, 0.7),
    })
    expect(await rowCounts()).toEqual(before)

    // A withdrawn request's drawings are still stored: they still count.
    expect((await call(app, buyer, `/api/quote/${firstId}/withdraw`)).statusCode).toBe(200)
    expect((await postQuote(app, buyer, quoteFields(), [pdfOf(400)])).statusCode).toBe(409)

    // Sending it again copies nothing new into the quota: the copy replaces the original.
    const resent = await call(app, buyer, `/api/quote/${firstId}/resend`)
    expect(resent.statusCode, resent.body).toBe(201)
    expect((await postQuote(app, buyer, quoteFields(), [pdfOf(200)])).statusCode).toBe(201)
    expect((await postQuote(app, buyer, quoteFields(), [pdfOf(200)])).statusCode).toBe(409)

    // A request without drawings still goes, and another account has its own quota.
    expect((await postQuote(app, buyer)).statusCode).toBe(201)
    const other = await createUser(app)
    await markVerified(app, other.email)
    expect((await postQuote(app, other, quoteFields(), [pdfOf(900)])).statusCode).toBe(201)
  })
})
