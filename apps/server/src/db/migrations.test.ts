import { readFileSync } from 'node:fs'

import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { createTestDatabase } from '../../test/database.js'
import { openDatabase, selectRows } from './client.js'

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
      'contact_messages',
      'media_files',
      'newsletter_subscribers',
      'orders',
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
  expect(moneyColumns.map((r) => r.column_name).sort()).toEqual([
    'amount_cents',
    'price_cents',
    'total_cents',
    'unit_price_cents',
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
