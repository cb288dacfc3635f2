import { readFileSync } from 'node:fs'

import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'

import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { createTestDatabase } from '../../test/database.js'
import { migrationsBefore } from '../../test/migrations-before.js'
import { migrationsFolder, openDatabase, PGLITE_EXTENSIONS, selectRows } from './client.js'

const journal = JSON.parse(
  readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: { tag: string }[] }

type Row = Record<string, unknown>

test('a fresh database is migrated to the latest schema, and migrating again changes nothing', async ({
  onTestFinished,
}) => {
  const database = await createTestDatabase()
  onTestFinished(() => database.close())

  const tables = await selectRows<Row>(
    database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  )
  const names = tables.map((r) => r.table_name)
  expect(names).toEqual(
    expect.arrayContaining([
      'account',
      'cart_lines',
      'contact_messages',
      'media_files',
      'newsletter_subscribers',
      'order_lines',
      'orders',
      'promotions',
      'rate_limit',
      'reviews',
      'session',
      'tools',
      'user',
      'verification',
    ]),
  )

  const countMigrations = sql`select count(*)::int as n from drizzle.__drizzle_migrations`
  const [applied] = await selectRows<Row>(database.db, countMigrations)
  expect(applied?.n).toBe(journal.entries.length)

  const moneyColumns = await selectRows<Row>(
    database.db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and column_name like '%cents'`,
  )
  expect([...new Set(moneyColumns.map((r) => r.column_name))].sort()).toEqual([
    'amount_cents',
    'cap_cents',
    'discount_cents',
    'line_total_cents',
    'price_cents',
    'subtotal_cents',
    'total_cents',
    'unit_price_cents',
    'vat_cents',
  ])
  for (const row of moneyColumns) expect(row.data_type).toBe('integer')

  if (database.url) {
    // A second process opening the same PostgreSQL database applies nothing twice.
    const again = await openDatabase({ kind: 'pg', url: database.url })
    await again.close()
    const [after] = await selectRows<Row>(database.db, countMigrations)
    expect(after?.n).toBe(journal.entries.length)
  }
})

test('the database refuses rows that break the money and stock rules', async ({
  onTestFinished,
}) => {
  const database = await createTestDatabase()
  onTestFinished(() => database.close())
  const insert = (price: number, quantity: number) =>
    database.db.execute(
      sql`insert into tools (name, description, image, price_cents, quantity) values ('x', 'y', 'z', ${price}, ${quantity})`,
    )
  await expect(insert(0, 1)).rejects.toThrow()
  await expect(insert(100, -1)).rejects.toThrow()
  await expect(insert(100, 0)).resolves.toBeDefined()
})

test('migration 0008 turns every order placed before it into a one-line order that reads the same', async ({
  onTestFinished,
}) => {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS })
  onTestFinished(() => client.close())
  const db = drizzle(client)
  await migrate(db, { migrationsFolder: migrationsBefore('0008_order_lines_cart_promotions') })
  const rows = async (text: string, params: unknown[] = []) =>
    (await client.query<Row>(text, params)).rows
  const [tool] = await rows(
    `insert into tools (name, description, image, price_cents, quantity)
     values ('Spring clamp', 'x', 'y', 1999, 10) returning id`,
  )
  // An old order, placed 2026-03-01 20:30 UTC: 02:30 the next day in Dhaka.
  const [order] = await rows(
    `insert into orders (tool_id, tool_name, unit_price_cents, quantity, total_cents,
       customer_email, customer_name, phone, address, status, paid, created_at)
     values ($1, 'Spring clamp', 1999, 3, 5997, 'old@example.com', 'Old Buyer',
       '1', 'Dhaka', 'paid', true, '2026-03-01T20:30:00Z') returning id`,
    [tool?.id],
  )

  await migrate(db, { migrationsFolder })

  const [head] = await rows(
    `select subtotal_cents, discount_cents, total_cents, first_order_discount, discount_label
     from orders where id = $1`,
    [order?.id],
  )
  expect(head).toEqual({
    subtotal_cents: 5997,
    discount_cents: 0,
    total_cents: 5997,
    first_order_discount: false,
    discount_label: null,
  })
  const lines = await rows(
    `select position, tool_id, tool_name, unit_price_cents, quantity, line_total_cents,
       from_stock, made_to_order, ships_by::text as ships_by
     from order_lines where order_id = $1`,
    [order?.id],
  )
  expect(lines).toEqual([
    {
      position: 0,
      tool_id: tool?.id,
      tool_name: 'Spring clamp',
      unit_price_cents: 1999,
      quantity: 3,
      line_total_cents: 5997,
      from_stock: 3,
      made_to_order: 0,
      ships_by: '2026-03-02',
    },
  ])
})

test('migration 0016 gives every older order its payment method and state', async ({
  onTestFinished,
}) => {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS })
  onTestFinished(() => client.close())
  const db = drizzle(client)
  await migrate(db, { migrationsFolder: migrationsBefore('0016_payment_methods') })
  const rows = async (text: string, params: unknown[] = []) =>
    (await client.query<Row>(text, params)).rows
  const [tool] = await rows(
    `insert into tools (name, description, image, price_cents, quantity)
     values ('Spring clamp', 'x', 'y', 1999, 10) returning id`,
  )
  const order = async (values: string) =>
    (
      await rows(
        `insert into orders (tool_id, tool_name, unit_price_cents, quantity, subtotal_cents,
           total_cents, customer_email, customer_name, phone, address, status, paid,
           payment_intent_id, cancel_reason, refund_id)
         values ($1, 'Spring clamp', 1999, 1, 1999, 1999, 'old@example.com', 'Old', '1', 'Dhaka',
           ${values}) returning id`,
        [tool?.id],
      )
    )[0]?.id
  const paid = await order(`'paid', true, 'pi_1', null, null`)
  const open = await order(`'unpaid', false, null, null, null`)
  const started = await order(`'unpaid', false, 'pi_2', null, null`)
  const refunded = await order(`'cancelled', false, 'pi_3', 'refunded_out_of_stock', 're_3'`)
  const expired = await order(`'cancelled', false, null, 'expired', null`)

  await migrate(db, { migrationsFolder })

  const state = async (id: unknown) =>
    (await rows(`select payment_method, payment_state from orders where id = $1`, [id]))[0]
  expect(await state(paid)).toEqual({ payment_method: 'card', payment_state: 'paid' })
  expect(await state(open)).toEqual({ payment_method: null, payment_state: 'unpaid' })
  expect(await state(started)).toEqual({ payment_method: 'card', payment_state: 'unpaid' })
  expect(await state(refunded)).toEqual({ payment_method: 'card', payment_state: 'refunded' })
  expect(await state(expired)).toEqual({ payment_method: null, payment_state: 'unpaid' })
})

test('migration 0021 makes every older order a domestic US-dollar order with the 15% VAT it holds', async ({
  onTestFinished,
}) => {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS })
  onTestFinished(() => client.close())
  const db = drizzle(client)
  await migrate(db, { migrationsFolder: migrationsBefore('0021_taka_vat_mushak') })
  const rows = async (text: string, params: unknown[] = []) =>
    (await client.query<Row>(text, params)).rows
  const [tool] = await rows(
    `insert into tools (name, description, image, price_cents, quantity)
     values ('Spring clamp', 'x', 'y', 1999, 10) returning id`,
  )
  const [order] = await rows(
    `insert into orders (tool_id, tool_name, unit_price_cents, quantity, subtotal_cents,
       total_cents, customer_email, customer_name, phone, address)
     values ($1, 'Spring clamp', 1999, 3, 5997, 5997, 'old@example.com', 'Old', '1', 'Dhaka')
     returning id`,
    [tool?.id],
  )

  await migrate(db, { migrationsFolder })

  const [after] = await rows(
    `select currency, exchange_rate_units, country, vat_rate, vat_cents, mushak_serial
     from orders where id = $1`,
    [order?.id],
  )
  // 5997 × 100 / 115 = 5214.78… → 5215 before VAT, so 782 of VAT.
  expect(after).toEqual({
    currency: 'USD',
    exchange_rate_units: null,
    country: 'BD',
    vat_rate: 15,
    vat_cents: 782,
    mushak_serial: null,
  })
})

test('migration 0025 numbers the orders already placed in the order they were placed, and new ones follow', async ({
  onTestFinished,
}) => {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS })
  onTestFinished(() => client.close())
  const db = drizzle(client)
  await migrate(db, { migrationsFolder: migrationsBefore('0025_order_numbers') })
  const rows = async (text: string, params: unknown[] = []) =>
    (await client.query<Row>(text, params)).rows
  const [tool] = await rows(
    `insert into tools (name, description, image, price_cents, quantity)
     values ('Spring clamp', 'x', 'y', 1999, 10) returning id`,
  )
  const place = async (placedAt: string) =>
    (
      await rows(
        `insert into orders (tool_id, tool_name, unit_price_cents, quantity, subtotal_cents,
           total_cents, customer_email, customer_name, phone, address, created_at)
         values ($1, 'Spring clamp', 1999, 1, 1999, 1999, 'old@example.com', 'Old', '1', 'Dhaka', $2)
         returning id`,
        [tool?.id, placedAt],
      )
    )[0]?.id
  // Inserted out of order: the numbers follow when they were placed.
  const second = await place('2026-03-02T10:00:00Z')
  const first = await place('2026-03-01T10:00:00Z')
  const third = await place('2026-03-03T10:00:00Z')

  await migrate(db, { migrationsFolder })

  const numberOf = async (id: unknown) =>
    Number((await rows(`select order_number from orders where id = $1`, [id]))[0]?.order_number)
  expect([await numberOf(first), await numberOf(second), await numberOf(third)]).toEqual([
    10001, 10002, 10003,
  ])
  const next = await place('2026-01-01T00:00:00Z')
  expect(await numberOf(next)).toBe(10004)
  await expect(
    rows(`update orders set order_number = 10001 where id = $1`, [next]),
  ).rejects.toThrow(/unique/i)
})

test('migration 0026 fills the search lexicon from the tools there, and keeps it filled as tools change', async ({
  onTestFinished,
}) => {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS })
  onTestFinished(() => client.close())
  const db = drizzle(client)
  await migrate(db, { migrationsFolder: migrationsBefore('0026_search_lexicon') })
  const rows = async (text: string, params: unknown[] = []) =>
    (await client.query<Row>(text, params)).rows
  await rows(
    `insert into tools (name, description, image, price_cents, quantity, part_number, specs)
     values ('Magnetic screwdriver 2000', 'x', 'y', 1999, 10, 'MS-42', '{"material": "Chrome-vanadium"}')`,
  )

  await migrate(db, { migrationsFolder })
  const words = async () =>
    (await rows(`select word from search_lexicon order by word`)).map((r) => r.word)
  // Words of three characters or more with a letter: not "42", not "2000".
  expect(await words()).toEqual(['chrome', 'magnetic', 'screwdriver', 'vanadium'])

  const [tool] = await rows(
    `insert into tools (name, description, image, price_cents, quantity)
     values ('Torque wrench', 'x', 'y', 2999, 5) returning id`,
  )
  expect(await words()).toContain('torque')
  await rows(`update tools set name = 'Torque spanner' where id = $1`, [tool?.id])
  expect(await words()).toContain('spanner')
  // A word no tool has any more stays (it finds nothing); a stock change adds nothing.
  await rows(`update tools set quantity = 4 where id = $1`, [tool?.id])
  expect(await words()).toEqual([
    'chrome',
    'magnetic',
    'screwdriver',
    'spanner',
    'torque',
    'vanadium',
    'wrench',
  ])
})

test('migration 0028 gives every order that holds money its payment row, and every refunded one its refund, without loss', async ({
  onTestFinished,
}) => {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS })
  onTestFinished(() => client.close())
  const db = drizzle(client)
  await migrate(db, { migrationsFolder: migrationsBefore('0028_payment_records') })
  const rows = async (text: string, params: unknown[] = []) =>
    (await client.query<Row>(text, params)).rows
  const [tool] = await rows(
    `insert into tools (name, description, image, price_cents, quantity)
     values ('Spring clamp', 'x', 'y', 1999, 10) returning id`,
  )
  const order = async (values: string, currency = `'USD', null`) =>
    (
      await rows(
        `insert into orders (tool_id, tool_name, unit_price_cents, quantity, subtotal_cents,
           total_cents, customer_email, customer_name, phone, address, currency,
           exchange_rate_units, status, paid, payment_state, payment_method, payment_provider,
           transaction_id, payment_intent_id, cancel_reason, refund_id, paid_at)
         values ($1, 'Spring clamp', 1999, 1, 1999, 1999, 'old@example.com', 'Old', '1', 'Dhaka',
           ${currency}, ${values}) returning id`,
        [tool?.id],
      )
    )[0]?.id
  const at = `'2026-11-02T10:00:00Z'`
  const gateway = await order(
    `'paid', true, 'paid', 'sslcommerz', 'sslcommerz', 'BANK1', 'VAL1', null, null, ${at}`,
    `'BDT', 1225000`,
  )
  const stripe = await order(
    `'shipped', true, 'paid', 'card', null, 'pi_9', 'pi_9', null, null, ${at}`,
  )
  const sandbox = await order(
    `'paid', true, 'paid', null, null, 'sbx_1', 'sbx_1', null, null, ${at}`,
  )
  const refunded = await order(
    `'cancelled', false, 'refunded', 'card', 'stripe', null, 'pi_3', 'refunded_out_of_stock', 're_3', null`,
  )
  const cancelledPaid = await order(
    `'cancelled', true, 'refunded', 'sslcommerz', 'sslcommerz', 'BANK4', 'VAL4', 'admin', 'REF4', ${at}`,
  )
  const due = await order(
    `'cancelled', false, 'refund-due', 'bank-transfer', 'bank-transfer', 'TRF-77', 'TW-REF-1', 'refunded_cancelled', 'due-TW-REF-1', null`,
  )
  const review = await order(
    `'unpaid', false, 'under-review', 'sslcommerz', 'sslcommerz', null, 'VAL5', null, null, null`,
  )
  const unpaid = await order(`'unpaid', false, 'unpaid', null, null, null, null, null, null, null`)
  const awaiting = await order(
    `'unpaid', false, 'awaiting-transfer', 'bank-transfer', 'bank-transfer', null, 'TW-REF-2', null, null, null`,
  )

  await migrate(db, { migrationsFolder })

  const paymentOf = async (id: unknown) =>
    rows(
      `select provider, method, provider_payment_id, provider_ref, amount_cents, currency, state,
         received_at from payments where order_id = $1`,
      [id],
    )
  const refundOf = async (id: unknown) =>
    rows(
      `select r.reason, r.state, r.provider_refund_id, r.amount_cents, r.currency,
         r.payment_id = p.id as of_its_payment
       from refunds r join payments p on p.order_id = r.order_id where r.order_id = $1`,
      [id],
    )
  const receivedAt = new Date('2026-11-02T10:00:00Z')
  expect(await paymentOf(gateway)).toEqual([
    {
      provider: 'sslcommerz',
      method: 'sslcommerz',
      provider_payment_id: 'VAL1',
      provider_ref: 'BANK1',
      amount_cents: 1999,
      currency: 'BDT',
      state: 'received',
      received_at: receivedAt,
    },
  ])
  expect(await paymentOf(stripe)).toEqual([
    expect.objectContaining({ provider: 'stripe', provider_payment_id: 'pi_9', state: 'received' }),
  ])
  expect(await paymentOf(sandbox)).toEqual([
    expect.objectContaining({ provider: 'sandbox', method: 'card', state: 'received' }),
  ])
  expect(await paymentOf(refunded)).toEqual([
    expect.objectContaining({ provider: 'stripe', provider_payment_id: 'pi_3', state: 'refunded' }),
  ])
  expect(await refundOf(refunded)).toEqual([
    {
      reason: 'out-of-stock',
      state: 'done',
      provider_refund_id: 're_3',
      amount_cents: 1999,
      currency: 'USD',
      of_its_payment: true,
    },
  ])
  expect(await refundOf(cancelledPaid)).toEqual([
    expect.objectContaining({ reason: 'admin-cancel', state: 'done', provider_refund_id: 'REF4' }),
  ])
  expect(await paymentOf(due)).toEqual([
    expect.objectContaining({
      provider: 'bank-transfer',
      method: 'bank-transfer',
      state: 'received',
    }),
  ])
  expect(await refundOf(due)).toEqual([
    expect.objectContaining({ reason: 'cancelled', state: 'due', of_its_payment: true }),
  ])
  expect(await paymentOf(review)).toEqual([
    expect.objectContaining({ provider_payment_id: 'VAL5', state: 'under-review' }),
  ])
  expect(await refundOf(review)).toEqual([])
  // No money, no rows: an unpaid order and one awaiting a transfer have received nothing yet.
  expect(await paymentOf(unpaid)).toEqual([])
  expect(await paymentOf(awaiting)).toEqual([])
  // Nothing is lost: every order holding money has exactly one payment, of its total.
  const [totals] = await rows(
    `select count(*)::int as orders,
       count(*) filter (where p.amount_cents = o.total_cents and p.currency = o.currency)::int as matching
     from orders o join payments p on p.order_id = o.id`,
  )
  expect(totals).toEqual({ orders: 7, matching: 7 })
})
