import { zipSync } from 'fflate'
import { eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { appTables, databaseDigest } from '../../../test/db-digest.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { makeImage, uploadedImageUrl } from '../../../test/uploads.js'
import { auditLog, tools } from '../../db/schema/index.js'
import { csvRecords, csvShop, download, HEADER, postImport } from '../../../test/csv.js'

const database = useTestDatabase()

type Row = { row: number; action: string; reason: string | null; toolId: string | null }

const activeTools = () =>
  database.current.db
    .select({
      name: tools.name,
      description: tools.description,
      image: tools.image,
      priceCents: tools.priceCents,
      quantity: tools.quantity,
      minimum: tools.minimum,
      packSize: tools.packSize,
      priceBreaks: tools.priceBreaks,
      madeToOrder: tools.madeToOrder,
      leadTimeDays: tools.leadTimeDays,
    })
    .from(tools)
    .where(sql`${tools.deletedAt} is null`)
    .orderBy(tools.createdAt, tools.name)

test('export, then import into an empty catalogue: the same catalogue, in the same order', async ({
  onTestFinished,
}) => {
  const { app, admin } = await csvShop(database.current, onTestFinished)
  const image = await uploadedImageUrl(app, admin)
  const db = database.current.db
  await insertTool(db, {
    name: 'হাতুড়ি, "বড়"',
    image,
    description: 'Line one\nline two',
    createdAt: new Date('2026-01-01'),
  })
  await insertTool(db, {
    name: '=Formula-looking name',
    image,
    description: '-starts with a minus',
    priceCents: 5000,
    quantity: 120,
    minimum: 10,
    packSize: 10,
    priceBreaks: [
      { minQuantity: 50, priceCents: 4500 },
      { minQuantity: 100, priceCents: 4000 },
    ],
    madeToOrder: true,
    leadTimeDays: 15,
    createdAt: new Date('2026-01-02'),
  })
  await insertTool(db, {
    name: 'Plain saw',
    image,
    priceCents: 150,
    quantity: 0,
    createdAt: new Date('2026-01-03'),
  })
  const before = await activeTools()
  const file = (await download(app, admin, '/api/export/products.csv')).rawPayload

  await db.execute(sql`truncate order_lines, orders, cart_lines, tools cascade`)
  const res = await postImport(app, admin, { bytes: file })

  // Plain saw has no stock: a new tool needs at least 1 (Add Product's rule).
  expect(res.statusCode).toBe(400)
  const refused = res.json<{ rows: Row[] }>().rows
  expect(refused.find((r) => r.action === 'error')).toMatchObject({
    row: 4,
    reason: 'quantity: quantity must be at least 1',
  })
  expect(await activeTools()).toEqual([])

  // The same file with that stock edited: all three come back as they were.
  const edited = file.toString('utf8').replace(/("Plain saw",[^\r]*?,"1\.50",)"0",/, '$1"1",')
  const ok = await postImport(app, admin, { bytes: edited })
  expect(ok.statusCode, ok.body).toBe(200)
  expect(ok.json()).toMatchObject({ created: 3, updated: 0 })
  const after = await activeTools()
  expect(after).toEqual(before.map((t) => (t.name === 'Plain saw' ? { ...t, quantity: 1 } : t)))
})

test('export, edit, import again: rows update their tools by id, and the catalogue follows', async ({
  onTestFinished,
}) => {
  const { app, admin } = await csvShop(database.current, onTestFinished)
  const image = await uploadedImageUrl(app, admin)
  const db = database.current.db
  const a = await insertTool(db, { name: 'Claw hammer', image, priceCents: 2450, quantity: 40 })
  const b = await insertTool(db, { name: 'Hand saw', image, priceCents: 1800, quantity: 12 })
  const text = (await download(app, admin, '/api/export/products.csv')).body
  const same = await postImport(app, admin, { bytes: text })
  expect(same.json()).toMatchObject({ created: 0, updated: 2 })

  // The catalogue's answers are cached: the import must tell the cache it changed.
  const cached = await app.inject({ method: 'GET', url: `/api/tool/${a.id}` })
  expect(cached.json()).toMatchObject({ price: 24.5 })
  const edited = text.replace(',"24.50","40",', ',"26.00","35",')
  const res = await postImport(app, admin, { bytes: edited })

  expect(res.statusCode, res.body).toBe(200)
  const [row] = await db.select().from(tools).where(eq(tools.id, a.id))
  expect(row).toMatchObject({ priceCents: 2600, quantity: 35, name: 'Claw hammer' })
  const fresh = await app.inject({ method: 'GET', url: `/api/tool/${a.id}` })
  expect(fresh.json()).toMatchObject({ price: 26, quantity: 35 })
  const [other] = await db.select().from(tools).where(eq(tools.id, b.id))
  expect(other).toMatchObject({ priceCents: 1800, quantity: 12 })
  expect(csvRecords((await download(app, admin, '/api/export/products.csv')).body)).toHaveLength(2)
})

test('the dry run previews new, update (by name or SKU) and error rows and writes nothing', async ({
  onTestFinished,
}) => {
  const { app, admin } = await csvShop(database.current, onTestFinished)
  const image = await uploadedImageUrl(app, admin)
  const db = database.current.db
  const byName = await insertTool(db, { name: 'Claw Hammer', image })
  const byId = await insertTool(db, { name: 'Hand saw', image })
  const csv = [
    HEADER,
    `,  claw hammer  ,Forged,24.50,40,2,1,,no,,${image}`,
    `${byId.id},Hand saw (long),Sharp,18.00,12,1,1,,no,,${image}`,
    `,New file,Metal file,5.00,10,1,1,,no,,${image}`,
    `,Bad price,Metal file,cheap,10,1,1,,no,,${image}`,
    `,Too few,Metal file,5.00,3,5,1,,no,,${image}`,
    `,Pack rule,Metal file,5.00,30,3,2,,no,,${image}`,
    `,Breaks up,Metal file,5.00,30,1,1,10:6.00,no,,${image}`,
    `,Not ours,Metal file,5.00,30,1,1,,no,,/media/ffffffffffffffffffffffffffffffff-800.webp`,
    `,No zip,Metal file,5.00,30,1,1,,no,,picture.png`,
    `,Lead,Metal file,5.00,30,1,1,,yes,,${image}`,
  ].join('\r\n')
  const tables = await appTables(db)
  const digest = await databaseDigest(db, tables)

  const res = await postImport(app, admin, { bytes: csv }, true)

  expect(res.statusCode, res.body).toBe(200)
  const body = res.json<{ rows: Row[]; counts: object }>()
  expect(body.counts).toEqual({ new: 1, update: 2, error: 7 })
  expect(body.rows.map((r) => [r.row, r.action, r.reason])).toEqual([
    [2, 'update', null],
    [3, 'update', null],
    [4, 'new', null],
    [5, 'error', 'price: must be a number'],
    [6, 'error', 'minimum: The minimum order quantity cannot be more than the stock.'],
    [7, 'error', 'minimum: The minimum order quantity must be a multiple of the pack size (2).'],
    [
      8,
      'error',
      'price_breaks: Each price break must be cheaper than the one before it, starting from the price.',
    ],
    [9, 'error', 'image: Upload the image first; only images stored by this shop can be used.'],
    [10, 'error', expect.stringMatching(/^image: "picture.png" is not an image URL of this shop/)],
    [11, 'error', 'lead_time_days: A made-to-order tool needs a lead time in working days.'],
  ])
  expect(body.rows[0]?.toolId).toBe(byName.id)
  expect(body.rows[1]?.toolId).toBe(byId.id)
  expect(await databaseDigest(db, tables)).toEqual(digest)
})

test('one bad row refuses the whole import: nothing is written, every row is answered', async ({
  onTestFinished,
}) => {
  const { app, admin } = await csvShop(database.current, onTestFinished)
  const image = await uploadedImageUrl(app, admin)
  const db = database.current.db
  await insertTool(db, { name: 'Claw hammer', image })
  const tables = await appTables(db)
  const digest = await databaseDigest(db, tables)
  const csv = [
    HEADER,
    `,Claw hammer,Forged,99.00,40,2,1,,no,,${image}`,
    `,New file,Metal file,5.00,10,1,1,,no,,${image}`,
    `,New file,Another row of the same name,5.00,10,1,1,,no,,${image}`,
  ].join('\n')

  const res = await postImport(app, admin, { bytes: csv })

  expect(res.statusCode).toBe(400)
  const body = res.json<{ error: { code: string; message: string }; rows: Row[] }>()
  expect(body.error).toEqual({
    code: 'VALIDATION_FAILED',
    message: 'Nothing was imported: 1 row has an error.',
  })
  expect(body.rows.map((r) => [r.action, r.reason])).toEqual([
    ['update', null],
    ['new', null],
    ['error', 'name: the same product as row 3'],
  ])
  expect(await databaseDigest(db, tables)).toEqual(digest)
})

test('every imported row writes a product.import audit row with the admin and the values', async ({
  onTestFinished,
}) => {
  const { app, admin } = await csvShop(database.current, onTestFinished)
  const image = await uploadedImageUrl(app, admin)
  const db = database.current.db
  const hammer = await insertTool(db, { name: 'Claw hammer', image, priceCents: 2000 })
  const csv = [
    HEADER,
    `${hammer.id},Claw hammer,Forged,25.00,40,2,1,,no,,${image}`,
    `,New file,Metal file,5.00,10,1,1,,no,,${image}`,
  ].join('\r\n')

  const res = await postImport(app, admin, { bytes: csv })

  expect(res.statusCode, res.body).toBe(200)
  const rows = await db.select().from(auditLog).orderBy(auditLog.id)
  expect(rows).toHaveLength(2)
  expect(rows.every((r) => r.kind === 'product.import' && r.actorEmail === admin.email)).toBe(true)
  const update = rows.find((r) => r.subjectId === hammer.id)
  expect(update?.before).toMatchObject({ priceCents: 2000 })
  expect(update?.after).toMatchObject({ priceCents: 2500, quantity: 40 })
  const created = rows.find((r) => r.subjectId !== hammer.id)
  expect(created?.before).toBeNull()
  expect(created?.after).toMatchObject({ name: 'New file', priceCents: 500 })
})

test('a zip with the CSV and its pictures stores them like uploads; a missing one is a row error', async ({
  onTestFinished,
}) => {
  const { app, admin } = await csvShop(database.current, onTestFinished)
  const db = database.current.db
  const csv = [
    HEADER,
    ',Zipped saw,With its picture,5.00,10,1,1,,no,,pictures/saw.png',
    ',Zipped file,With its picture,6.00,10,1,1,,no,,file.JPG',
  ].join('\r\n')
  const zip = Buffer.from(
    zipSync({
      'products.csv': Buffer.from(csv),
      'pictures/saw.png': await makeImage('png', 3),
      'file.jpg': await makeImage('jpeg', 4),
    }),
  )

  const res = await postImport(app, admin, {
    bytes: zip,
    filename: 'catalogue.zip',
    type: 'application/zip',
  })

  expect(res.statusCode, res.body).toBe(200)
  const images = (await activeTools()).map((t) => t.image)
  expect(images).toHaveLength(2)
  for (const url of images) {
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}-800\.webp$/)
    expect((await app.inject({ method: 'GET', url })).headers['content-type']).toBe('image/webp')
  }

  const missing = Buffer.from(
    zipSync({
      'products.csv': Buffer.from(
        [HEADER, ',Lost,Its picture is lost,5.00,10,1,1,,no,,lost.png'].join('\n'),
      ),
      'other.png': await makeImage('png', 5),
    }),
  )
  const tables = await appTables(db)
  const digest = await databaseDigest(db, tables)
  const refused = await postImport(app, admin, { bytes: missing, filename: 'c.zip' })
  expect(refused.statusCode).toBe(400)
  expect(refused.json<{ rows: Row[] }>().rows[0]?.reason).toBe(
    'image: the image file "lost.png" is not in the ZIP',
  )
  expect(await databaseDigest(db, tables)).toEqual(digest)
})

test('wrong types, bombs and oversized files are refused with their reason and write nothing', async ({
  onTestFinished,
}) => {
  const { app, admin, customer } = await csvShop(database.current, onTestFinished)
  const db = database.current.db
  const tables = await appTables(db)
  const digest = await databaseDigest(db, tables)
  const message = async (res: Awaited<ReturnType<typeof postImport>>) => {
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    return [res.statusCode, res.json<{ error: { message: string } }>().error.message]
  }

  expect(
    await message(
      await postImport(app, admin, {
        bytes: await makeImage('png'),
        filename: 'a.png',
        type: 'image/png',
      }),
    ),
  ).toEqual([400, expect.stringContaining('not a CSV or a ZIP')])
  expect(await message(await postImport(app, admin, { bytes: 'x', field: 'image' }))).toEqual([
    400,
    expect.stringContaining('in the field "file"'),
  ])
  const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x61)
  expect(await message(await postImport(app, admin, { bytes: big }))).toEqual([
    413,
    expect.stringContaining('larger than 5 MB'),
  ])
  // 200 MB of zeros deflates to a few hundred kilobytes: stopped at 100 MB unzipped.
  const bomb = Buffer.from(
    zipSync(
      { 'a.csv': Buffer.from(HEADER), 'b.png': new Uint8Array(200 * 1024 * 1024) },
      { level: 9 },
    ),
  )
  expect(await message(await postImport(app, admin, { bytes: bomb, filename: 'b.zip' }))).toEqual([
    413,
    expect.stringContaining('more than 100 MB'),
  ])
  const twoCsv = Buffer.from(
    zipSync({ 'a.csv': Buffer.from(HEADER), 'b.csv': Buffer.from(HEADER) }),
  )
  expect(await message(await postImport(app, admin, { bytes: twoCsv, filename: 'b.zip' }))).toEqual(
    [400, 'The ZIP must hold exactly one .csv file (and its images).'],
  )
  const exe = Buffer.from(zipSync({ 'a.csv': Buffer.from(HEADER), 'run.exe': Buffer.from('MZ') }))
  expect(
    (await message(await postImport(app, admin, { bytes: exe, filename: 'b.zip' })))[1],
  ).toContain('"run.exe"')
  expect(await message(await postImport(app, admin, { bytes: 'name,colour\r\nx,red' }))).toEqual([
    400,
    expect.stringContaining('Unknown column "colour"'),
  ])
  const rows = [
    HEADER,
    ...Array.from({ length: 5_001 }, (_, i) => `,T${i},d,1.00,1,1,1,,no,,x.png`),
  ]
  expect(await message(await postImport(app, admin, { bytes: rows.join('\n') }, true))).toEqual([
    400,
    'This CSV has more than 5,000 rows. Split it into smaller files.',
  ])
  expect((await postImport(app, customer, { bytes: HEADER })).statusCode).toBe(403)
  expect(await databaseDigest(db, tables)).toEqual(digest)
})
