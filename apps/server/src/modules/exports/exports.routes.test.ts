import { AuditPageSchema, PRODUCT_CSV_COLUMNS } from '@toolworks/shared'
import { expect, test } from 'vitest'

import { useTestDatabase } from '../../../test/database.js'
import { insertOneLineOrders, insertTool } from '../../../test/factories.js'
import { csvRecords, csvShop, download } from '../../../test/csv.js'

const database = useTestDatabase()

const BOM = '\uFEFF'

test('the products CSV is RFC 4180 with a BOM, a header, CRLF records and quoted cells', async ({
  onTestFinished,
}) => {
  const { app, admin } = await csvShop(database.current, onTestFinished)
  const db = database.current.db
  await insertTool(db, {
    name: 'হাতুড়ি, "বড়"',
    description: 'Two lines:\nforged head',
    priceCents: 1250,
    quantity: 7,
    minimum: 2,
    packSize: 1,
    priceBreaks: [
      { minQuantity: 10, priceCents: 1100 },
      { minQuantity: 50, priceCents: 900 },
    ],
    madeToOrder: true,
    leadTimeDays: 12,
  })

  const res = await download(app, admin, '/api/export/products.csv')

  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
  )
  expect(res.headers['cache-control']).toBe('private, no-store')
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  const bytes = res.rawPayload
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const text = bytes.toString('utf8')
  expect(text.startsWith(`${BOM}${PRODUCT_CSV_COLUMNS.map((c) => `"${c}"`).join(',')}\r\n`)).toBe(
    true,
  )
  // The Bengali name's bytes are intact, its comma and quotes quoted and doubled.
  expect(text).toContain('"হাতুড়ি, ""বড়"""')
  expect(bytes.includes(Buffer.from('হাতুড়ি', 'utf8'))).toBe(true)
  // A newline inside a cell stays inside its quotes; records end with CRLF.
  expect(text).toContain('"Two lines:\nforged head"')
  expect(text.endsWith('\r\n')).toBe(true)
  const [row] = csvRecords(text)
  expect(row).toMatchObject({
    name: 'হাতুড়ি, "বড়"',
    price: '12.50',
    quantity: '7',
    minimum: '2',
    pack_size: '1',
    price_breaks: '10:11.00;50:9.00',
    made_to_order: 'yes',
    lead_time_days: '12',
  })
})

test('cells that a spreadsheet would run as a formula are neutralised with a quote', async ({
  onTestFinished,
}) => {
  const { app, admin } = await csvShop(database.current, onTestFinished)
  const db = database.current.db
  const names = ['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\tTab', '\rCR', 'Safe']
  for (const name of names) await insertTool(db, { name, description: '=cmd|"/c calc"!A1' })

  const res = await download(app, admin, '/api/export/products.csv')

  const rows = csvRecords(res.body)
  expect(rows.map((r) => r.name).sort()).toEqual(
    [`'=HYPERLINK("http://x")`, "'+1+2", "'-2+3", "'@SUM(A1)", "'\tTab", "'\rCR", 'Safe'].sort(),
  )
  expect(rows.every((r) => r.description === `'=cmd|"/c calc"!A1`)).toBe(true)
  // Money is ours and never negative: untouched.
  expect(rows.every((r) => r.price === '19.99')).toBe(true)
})

test('the orders CSV honours the Manage Orders filters, with money and ISO dates', async ({
  onTestFinished,
}) => {
  const { app, admin } = await csvShop(database.current, onTestFinished)
  const db = database.current.db
  const tool = await insertTool(db, { name: 'Spanner', priceCents: 1250 })
  await insertOneLineOrders(db, tool, [
    {
      quantity: 2,
      customerEmail: 'rahim@example.com',
      customerName: 'রহিম',
      status: 'paid',
      paid: true,
      transactionId: 'pi_1',
    },
    { quantity: 1, customerEmail: 'karim@example.com', customerName: 'Karim', status: 'unpaid' },
    { quantity: 3, customerEmail: 'rahim@example.com', customerName: 'রহিম', status: 'unpaid' },
  ])

  const all = csvRecords((await download(app, admin, '/api/export/orders.csv')).body)
  expect(all).toHaveLength(3)

  const paid = await download(app, admin, '/api/export/orders.csv?status=paid')
  expect(paid.headers['content-disposition']).toMatch(/filename="orders-\d{4}-\d{2}-\d{2}\.csv"/)
  const [row, ...rest] = csvRecords(paid.body)
  expect(rest).toHaveLength(0)
  expect(row).toMatchObject({
    status: 'paid',
    paid: 'yes',
    customer_email: 'rahim@example.com',
    customer_name: 'রহিম',
    items: '2 × Spanner',
    quantity: '2',
    subtotal: '25.00',
    total: '25.00',
    transaction_id: 'pi_1',
  })
  expect(row?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)

  const rahim = csvRecords((await download(app, admin, '/api/export/orders.csv?q=RAHIM')).body)
  expect(rahim.map((r) => r.quantity).sort()).toEqual(['2', '3'])

  const both = csvRecords(
    (await download(app, admin, '/api/export/orders.csv?q=karim&status=unpaid')).body,
  )
  expect(both.map((r) => r.customer_email)).toEqual(['karim@example.com'])

  const bad = await download(app, admin, '/api/export/orders.csv?status=lost')
  expect(bad.statusCode).toBe(400)
})

test('the users CSV lists every account with its role and ISO sign-up time', async ({
  onTestFinished,
}) => {
  const { app, admin, customer } = await csvShop(database.current, onTestFinished)
  const res = await download(app, admin, '/api/export/users.csv')
  expect(res.statusCode).toBe(200)
  expect(res.body.startsWith('\uFEFF"id","email","name","role","created_at"\r\n')).toBe(true)
  const rows = csvRecords(res.body)
  expect(rows.map((r) => [r.email, r.role]).sort()).toEqual(
    [
      [admin.email, 'admin'],
      [customer.email, 'customer'],
    ].sort(),
  )
  expect(rows.every((r) => !Number.isNaN(Date.parse(r.created_at ?? '')))).toBe(true)
})

test('a catalogue of 2,500 tools streams out whole, each tool once, in pages', async ({
  onTestFinished,
}) => {
  const { app, admin } = await csvShop(database.current, onTestFinished)
  const db = database.current.db
  const { tools } = await import('../../db/schema/index.js')
  // Many rows share a creation time: the keyset pages must neither skip nor repeat them.
  const at = new Date('2026-01-01T00:00:00Z')
  for (let start = 0; start < 2_500; start += 500)
    await db.insert(tools).values(
      Array.from({ length: 500 }, (_, i) => ({
        name: `Bulk tool ${start + i}`,
        description: 'Made in bulk.',
        image: '/media/0123456789abcdef0123456789abcdef-800.webp',
        priceCents: 100 + start + i,
        quantity: 10,
        createdAt: (start + i) % 3 === 0 ? at : new Date(at.getTime() + start + i),
      })),
    )

  const res = await download(app, admin, '/api/export/products.csv')

  expect(res.statusCode).toBe(200)
  const rows = csvRecords(res.body)
  expect(rows).toHaveLength(2_500)
  expect(new Set(rows.map((r) => r.id)).size).toBe(2_500)
  expect(new Set(rows.map((r) => r.name)).size).toBe(2_500)
})

test('the exports are for admins only', async ({ onTestFinished }) => {
  const { app, customer } = await csvShop(database.current, onTestFinished)
  for (const url of [
    '/api/export/orders.csv',
    '/api/export/users.csv',
    '/api/export/products.csv',
  ]) {
    expect((await download(app, customer, url)).statusCode).toBe(403)
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401)
  }
})

// Who took personal data out of the shop, with which filter and how many rows.
test('each export of orders or users writes an export.* audit row with the filter and the row count; products do not', async ({
  onTestFinished,
}) => {
  const { app, admin, customer } = await csvShop(database.current, onTestFinished)
  const db = database.current.db
  const tool = await insertTool(db, { name: 'Spanner', priceCents: 1250 })
  await insertOneLineOrders(db, tool, [
    {
      quantity: 2,
      customerEmail: 'rahim@example.com',
      customerName: 'রহিম',
      status: 'paid',
      paid: true,
    },
    { quantity: 1, customerEmail: 'karim@example.com', customerName: 'Karim', status: 'unpaid' },
    { quantity: 3, customerEmail: 'rahim@example.com', customerName: 'রহিম', status: 'unpaid' },
  ])
  const audit = async (kind: string) => {
    const res = await download(app, admin, `/api/audit?kind=${kind}`)
    expect(res.statusCode, res.body).toBe(200)
    return AuditPageSchema.parse(res.json()).entries
  }

  const filtered = await download(app, admin, '/api/export/orders.csv?status=unpaid&q=rahim')
  expect(csvRecords(filtered.body)).toHaveLength(1)
  await download(app, admin, '/api/export/orders.csv')
  const users = csvRecords((await download(app, admin, '/api/export/users.csv')).body)
  await download(app, admin, '/api/export/products.csv')
  // A refused export is not an export.
  expect((await download(app, customer, '/api/export/users.csv')).statusCode).toBe(403)

  const orderRows = await audit('export.orders')
  expect(orderRows.map((e) => ({ actor: e.actorEmail, after: e.after }))).toEqual([
    { actor: admin.email, after: { filter: {}, rows: 3, complete: true } },
    {
      actor: admin.email,
      after: { filter: { status: 'unpaid', q: 'rahim' }, rows: 1, complete: true },
    },
  ])
  expect(orderRows[1]).toMatchObject({
    subjectType: 'export',
    subjectId: 'orders',
    summary: 'Exported 1 order as CSV',
  })
  const userRows = await audit('export.users')
  expect(userRows).toHaveLength(1)
  expect(userRows[0]).toMatchObject({
    actorEmail: admin.email,
    after: { filter: {}, rows: users.length, complete: true },
    summary: `Exported ${users.length} users as CSV`,
  })
  const everything = await download(app, admin, '/api/audit')
  expect(
    AuditPageSchema.parse(everything.json()).entries.filter((e) => e.kind.startsWith('export.')),
  ).toHaveLength(3)
})
