import {
  activityWords,
  AUDIT_PAGE_SIZE,
  AuditPageSchema,
  shopDate,
  type AuditEntry,
  type AuditKind,
} from '@toolworks/shared'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertOneLineOrders, insertTool } from '../../../test/factories.js'
import { cancel, purchase } from '../../../test/orders.js'
import { postQuote } from '../../../test/quotes.js'
import { uploadedImageUrl } from '../../../test/uploads.js'
import type { App } from '../../app.js'
import { auditLog, users } from '../../db/schema/index.js'
import { insertAuditEntry } from './audit.queries.js'

const database = useTestDatabase()
const DAY_MS = 86_400_000
const day = (days: number) => shopDate(new Date(Date.now() + days * DAY_MS))

async function withAdmin(onTestFinished: (fn: () => Promise<void>) => void) {
  const email = uniqueEmail('admin')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [email] })
  const admin = await createUser(app, { email })
  const adminId = await idOf(admin.email)
  return { app, admin, adminId }
}

async function idOf(email: string): Promise<string> {
  const [row] = await database.current.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

function call(
  app: App,
  who: TestUser | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
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

/** Every row of the log, oldest first, as the database holds it. */
const rows = () => database.current.db.select().from(auditLog).orderBy(auditLog.id)

async function onlyRow(kind: AuditKind) {
  const all = await rows()
  expect(all.map((r) => r.kind)).toEqual([kind])
  return all[0]!
}

async function audit(app: App, who: TestUser, query = '') {
  const res = await call(app, who, 'GET', `/api/audit${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return AuditPageSchema.parse(res.json())
}

const product = {
  name: 'Torque wrench',
  description: 'Click type, 20–100 Nm.',
  price: 12,
  quantity: 40,
  minimum: 2,
}

describe('every admin action writes one audit row with who, what and the values', () => {
  test('make admin: role customer → admin; promoting an admin again writes nothing', async ({
    onTestFinished,
  }) => {
    const { app, admin, adminId } = await withAdmin(onTestFinished)
    const user = await createUser(app)
    const res = await call(app, admin, 'PUT', `/api/user/admin/${encodeURIComponent(user.email)}`)
    expect(res.statusCode, res.body).toBe(200)
    const row = await onlyRow('user.make-admin')
    expect(row).toMatchObject({
      actorId: adminId,
      actorEmail: admin.email,
      subjectType: 'user',
      subjectId: await idOf(user.email),
      summary: activityWords.summary.madeAdmin(user.email),
      before: { role: 'customer' },
      after: { role: 'admin' },
    })
    await call(app, admin, 'PUT', `/api/user/admin/${encodeURIComponent(user.email)}`)
    expect(await rows()).toHaveLength(1)
  })

  test('product create, edit (only the changed fields, money in cents) and delete', async ({
    onTestFinished,
  }) => {
    const { app, admin, adminId } = await withAdmin(onTestFinished)
    const image = await uploadedImageUrl(app, admin)
    const created = await call(app, admin, 'POST', '/api/tool', { ...product, image })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json<{ insertedId: string }>().insertedId
    expect(await onlyRow('product.create')).toMatchObject({
      actorId: adminId,
      actorEmail: admin.email,
      subjectType: 'tool',
      subjectId: id,
      summary: activityWords.summary.productCreated('Torque wrench'),
      before: null,
      after: { name: 'Torque wrench', image, priceCents: 1200, quantity: 40, minimum: 2 },
    })

    const edited = await call(app, admin, 'PUT', `/api/tool/${id}`, {
      price: 14.5,
      quantity: 40,
      name: 'Torque wrench',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const edit = (await rows())[1]!
    expect(edit).toMatchObject({
      kind: 'product.update',
      actorEmail: admin.email,
      subjectId: id,
      summary: activityWords.summary.productUpdated('Torque wrench'),
    })
    // Only the price changed: the same name and stock sent again are not in the entry.
    expect(edit.before).toEqual({ priceCents: 1200 })
    expect(edit.after).toEqual({ priceCents: 1450 })

    // An edit that changes nothing records nothing.
    await call(app, admin, 'PUT', `/api/tool/${id}`, { price: 14.5 })
    expect(await rows()).toHaveLength(2)

    const removed = await call(app, admin, 'DELETE', `/api/tool/${id}`)
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await rows())[2]).toMatchObject({
      kind: 'product.delete',
      subjectType: 'tool',
      subjectId: id,
      before: { name: 'Torque wrench', priceCents: 1450, quantity: 40, minimum: 2 },
      after: null,
    })
  })

  test('a refused product edit or delete writes nothing', async ({ onTestFinished }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const tool = await insertTool(database.current.db, { quantity: 5, minimum: 1 })
    const refused = await call(app, admin, 'PUT', `/api/tool/${tool.id}`, { minimum: 50 })
    expect(refused.statusCode).toBe(400)
    const missing = await call(app, admin, 'DELETE', `/api/tool/${crypto.randomUUID()}`)
    expect(missing.statusCode).toBe(404)
    expect(await rows()).toEqual([])
  })

  test('an admin marks a paid order shipped: status paid → shipped', async ({ onTestFinished }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const tool = await insertTool(database.current.db)
    const [order] = await insertOneLineOrders(database.current.db, tool, [
      {
        quantity: 1,
        customerEmail: 'buyer@example.com',
        customerName: 'Buyer',
        status: 'paid',
        paid: true,
        transactionId: 'pi_test_1',
      },
    ])
    const res = await call(app, admin, 'PATCH', `/api/purchase/${order!.id}/status`, {
      status: 'shipped',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await onlyRow('order.status')).toMatchObject({
      actorEmail: admin.email,
      subjectType: 'order',
      subjectId: order!.id,
      summary: activityWords.summary.orderShipped(order!.id.slice(0, 8), 'buyer@example.com'),
      before: { status: 'paid' },
      after: { status: 'shipped' },
    })
    // Shipping it again is refused (409) and records nothing more.
    const again = await call(app, admin, 'PATCH', `/api/purchase/${order!.id}/status`, {
      status: 'shipped',
    })
    expect(again.statusCode).toBe(409)
    expect(await rows()).toHaveLength(1)
  })

  test("an admin cancels a customer's unpaid order; the customer's own cancel writes nothing", async ({
    onTestFinished,
  }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const buyer = await createUser(app)
    const tool = await insertTool(database.current.db)
    const mine = await purchase(app, buyer, tool.id, 1)
    const theirs = await purchase(app, buyer, tool.id, 2)
    expect(mine.statusCode, mine.body).toBe(201)
    const mineId = mine.json<{ insertedId: string }>().insertedId
    const theirsId = theirs.json<{ insertedId: string }>().insertedId

    expect((await cancel(app, buyer, mineId)).statusCode).toBe(200)
    expect(await rows()).toEqual([])

    expect((await cancel(app, admin, theirsId)).statusCode).toBe(200)
    expect(await onlyRow('order.delete')).toMatchObject({
      actorEmail: admin.email,
      subjectType: 'order',
      subjectId: theirsId,
      summary: activityWords.summary.orderCancelled(theirsId.slice(0, 8), buyer.email),
      before: { status: 'unpaid' },
      after: { status: 'cancelled', cancelReason: 'admin' },
    })
  })

  test('promotion create, edit and delete', async ({ onTestFinished }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const created = await call(app, admin, 'POST', '/api/promotion', {
      kind: 'first-order',
      percent: 10,
      cap: 25.5,
      startsAt: '2026-01-01',
      endsAt: '2026-12-31',
      title: 'Ten off',
      text: 'First order.',
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json<{ id: string }>().id
    expect(await onlyRow('promotion.create')).toMatchObject({
      actorEmail: admin.email,
      subjectType: 'promotion',
      subjectId: id,
      before: null,
      after: { kind: 'first-order', percent: 10, capCents: 2550, title: 'Ten off' },
    })

    const edited = await call(app, admin, 'PUT', `/api/promotion/${id}`, { percent: 15, cap: 30 })
    expect(edited.statusCode, edited.body).toBe(200)
    const edit = (await rows())[1]!
    expect(edit.kind).toBe('promotion.update')
    expect(edit.before).toEqual({ percent: 10, capCents: 2550 })
    expect(edit.after).toEqual({ percent: 15, capCents: 3000 })

    // A refused edit (a shipping note cannot have a percent) writes nothing.
    const refused = await call(app, admin, 'PUT', `/api/promotion/${id}`, {
      kind: 'free-shipping',
    })
    expect(refused.statusCode).toBe(400)
    expect(await rows()).toHaveLength(2)

    expect((await call(app, admin, 'DELETE', `/api/promotion/${id}`)).statusCode).toBe(200)
    expect((await rows())[2]).toMatchObject({
      kind: 'promotion.delete',
      subjectId: id,
      before: { title: 'Ten off', percent: 15, capCents: 3000 },
      after: null,
    })
  })

  test('quote offer with its lines in cents; a revision records what it replaced', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const buyer = await createUser(app)
    const posted = await postQuote(app, buyer)
    expect(posted.statusCode, posted.body).toBe(201)
    const id = posted.json<{ _id: string }>()._id
    const offer = {
      lines: [
        { quantity: 100, unitPrice: 12.5 },
        { quantity: 500, unitPrice: 9.99 },
      ],
      leadTimeDays: 15,
      validUntil: day(14),
      note: 'Anodised.',
    }
    const first = await call(app, admin, 'POST', `/api/quote/${id}/offer`, offer)
    expect(first.statusCode, first.body).toBe(200)
    expect(await onlyRow('quote.offer')).toMatchObject({
      actorEmail: admin.email,
      subjectType: 'quote',
      subjectId: id,
      before: null,
      after: {
        revision: 1,
        leadTimeDays: 15,
        lines: [
          { quantity: 100, unitPriceCents: 1250 },
          { quantity: 500, unitPriceCents: 999 },
        ],
      },
    })

    const revised = await call(app, admin, 'POST', `/api/quote/${id}/offer`, {
      ...offer,
      lines: [{ quantity: 100, unitPrice: 11 }],
    })
    expect(revised.statusCode, revised.body).toBe(200)
    const revision = (await rows())[1]!
    expect(revision.before).toEqual({
      revision: 1,
      lines: [
        { quantity: 100, unitPriceCents: 1250 },
        { quantity: 500, unitPriceCents: 999 },
      ],
    })
    expect(revision.after).toEqual({
      revision: 2,
      lines: [{ quantity: 100, unitPriceCents: 1100 }],
    })

    // The buyer's own steps (withdraw) are not admin actions.
    expect((await call(app, buyer, 'POST', `/api/quote/${id}/withdraw`)).statusCode).toBe(200)
    expect(await rows()).toHaveLength(2)
  })
})

describe('GET /api/audit', () => {
  /** Rows written straight, at chosen instants, for the filters. */
  async function seed(entries: { at: string; email: string; kind: AuditKind }[]) {
    for (const [i, e] of entries.entries()) {
      await insertAuditEntry(
        database.current.db,
        { id: null, email: e.email },
        {
          kind: e.kind,
          subjectType: 'tool',
          subjectId: `t${i}`,
          summary: `entry ${i}`,
          before: null,
          after: { i },
        },
      )
    }
    // Entries get their times afterwards: the table refuses UPDATE, so lift that as its owner.
    await database.current.db.execute(
      sql.raw('alter table audit_log disable trigger audit_log_no_update_delete'),
    )
    try {
      for (const [i, e] of entries.entries())
        await database.current.db
          .update(auditLog)
          .set({ at: new Date(e.at) })
          .where(eq(auditLog.subjectId, `t${i}`))
    } finally {
      await database.current.db.execute(
        sql.raw('alter table audit_log enable trigger audit_log_no_update_delete'),
      )
    }
  }

  const summaries = (page: { entries: AuditEntry[] }) => page.entries.map((e) => e.summary)

  test('newest first; filters by e-mail (any part, any case), kind and shop dates', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    await seed([
      // 2026-03-09 23:59:59 in Dhaka (UTC+6) is 17:59:59Z; the 10th begins at 18:00Z.
      { at: '2026-03-09T17:59:59Z', email: 'Ayesha@Example.com', kind: 'product.create' },
      { at: '2026-03-09T18:00:00Z', email: 'rahim@example.com', kind: 'product.update' },
      { at: '2026-03-10T17:59:59Z', email: 'ayesha@example.com', kind: 'product.update' },
      { at: '2026-03-10T18:00:00Z', email: 'other@shop.test', kind: 'promotion.create' },
    ])

    const all = await audit(app, admin)
    expect(summaries(all)).toEqual(['entry 3', 'entry 2', 'entry 1', 'entry 0'])
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: AUDIT_PAGE_SIZE })
    expect(all.entries[3]).toMatchObject({
      actorEmail: 'Ayesha@Example.com',
      kind: 'product.create',
      subjectType: 'tool',
      subjectId: 't0',
      at: '2026-03-09T17:59:59.000Z',
      before: null,
      after: { i: 0 },
    })

    expect(summaries(await audit(app, admin, '?actor=AYESHA'))).toEqual(['entry 2', 'entry 0'])
    expect(summaries(await audit(app, admin, '?actor=rahim%40example.com'))).toEqual(['entry 1'])
    // LIKE's wildcards typed in the filter match themselves only.
    expect((await audit(app, admin, '?actor=%25')).total).toBe(0)
    expect((await audit(app, admin, '?actor=_')).total).toBe(0)
    expect(summaries(await audit(app, admin, '?kind=product.update'))).toEqual([
      'entry 2',
      'entry 1',
    ])
    // One shop day, both edges inclusive: its first and its last second.
    expect(summaries(await audit(app, admin, '?from=2026-03-10&to=2026-03-10'))).toEqual([
      'entry 2',
      'entry 1',
    ])
    expect(summaries(await audit(app, admin, '?to=2026-03-09'))).toEqual(['entry 0'])
    expect(summaries(await audit(app, admin, '?from=2026-03-11'))).toEqual(['entry 3'])
    expect(
      summaries(await audit(app, admin, '?actor=ayesha&kind=product.update&from=2026-03-10')),
    ).toEqual(['entry 2'])
    // The page's form sends empty fields: they filter nothing.
    expect((await audit(app, admin, '?actor=&kind=&from=&to=&page=')).total).toBe(4)
  })

  test('pages of 25: page 2 holds the rest, a page past the end is empty', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++)
      await insertAuditEntry(
        database.current.db,
        { id: null, email: 'bulk@example.com' },
        {
          kind: 'product.update',
          subjectType: 'tool',
          subjectId: `t${i}`,
          summary: `entry ${i}`,
          before: null,
          after: null,
        },
      )
    const first = await audit(app, admin, '?page=1')
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE)
    expect(first.entries[0]!.summary).toBe(`entry ${AUDIT_PAGE_SIZE + 2}`)
    const second = await audit(app, admin, '?page=2')
    expect(second).toMatchObject({ total: AUDIT_PAGE_SIZE + 3, page: 2 })
    expect(summaries(second)).toEqual(['entry 2', 'entry 1', 'entry 0'])
    expect((await audit(app, admin, '?page=3')).entries).toEqual([])
  })

  test('bad filters answer 400 with a clear message per field', async ({ onTestFinished }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const w = activityWords
    const cases: [string, string, string][] = [
      ['?kind=product.explode', 'kind', w.kindUnknown],
      ['?from=2026-02-30', 'from', w.dateInvalid],
      ['?to=yesterday', 'to', w.dateInvalid],
      ['?from=2026-03-10&to=2026-03-09', 'to', w.toBeforeFrom],
      ['?page=0', 'page', w.pageInvalid],
      ['?page=1.5', 'page', w.pageInvalid],
      ['?page=two', 'page', w.pageInvalid],
      [`?actor=${'a'.repeat(255)}`, 'actor', w.actorTooLong],
    ]
    for (const [query, field, message] of cases) {
      const res = await call(app, admin, 'GET', `/api/audit${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields, query).toEqual(
        {
          [field]: message,
        },
      )
    }
  })

  test('admins only, and never cached', async ({ onTestFinished }) => {
    const { app, admin } = await withAdmin(onTestFinished)
    const customer = await createUser(app)
    expect((await call(app, undefined, 'GET', '/api/audit')).statusCode).toBe(401)
    expect((await call(app, customer, 'GET', '/api/audit')).statusCode).toBe(403)
    const res = await call(app, admin, 'GET', '/api/audit')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
  })
})
