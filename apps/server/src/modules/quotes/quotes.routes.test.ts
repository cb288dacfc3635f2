import {
  messages,
  QUOTE_DRAWING_MAX_BYTES,
  QuoteAdminListSchema,
  QuoteMessageListSchema,
  QuoteRequestSchema,
  QuoteSummarySchema,
  shopDate,
  type QuoteOfferInput,
  type QuoteRequest,
  quoteWords,
  quoteRuleWords,
} from '@toolworks/shared'
import { count, eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser, markVerified } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { drawings, moreDrawings, notDrawings } from '../../../test/drawings.js'
import { mailsTo, postQuote, quoteFields } from '../../../test/quotes.js'
import type { App } from '../../app.js'
import { selectRows } from '../../db/client.js'
import { quoteDrawings, quoteMessages, quoteOffers, quoteRequests } from '../../db/schema/index.js'

const database = useTestDatabase()
const m = quoteRuleWords
const w = quoteWords.mails
const DAY_MS = 86_400_000
const day = (days: number) => shopDate(new Date(Date.now() + days * DAY_MS))

type Ctx = { app: App; admin: TestUser; a: TestUser; b: TestUser }

async function setup(onTestFinished: (fn: () => Promise<void>) => void): Promise<Ctx> {
  const adminEmail = uniqueEmail('admin')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
  const admin = await createUser(app, { email: adminEmail, name: 'Shop Admin' })
  const a = await createUser(app, { name: 'Ayesha <b>Khan</b>' })
  const b = await createUser(app, { name: 'Bilal Other' })
  // Drawings need a verified e-mail.
  await markVerified(app, a.email)
  await markVerified(app, b.email)
  return { app, admin, a, b }
}

function call(
  app: App,
  who: TestUser | undefined,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: who ? bearer(who) : {},
    ...(payload !== undefined ? { payload } : {}),
  })
}

async function request(ctx: Ctx, files = [drawings.step, drawings.png]): Promise<QuoteRequest> {
  const res = await postQuote(ctx.app, ctx.a, quoteFields(), files)
  expect(res.statusCode, res.body).toBe(201)
  return QuoteRequestSchema.parse(res.json())
}

const offerBody = (overrides: Partial<QuoteOfferInput> = {}): QuoteOfferInput => ({
  lines: [
    { quantity: 100, unitPrice: 12.5 },
    { quantity: 500, unitPrice: 9.99 },
  ],
  leadTimeDays: 15,
  validUntil: day(14),
  note: 'Price includes anodising.',
  ...overrides,
})

async function offer(ctx: Ctx, id: string, body = offerBody()): Promise<QuoteRequest> {
  const res = await call(ctx.app, ctx.admin, 'POST', `/api/quote/${id}/offer`, body)
  expect(res.statusCode, res.body).toBe(200)
  return QuoteRequestSchema.parse(res.json())
}

async function rowCounts() {
  const db = database.current.db
  const [requests] = await db.select({ n: count() }).from(quoteRequests)
  const [files] = await db.select({ n: count() }).from(quoteDrawings)
  return { requests: requests?.n, drawings: files?.n }
}

const fieldsOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { fields?: Record<string, string> } }).error.fields ?? {}

function expectError(
  res: { statusCode: number; json: () => unknown },
  status: number,
  message: string,
  field?: string,
  /** A JSON body's schema errors carry the general message and each field its own. */
  fromSchema = false,
) {
  expect(res.statusCode).toBe(status)
  const body = res.json() as { error: { message: string; fields?: Record<string, string> } }
  expect(body.error.message).toBe(fromSchema ? messages.errors.VALIDATION_FAILED : message)
  if (field) expect(body.error.fields?.[field]).toBe(message)
}

describe('POST /api/quote', () => {
  test('takes every accepted kind by its content, typed by the sniff, buyer from the account', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const first = await postQuote(
      ctx.app,
      ctx.a,
      // A customer or name in the body is not taken: the account says who asks.
      quoteFields({ customer: ctx.b.email, customerName: 'Someone Else', status: 'quoted' }),
      [drawings.pdf, drawings.png, drawings.jpeg, drawings.step, drawings.iges],
    )
    expect(first.statusCode, first.body).toBe(201)
    const one = QuoteRequestSchema.parse(first.json())
    expect(one).toMatchObject({
      customer: ctx.a.email,
      customerName: 'Ayesha <b>Khan</b>',
      status: 'requested',
      process: 'machining',
      quantities: [100, 500],
      offer: null,
      offers: [],
      resentFrom: null,
    })
    expect(one.drawings.map((d) => [d.name, d.kind, d.type, d.size])).toEqual([
      ['bracket.pdf', 'pdf', 'application/pdf', drawings.pdf.bytes.length],
      ['photo.png', 'png', 'image/png', drawings.png.bytes.length],
      ['sketch.jpg', 'jpeg', 'image/jpeg', drawings.jpeg.bytes.length],
      ['housing.step', 'step', 'model/step', drawings.step.bytes.length],
      ['plate.igs', 'iges', 'model/iges', drawings.iges.bytes.length],
    ])

    const second = await postQuote(ctx.app, ctx.a, quoteFields({ quantities: ['7'] }), [
      drawings.stl,
      drawings.dxf,
      drawings.dwg,
      { filename: 'binary.stl', bytes: moreDrawings.binaryStl },
      // The name says PDF, the bytes say DXF: it is stored, named and served as DXF.
      { filename: 'C:\\work\\really-a.pdf', type: 'application/pdf', bytes: moreDrawings.dxfLf },
    ])
    expect(second.statusCode, second.body).toBe(201)
    expect(
      QuoteRequestSchema.parse(second.json()).drawings.map((d) => [d.name, d.kind, d.type]),
    ).toEqual([
      ['cube.stl', 'stl', 'model/stl'],
      ['flange.dxf', 'dxf', 'image/vnd.dxf'],
      ['frame.dwg', 'dwg', 'image/vnd.dwg'],
      ['binary.stl', 'stl', 'model/stl'],
      ['really-a.dxf', 'dxf', 'image/vnd.dxf'],
    ])
    expect(await rowCounts()).toEqual({ requests: 2, drawings: 10 })
  })

  test('a request without drawings is allowed, and admins are mailed with the name escaped', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const res = await postQuote(ctx.app, ctx.a, quoteFields({ partName: 'Gear <i>cover</i>' }))
    expect(res.statusCode, res.body).toBe(201)
    const created = QuoteRequestSchema.parse(res.json())
    expect(created.drawings).toEqual([])
    const mails = await mailsTo(ctx.app, ctx.admin.email)
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.subject).toBe(w.newRequestSubject('Gear <i>cover</i>'))
    expect(mail.raw).toContain(`${ctx.app.config.publicUrl}/dashboard/quotes/${created._id}`)
    // The HTML part never carries a buyer's markup as markup; the text part has it as text.
    const [text, html] = mail.raw.split(/Content-Type: text\/html/)
    expect(text).toContain('Ayesha <b>Khan</b>')
    expect(html).toContain('Ayesha &lt;b&gt;Khan&lt;/b&gt;')
    expect(html).toContain('Gear &lt;i&gt;cover&lt;/i&gt;')
    expect(html).not.toContain('<b>')
    expect(html).not.toContain('<i>')
    expect(await mailsTo(ctx.app, ctx.a.email)).toEqual([])
  })

  test('refuses what is not a drawing, too many, too large and empty files, and stores nothing', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const exe = await postQuote(ctx.app, ctx.a, quoteFields(), [
      { filename: 'drawing.pdf', type: 'application/pdf', bytes: notDrawings.exe },
    ])
    expectError(exe, 400, m.drawingNotAccepted('drawing.pdf'), 'drawings')
    expect(fieldsOf(exe)['drawings.0']).toBe(m.drawingNotAccepted('drawing.pdf'))

    const html = await postQuote(ctx.app, ctx.a, quoteFields(), [
      drawings.pdf,
      { filename: 'part.step', bytes: notDrawings.html },
    ])
    expectError(html, 400, m.drawingNotAccepted('part.step'), 'drawings.1')
    expect(fieldsOf(html)['drawings.0']).toBeUndefined()

    const zip = await postQuote(ctx.app, ctx.a, quoteFields(), [
      { filename: 'drawings.zip', bytes: notDrawings.zip },
    ])
    expectError(zip, 400, m.drawingNotAccepted('drawings.zip'), 'drawings')

    const empty = await postQuote(ctx.app, ctx.a, quoteFields(), [
      { filename: 'empty.dxf', bytes: notDrawings.empty },
    ])
    expectError(empty, 400, m.drawingEmpty('empty.dxf'), 'drawings')

    const six = await postQuote(
      ctx.app,
      ctx.a,
      quoteFields(),
      Array.from({ length: 6 }, () => drawings.pdf),
    )
    expectError(six, 400, m.tooManyDrawings(5), 'drawings')

    const big = Buffer.alloc(QUOTE_DRAWING_MAX_BYTES + 1, 0x20)
    drawings.pdf.bytes.copy(big)
    const tooLarge = await postQuote(ctx.app, ctx.a, quoteFields(), [
      drawings.png,
      { filename: 'huge.pdf', bytes: big },
    ])
    expectError(tooLarge, 413, m.drawingTooLarge('huge.pdf'), 'drawings.1')

    // A file in another field is not a drawing either.
    const elsewhere = await postQuote(ctx.app, ctx.a, quoteFields(), [
      { ...drawings.pdf, field: 'image' },
    ])
    expectError(elsewhere, 400, m.drawingNotAccepted('bracket.pdf'), 'drawings')

    // A valid drawing with a bad field: the drawing is not stored either.
    const badField = await postQuote(ctx.app, ctx.a, quoteFields({ partName: '' }), [drawings.pdf])
    expectError(badField, 400, m.partNameRequired, 'partName')

    expect(await rowCounts()).toEqual({ requests: 0, drawings: 0 })
  })

  test.for<[string, Record<string, string | string[]>, string, string]>([
    ['process', { process: 'casting' }, 'process', m.processRequired],
    ['part name', { partName: ' ' }, 'partName', m.partNameRequired],
    ['part name length', { partName: 'x'.repeat(121) }, 'partName', m.partNameTooLong],
    ['material', { material: '' }, 'material', m.materialRequired],
    ['quantities', { quantities: '' }, 'quantities', m.quantitiesRequired],
    ['quantity', { quantities: '0' }, 'quantities.0', m.quantityInvalid],
    ['four quantities', { quantities: '1,2,3,4' }, 'quantities', m.tooManyQuantities(3)],
    ['same quantity twice', { quantities: ['5', '5'] }, 'quantities', m.quantitiesDistinct],
    ['needed by', { neededBy: '2026-02-30' }, 'neededBy', m.neededByInvalid],
    ['needed by in the past', { neededBy: day(-2) }, 'neededBy', m.neededByPast],
    ['tolerance', { tolerance: 'x'.repeat(201) }, 'tolerance', m.toleranceTooLong],
    ['finish', { finish: 'x'.repeat(201) }, 'finish', m.finishTooLong],
    ['notes', { notes: 'x'.repeat(2001) }, 'notes', m.notesTooLong],
    ['phone', { phone: '' }, 'phone', m.phoneRequired],
    ['address', { address: '' }, 'address', m.addressRequired],
  ])(
    'refuses a bad %s with its message',
    async ([, fields, field, message], { onTestFinished }) => {
      const ctx = await setup(onTestFinished)
      const res = await postQuote(ctx.app, ctx.a, quoteFields(fields), [drawings.pdf])
      expectError(res, 400, message, field)
      expect(await rowCounts()).toEqual({ requests: 0, drawings: 0 })
    },
  )

  test('JSON instead of a form is refused; anonymous callers are asked to sign in', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const json = await call(ctx.app, ctx.a, 'POST', '/api/quote', quoteFields())
    expectError(json, 400, m.multipartRequired)
    const anonymous = await postQuote(ctx.app, undefined, quoteFields(), [drawings.pdf])
    expect(anonymous.statusCode).toBe(401)
    expect(await rowCounts()).toEqual({ requests: 0, drawings: 0 })
  })

  test('at most 10 requests a minute per account', async ({ onTestFinished }) => {
    const ctx = await setup(onTestFinished)
    for (let i = 0; i < 10; i++) expect((await postQuote(ctx.app, ctx.a)).statusCode).toBe(201)
    expect((await postQuote(ctx.app, ctx.a)).statusCode).toBe(429)
    // Another buyer (perhaps behind the same address) is not held back.
    expect((await postQuote(ctx.app, ctx.b)).statusCode).toBe(201)
  })
})

describe('reading requests', () => {
  test('the buyer and admins read a request; others get 404, anonymous 401', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const created = await request(ctx)
    const url = `/api/quote/${created._id}`
    const own = await call(ctx.app, ctx.a, 'GET', url)
    expect(own.statusCode).toBe(200)
    expect(QuoteRequestSchema.parse(own.json())).toEqual(created)
    expect((await call(ctx.app, ctx.admin, 'GET', url)).statusCode).toBe(200)
    expectError(await call(ctx.app, ctx.b, 'GET', url), 404, m.notFound)
    expectError(await call(ctx.app, ctx.a, 'GET', '/api/quote/not-a-uuid'), 404, m.notFound)
    expect((await call(ctx.app, undefined, 'GET', url)).statusCode).toBe(401)

    const drawingUrl = `${url}/drawing/${created.drawings[0]!._id}`
    expect((await call(ctx.app, ctx.b, 'GET', drawingUrl)).statusCode).toBe(404)
    expect((await call(ctx.app, undefined, 'GET', drawingUrl)).statusCode).toBe(401)
    expect((await call(ctx.app, ctx.admin, 'GET', drawingUrl)).statusCode).toBe(200)
    // A drawing id of another request is not found through this one.
    const other = await request(ctx)
    expectError(
      await call(ctx.app, ctx.a, 'GET', `${url}/drawing/${other.drawings[0]!._id}`),
      404,
      m.drawingNotFound,
    )
    expect((await call(ctx.app, ctx.b, 'GET', `${url}/messages`)).statusCode).toBe(404)
    expect(
      (await call(ctx.app, ctx.b, 'POST', `${url}/messages`, { text: 'hello' })).statusCode,
    ).toBe(404)
    expect(await database.current.db.select().from(quoteMessages)).toEqual([])
  })

  test('My Quotes lists the own requests newest first; another address is 403 but for admins', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const older = await request(ctx, [])
    const newer = await request(ctx, [])
    await postQuote(ctx.app, ctx.b)
    const own = await call(
      ctx.app,
      ctx.a,
      'GET',
      `/api/quote?customer=${ctx.a.email.toUpperCase()}`,
    )
    expect(own.statusCode).toBe(200)
    const list = QuoteSummarySchema.array().parse(own.json())
    expect(list.map((q) => q._id)).toEqual([newer._id, older._id])
    expect(
      (await call(ctx.app, ctx.b, 'GET', `/api/quote?customer=${ctx.a.email}`)).statusCode,
    ).toBe(403)
    const byAdmin = await call(ctx.app, ctx.admin, 'GET', `/api/quote?customer=${ctx.a.email}`)
    expect(
      QuoteSummarySchema.array()
        .parse(byAdmin.json())
        .map((q) => q._id),
    ).toEqual([newer._id, older._id])
    expect(
      (await call(ctx.app, undefined, 'GET', `/api/quote?customer=${ctx.a.email}`)).statusCode,
    ).toBe(401)
  })

  test('Quote Requests (admin) lists by status with the count of those waiting', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const one = await request(ctx, [])
    const two = await request(ctx, [])
    await offer(ctx, one._id)
    const all = QuoteAdminListSchema.parse(
      (await call(ctx.app, ctx.admin, 'GET', '/api/quote/admin')).json(),
    )
    expect(all.waiting).toBe(1)
    expect(all.quotes.map((q) => q._id)).toEqual([two._id, one._id])
    const quoted = QuoteAdminListSchema.parse(
      (await call(ctx.app, ctx.admin, 'GET', '/api/quote/admin?status=quoted')).json(),
    )
    expect(quoted.quotes.map((q) => [q._id, q.status])).toEqual([[one._id, 'quoted']])
    expect((await call(ctx.app, ctx.admin, 'GET', '/api/quote/admin?status=nope')).statusCode).toBe(
      400,
    )
    expect((await call(ctx.app, ctx.a, 'GET', '/api/quote/admin')).statusCode).toBe(403)
  })

  test('a drawing downloads as an attachment of its sniffed type, nosniff, not cached, same bytes', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const created = await request(ctx, [
      { filename: 'Flansch-Maß.step', type: 'text/html', bytes: drawings.step.bytes },
      drawings.pdf,
    ])
    const [step, pdf] = created.drawings
    const res = await call(ctx.app, ctx.a, 'GET', `/api/quote/${created._id}/drawing/${step!._id}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('model/step')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Flansch-Ma_.step"; filename*=UTF-8''Flansch-Ma%C3%9F.step`,
    )
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers['content-security-policy']).toMatch(/^sandbox;/)
    expect(res.rawPayload.equals(drawings.step.bytes)).toBe(true)

    // A preview may show a PDF in place; a STEP file stays an attachment even when asked.
    const inline = await call(
      ctx.app,
      ctx.a,
      'GET',
      `/api/quote/${created._id}/drawing/${pdf!._id}?inline=1`,
    )
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="bracket.pdf"/)
    expect(inline.headers['content-type']).toBe('application/pdf')
    expect(inline.headers['x-content-type-options']).toBe('nosniff')
    expect(inline.rawPayload.equals(drawings.pdf.bytes)).toBe(true)
    const stepInline = await call(
      ctx.app,
      ctx.a,
      'GET',
      `/api/quote/${created._id}/drawing/${step!._id}?inline=1`,
    )
    expect(stepInline.headers['content-disposition']).toMatch(/^attachment;/)
  })
})

describe('drawing names', () => {
  test('a drawing is named by what its bytes are, in the buyer’s view, the admin’s and the download; rows stored before are served the same', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const created = await request(ctx, [
      { filename: 'drawing.bat', type: 'application/x-msdos-program', bytes: drawings.step.bytes },
      { filename: 'invoice.html', type: 'text/html', bytes: drawings.pdf.bytes },
      { filename: 'Part.STP', type: 'application/octet-stream', bytes: drawings.step.bytes },
      { filename: 'no-extension', type: 'image/png', bytes: drawings.png.bytes },
    ])
    const names = ['drawing.step', 'invoice.pdf', 'Part.stp', 'no-extension.png']
    expect(created.drawings.map((d) => d.name)).toEqual(names)
    const url = `/api/quote/${created._id}`
    for (const who of [ctx.a, ctx.admin]) {
      const view = QuoteRequestSchema.parse((await call(ctx.app, who, 'GET', url)).json())
      expect(view.drawings.map((d) => d.name)).toEqual(names)
      for (const [i, d] of view.drawings.entries()) {
        const res = await call(ctx.app, who, 'GET', `${url}/drawing/${d._id}`)
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="${names[i]}"; filename*=UTF-8''${names[i]}`,
        )
      }
    }
    const stored = await database.current.db
      .select({ name: quoteDrawings.name })
      .from(quoteDrawings)
    expect(stored.map((r) => r.name).sort()).toEqual([...names].sort())

    // A row stored before the rule kept the buyer's extension: it is served corrected.
    await database.current.db
      .update(quoteDrawings)
      .set({ name: 'legacy.exe' })
      .where(eq(quoteDrawings.id, created.drawings[1]!._id))
    const view = QuoteRequestSchema.parse((await call(ctx.app, ctx.admin, 'GET', url)).json())
    expect(view.drawings[1]?.name).toBe('legacy.pdf')
    const res = await call(ctx.app, ctx.admin, 'GET', `${url}/drawing/${created.drawings[1]!._id}`)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="legacy\.pdf"/)
  })
})

describe('quoting and acting on a quote', () => {
  test('offer, revise, then the buyer declines; each step that does not apply answers 409', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const created = await request(ctx)
    const url = `/api/quote/${created._id}`

    const first = await offer(ctx, created._id)
    expect(first.status).toBe('quoted')
    expect(first.offer).toMatchObject({
      revision: 1,
      leadTimeDays: 15,
      validUntil: day(14),
      note: 'Price includes anodising.',
      lines: [
        { quantity: 100, unitPrice: 12.5, lineTotal: 1250 },
        { quantity: 500, unitPrice: 9.99, lineTotal: 4995 },
      ],
    })
    const [cents] = await selectRows<{ unit_price_cents: number }>(
      database.current.db,
      sql`select unit_price_cents from quote_offer_lines order by quantity desc limit 1`,
    )
    expect(Number(cents?.unit_price_cents)).toBe(999)

    const revised = await offer(
      ctx,
      created._id,
      offerBody({ lines: [{ quantity: 1000, unitPrice: 8 }], validUntil: day(20) }),
    )
    expect(revised.offer?.revision).toBe(2)
    expect(revised.offers.map((o) => o.revision)).toEqual([1, 2])
    expect(revised.offer?.lines).toEqual([{ quantity: 1000, unitPrice: 8, lineTotal: 8000 }])

    const buyerMails = await mailsTo(ctx.app, ctx.a.email)
    expect(buyerMails.map((mail) => mail.subject)).toEqual([
      w.quoteSentSubject('Pump bracket'),
      w.quoteRevisedSubject('Pump bracket'),
    ])
    expect(buyerMails[0]!.raw).toContain(
      `${ctx.app.config.publicUrl}/dashboard/myquotes/${created._id}`,
    )

    // Only admins quote; only the buyer declines.
    expect((await call(ctx.app, ctx.a, 'POST', `${url}/offer`, offerBody())).statusCode).toBe(403)
    expect(
      (await call(ctx.app, ctx.admin, 'POST', `${url}/decline`, { reason: 'x' })).statusCode,
    ).toBe(403)
    expect((await call(ctx.app, ctx.b, 'POST', `${url}/decline`, { reason: 'x' })).statusCode).toBe(
      404,
    )

    const declined = await call(ctx.app, ctx.a, 'POST', `${url}/decline`, {
      reason: 'Too <b>dear</b>',
    })
    expect(declined.statusCode, declined.body).toBe(200)
    expect(QuoteRequestSchema.parse(declined.json())).toMatchObject({
      status: 'declined',
      declineReason: 'Too <b>dear</b>',
    })
    const adminMails = await mailsTo(ctx.app, ctx.admin.email)
    const declineMail = adminMails.find(
      (mail) => mail.subject === w.declinedSubject('Pump bracket'),
    )
    expect(declineMail?.raw).toContain('Too &lt;b&gt;dear&lt;/b&gt;')

    const word = quoteWords.statusLabels.declined.toLowerCase()
    expectError(await call(ctx.app, ctx.a, 'POST', `${url}/decline`, {}), 409, m.wrongStatus(word))
    expectError(await call(ctx.app, ctx.a, 'POST', `${url}/withdraw`), 409, m.wrongStatus(word))
    expectError(
      await call(ctx.app, ctx.admin, 'POST', `${url}/offer`, offerBody()),
      409,
      m.wrongStatus(word),
    )
    const [offers] = await database.current.db.select({ n: count() }).from(quoteOffers)
    expect(offers?.n).toBe(2)
  })

  test('the offer’s rules: Valid until from today to 180 days, lines in whole cents, a known request', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const created = await request(ctx, [])
    const url = `/api/quote/${created._id}/offer`
    expectError(
      await call(ctx.app, ctx.admin, 'POST', url, offerBody({ validUntil: day(-1) })),
      400,
      m.validUntilPast,
      'validUntil',
    )
    expectError(
      await call(ctx.app, ctx.admin, 'POST', url, offerBody({ validUntil: day(182) })),
      400,
      m.validUntilTooFar,
      'validUntil',
    )
    expect(
      (await call(ctx.app, ctx.admin, 'POST', url, offerBody({ validUntil: day(0) }))).statusCode,
    ).toBe(200)
    const cents = await call(
      ctx.app,
      ctx.admin,
      'POST',
      url,
      offerBody({ lines: [{ quantity: 1, unitPrice: 1.001 }] }),
    )
    expect(cents.statusCode).toBe(400)
    expect(fieldsOf(cents)['lines.0.unitPrice']).toBe(m.priceCents)
    const twice = await call(
      ctx.app,
      ctx.admin,
      'POST',
      url,
      offerBody({
        lines: [
          { quantity: 2, unitPrice: 1 },
          { quantity: 2, unitPrice: 3 },
        ],
      }),
    )
    expect(fieldsOf(twice)['lines.1.quantity']).toBe(m.offerQuantityTwice)
    expectError(
      await call(
        ctx.app,
        ctx.admin,
        'POST',
        `/api/quote/${crypto.randomUUID()}/offer`,
        offerBody(),
      ),
      404,
      m.notFound,
    )
  })

  test('withdraw from requested or quoted; decline only from quoted', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const created = await request(ctx, [])
    const url = `/api/quote/${created._id}`
    const word = quoteWords.statusLabels
    expectError(
      await call(ctx.app, ctx.a, 'POST', `${url}/decline`, {}),
      409,
      m.wrongStatus(word.requested.toLowerCase()),
    )
    expect((await call(ctx.app, ctx.admin, 'POST', `${url}/withdraw`)).statusCode).toBe(403)
    expect((await call(ctx.app, ctx.b, 'POST', `${url}/withdraw`)).statusCode).toBe(404)
    const withdrawn = await call(ctx.app, ctx.a, 'POST', `${url}/withdraw`)
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' })
    expectError(
      await call(ctx.app, ctx.a, 'POST', `${url}/withdraw`),
      409,
      m.wrongStatus(word.withdrawn.toLowerCase()),
    )

    const quoted = await request(ctx, [])
    await offer(ctx, quoted._id)
    const res = await call(ctx.app, ctx.a, 'POST', `/api/quote/${quoted._id}/withdraw`)
    expect(res.json()).toMatchObject({ status: 'withdrawn' })
  })

  test('past Valid until the quote answers expired, and can be sent again as a new request', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const created = await request(ctx, [drawings.step, drawings.png])
    await offer(ctx, created._id)
    const url = `/api/quote/${created._id}`
    expectError(await call(ctx.app, ctx.a, 'POST', `${url}/resend`), 409, m.wrongStatus('quoted'))
    await database.current.db
      .update(quoteOffers)
      .set({ validUntil: day(-1) })
      .where(eq(quoteOffers.requestId, created._id))

    const read = await call(ctx.app, ctx.a, 'GET', url)
    expect(read.json()).toMatchObject({ status: 'expired' })
    const listed = await call(ctx.app, ctx.a, 'GET', `/api/quote?customer=${ctx.a.email}`)
    expect(QuoteSummarySchema.array().parse(listed.json())[0]).toMatchObject({
      _id: created._id,
      status: 'expired',
    })
    const word = quoteWords.statusLabels.expired.toLowerCase()
    // The buyer is told when it ran out; the admin that the step does not apply.
    expectError(await call(ctx.app, ctx.a, 'POST', `${url}/decline`, {}), 409, m.expired(day(-1)))
    expectError(await call(ctx.app, ctx.a, 'POST', `${url}/withdraw`), 409, m.expired(day(-1)))
    expectError(
      await call(ctx.app, ctx.admin, 'POST', `${url}/offer`, offerBody()),
      409,
      m.wrongStatus(word),
    )

    expect((await call(ctx.app, ctx.admin, 'POST', `${url}/resend`)).statusCode).toBe(403)
    expect((await call(ctx.app, ctx.b, 'POST', `${url}/resend`)).statusCode).toBe(404)
    const adminMailsBefore = (await mailsTo(ctx.app, ctx.admin.email)).length
    const resent = await call(ctx.app, ctx.a, 'POST', `${url}/resend`)
    expect(resent.statusCode, resent.body).toBe(201)
    const fresh = QuoteRequestSchema.parse(resent.json())
    expect(fresh).toMatchObject({
      status: 'requested',
      resentFrom: created._id,
      partName: created.partName,
      quantities: created.quantities,
      offer: null,
    })
    expect(fresh._id).not.toBe(created._id)
    expect(fresh.drawings.map((d) => [d.name, d.kind, d.size])).toEqual(
      created.drawings.map((d) => [d.name, d.kind, d.size]),
    )
    const copied = await call(
      ctx.app,
      ctx.a,
      'GET',
      `/api/quote/${fresh._id}/drawing/${fresh.drawings[0]!._id}`,
    )
    expect(copied.rawPayload.equals(drawings.step.bytes)).toBe(true)
    expect((await mailsTo(ctx.app, ctx.admin.email)).length).toBe(adminMailsBefore + 1)

    // A second click finds the first click's request instead of making another.
    const again = await call(ctx.app, ctx.a, 'POST', `${url}/resend`)
    expect(QuoteRequestSchema.parse(again.json())._id).toBe(fresh._id)
    expect((await rowCounts()).requests).toBe(2)
  })

  test('the buyer is told once, two days before Valid until; a revision tells again', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const soon = await request(ctx, [])
    const later = await request(ctx, [])
    await offer(ctx, soon._id, offerBody({ validUntil: day(1) }))
    await offer(ctx, later._id, offerBody({ validUntil: day(10) }))
    const sweeper = ctx.app.services.quoteSweeper
    await Promise.all([sweeper.sweep(), sweeper.sweep()])
    await sweeper.sweep()
    const expiring = (await mailsTo(ctx.app, ctx.a.email)).filter(
      (mail) => mail.subject === w.expiringSubject('Pump bracket'),
    )
    expect(expiring).toHaveLength(1)
    expect(expiring[0]!.raw).toContain(`/dashboard/myquotes/${soon._id}`)

    await offer(ctx, soon._id, offerBody({ validUntil: day(2) }))
    await sweeper.sweep()
    await sweeper.sweep()
    expect(
      (await mailsTo(ctx.app, ctx.a.email)).filter(
        (mail) => mail.subject === w.expiringSubject('Pump bracket'),
      ),
    ).toHaveLength(2)
  })

  test('the sweeper expires quotes past their date', async ({ onTestFinished }) => {
    const ctx = await setup(onTestFinished)
    const created = await request(ctx, [])
    await offer(ctx, created._id)
    await database.current.db
      .update(quoteOffers)
      .set({ validUntil: day(-3) })
      .where(eq(quoteOffers.requestId, created._id))
    await ctx.app.services.quoteSweeper.sweep()
    const [row] = await database.current.db
      .select({ status: quoteRequests.status })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, created._id))
    expect(row?.status).toBe('expired')
  })
})

describe('the conversation', () => {
  test('buyer and admin write; both read it in order with names, roles and times', async ({
    onTestFinished,
  }) => {
    const ctx = await setup(onTestFinished)
    const created = await request(ctx, [])
    const url = `/api/quote/${created._id}/messages`
    const first = await call(ctx.app, ctx.a, 'POST', url, { text: '  Can you do 316?  ' })
    expect(first.statusCode, first.body).toBe(201)
    const second = await call(ctx.app, ctx.admin, 'POST', url, { text: 'Yes, <b>at</b> +8%.' })
    expect(second.statusCode).toBe(201)
    for (const who of [ctx.a, ctx.admin]) {
      const list = QuoteMessageListSchema.parse((await call(ctx.app, who, 'GET', url)).json())
      expect(list.map((msg) => [msg.authorName, msg.authorRole, msg.text])).toEqual([
        ['Ayesha <b>Khan</b>', 'customer', 'Can you do 316?'],
        ['Shop Admin', 'admin', 'Yes, <b>at</b> +8%.'],
      ])
      expect(Date.parse(list[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(list[1]!.createdAt))
    }
    expectError(
      await call(ctx.app, ctx.a, 'POST', url, { text: ' ' }),
      400,
      m.messageRequired,
      'text',
      true,
    )
    expectError(
      await call(ctx.app, ctx.a, 'POST', url, { text: 'x'.repeat(2001) }),
      400,
      m.messageTooLong(2000),
      'text',
      true,
    )
    expect((await call(ctx.app, ctx.a, 'POST', url, { text: 'x'.repeat(2000) })).statusCode).toBe(
      201,
    )
    expect((await call(ctx.app, undefined, 'GET', url)).statusCode).toBe(401)
  })
})
