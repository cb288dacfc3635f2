import { ToolSchema, searchMessages as sm } from '@toolworks/shared'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { bearer, type TestUser } from '../../../test/accounts.js'
import { csvRecords, csvShop, download, postImport } from '../../../test/csv.js'
import { useTestDatabase } from '../../../test/database.js'
import { uploadedImageUrl } from '../../../test/uploads.js'
import type { App } from '../../app.js'
import { tools } from '../../db/schema/index.js'

/**
 * The search's columns of the products CSV: partNumber, category and one spec.<key> per
 * attribute key; the import checks specs against the row's category like the product form.
 */

const database = useTestDatabase()

const FIXED =
  'id,name,description,price,quantity,minimum,pack_size,price_breaks,made_to_order,lead_time_days,image,partNumber,category'

async function drillShop(onTestFinished: (fn: () => Promise<void>) => void) {
  const shop = await csvShop(database.current, onTestFinished)
  const { app, admin } = shop
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: bearer(admin), payload })
  const category = await post('/api/category', {
    slug: 'drill-bits',
    name: 'Drill bits',
    attributes: [
      { key: 'diameter', label: 'Diameter', unit: 'mm', type: 'number', required: true },
      { key: 'material', label: 'Material', type: 'enum', values: ['HSS', 'HSS-Co'] },
      { key: 'coating', label: 'Coating', type: 'text' },
    ],
  })
  expect(category.statusCode, category.body).toBe(201)
  const taps = await post('/api/category', {
    slug: 'taps',
    name: 'Taps',
    attributes: [{ key: 'thread', label: 'Thread', type: 'text', required: true }],
  })
  expect(taps.statusCode, taps.body).toBe(201)
  const image = await uploadedImageUrl(app, admin)
  const tool = (name: string, extra: object) =>
    post('/api/tool', {
      name,
      image,
      price: 3.5,
      quantity: 100,
      minimum: 1,
      description: name,
      ...extra,
    })
  for (const res of [
    await tool('HSS drill 8 mm', {
      partNumber: 'DB-HSS-080',
      category: 'drill-bits',
      specs: { diameter: 8, material: 'HSS', coating: 'TiN, gold' },
    }),
    await tool('Cobalt drill 10.5 mm', {
      partNumber: 'db-co-105',
      category: 'drill-bits',
      specs: { diameter: 10.5, material: 'HSS-Co' },
    }),
    await tool('M8 tap', { partNumber: 'TAP-M8', category: 'taps', specs: { thread: 'M8x1.25' } }),
    await tool('Plain hammer', {}),
  ])
    expect(res.statusCode, res.body).toBe(201)
  return { ...shop, image }
}

const exportRecords = async (app: App, admin: TestUser) => {
  const res = await download(app, admin, '/api/export/products.csv')
  expect(res.statusCode).toBe(200)
  return { body: res.body, records: csvRecords(res.body) }
}

const withoutIds = (records: Record<string, string>[]) =>
  records
    .map(({ id: _id, ...rest }) => rest)
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''))

test('the export carries partNumber, category and spec.<key> columns; importing it into an empty catalogue gives the same catalogue', async ({
  onTestFinished,
}) => {
  const { app, admin } = await drillShop(onTestFinished)
  const first = await exportRecords(app, admin)
  expect(Object.keys(first.records[0] ?? {}).join(',')).toBe(
    `${FIXED},spec.coating,spec.diameter,spec.material,spec.thread`,
  )
  const byName = new Map(first.records.map((r) => [r.name, r]))
  expect(byName.get('HSS drill 8 mm')).toMatchObject({
    partNumber: 'DB-HSS-080',
    category: 'drill-bits',
    'spec.diameter': '8',
    'spec.material': 'HSS',
    'spec.coating': 'TiN, gold',
    'spec.thread': '',
  })
  expect(byName.get('Cobalt drill 10.5 mm')).toMatchObject({
    partNumber: 'db-co-105',
    'spec.diameter': '10.5',
    'spec.coating': '',
  })
  expect(byName.get('Plain hammer')).toMatchObject({ partNumber: '', category: '' })

  // An empty catalogue (part numbers stay taken by deleted tools, so the rows go).
  await database.current.db.delete(tools)
  const imported = await postImport(app, admin, { bytes: first.body })
  expect(imported.statusCode, imported.body).toBe(200)
  expect(imported.json()).toMatchObject({ created: 4, updated: 0 })
  const second = await exportRecords(app, admin)
  expect(withoutIds(second.records)).toEqual(withoutIds(first.records))
  // Numbers came back as numbers, texts as texts.
  const list = await app.inject({ method: 'GET', url: '/api/tool/part/DB-CO-105' })
  expect(ToolSchema.parse(list.json()).specs).toEqual({ diameter: 10.5, material: 'HSS-Co' })
})

test('an import updates part numbers, categories and specs; an empty spec cell removes that value', async ({
  onTestFinished,
}) => {
  const { app, admin } = await drillShop(onTestFinished)
  const { records } = await exportRecords(app, admin)
  const drill = records.find((r) => r.name === 'HSS drill 8 mm')
  if (!drill) throw new Error('drill missing')
  const csv = [
    'id,name,description,price,quantity,minimum,partNumber,category,spec.diameter,spec.material,spec.coating',
    `${drill.id},HSS drill 8 mm,HSS drill 8 mm,3.50,100,1,DB-HSS-081,drill-bits,8.2,HSS-Co,`,
  ].join('\n')
  const res = await postImport(app, admin, { bytes: csv })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json()).toMatchObject({ created: 0, updated: 1 })
  const tool = ToolSchema.parse(
    (await app.inject({ method: 'GET', url: `/api/tool/${drill.id}` })).json(),
  )
  expect(tool).toMatchObject({
    partNumber: 'DB-HSS-081',
    category: 'drill-bits',
    specs: { diameter: 8.2, material: 'HSS-Co' },
  })
})

test('specs are checked against the row category: each refused row names its row and column, and nothing is written', async ({
  onTestFinished,
}) => {
  const { app, admin, image } = await drillShop(onTestFinished)
  const before = await database.current.db
    .select()
    .from(tools)
    .orderBy(sql`name`)
  const csv = [
    'name,description,price,quantity,minimum,partNumber,category,spec.diameter,spec.material,spec.colour,spec.thread,image',
    `Good drill,ok,2,10,1,DB-NEW-001,drill-bits,6,HSS,,,${image}`,
    `Brass drill,x,2,10,1,DB-NEW-002,drill-bits,6,Brass,,,${image}`,
    `Wide drill,x,2,10,1,DB-NEW-003,drill-bits,wide,HSS,,,${image}`,
    `No diameter,x,2,10,1,DB-NEW-004,drill-bits,,HSS,,,${image}`,
    `Red drill,x,2,10,1,DB-NEW-005,drill-bits,6,HSS,red,,${image}`,
    `Loose drill,x,2,10,1,DB-NEW-006,,6,,,,${image}`,
    `Lost drill,x,2,10,1,DB-NEW-007,reamers,6,,,,${image}`,
    `Twin drill,x,2,10,1,db-new-001,drill-bits,6,HSS,,,${image}`,
    `M6 tap,x,2,10,1,TAP-M6,taps,,,,M6,${image}`,
  ].join('\n')
  const res = await postImport(app, admin, { bytes: csv })
  expect(res.statusCode, res.body).toBe(400)
  const rows = res.json<{ rows: { row: number; action: string; reason: string | null }[] }>().rows
  expect(rows.map((r) => [r.row, r.action, r.reason])).toEqual([
    [2, 'new', null],
    [3, 'error', `spec.material: ${sm.specNotInList('Material', ['HSS', 'HSS-Co'])}`],
    [4, 'error', `spec.diameter: ${sm.specNotNumber('Diameter')}`],
    [5, 'error', `spec.diameter: ${sm.specRequired('Diameter')}`],
    [6, 'error', `spec.colour: ${sm.specUnknown('colour', 'Drill bits')}`],
    [7, 'error', `spec.diameter: ${sm.specsNeedCategory}`],
    [8, 'error', `category: ${sm.categoryUnknown('reamers')}`],
    [9, 'error', `partNumber: ${sm.partNumberTaken('db-new-001')}`],
    [10, 'new', null],
  ])
  expect(
    await database.current.db
      .select()
      .from(tools)
      .orderBy(sql`name`),
  ).toEqual(before)
})
