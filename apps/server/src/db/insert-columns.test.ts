import { asc, sql } from 'drizzle-orm'
import { bigint, boolean, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { expect, test } from 'vitest'

import { useTestDatabase } from '../../test/database.js'
import { insertColumns } from './insert-columns.js'

const database = useTestDatabase()

// Every kind of column the orders tables have, and defaults.
const sample = pgTable('insert_columns_sample', {
  n: integer('n').primaryKey(),
  id: uuid('id'),
  word: text('word'),
  status: text('status', { enum: ['unpaid', 'paid'] })
    .notNull()
    .default('unpaid'),
  big: bigint('big', { mode: 'number' }),
  flag: boolean('flag').notNull().default(false),
  day: date('day'),
  at: timestamp('at', { withTimezone: true, precision: 3 }),
  serial: bigint('serial', { mode: 'number' }).default(sql`nextval('insert_columns_seq')`),
})

async function createSample() {
  const db = database.current.db
  await db.execute(sql`drop table if exists insert_columns_sample`)
  await db.execute(sql`drop sequence if exists insert_columns_seq`)
  await db.execute(sql`create sequence insert_columns_seq start 100`)
  await db.execute(sql`create table insert_columns_sample (
    n integer primary key, id uuid, word text, status text not null default 'unpaid',
    big bigint, flag boolean not null default false, day date,
    at timestamp(3) with time zone, serial bigint default nextval('insert_columns_seq'))`)
}

// Text that an array literal must escape, and text that only looks like NULL.
const words = [
  'plain',
  'a,b',
  '"quoted"',
  '{brace}',
  'back\\slash',
  'NULL',
  '',
  'ঢাকা ৳ 1,234',
  null,
]

test('rows inserted from column arrays read back as drizzle inserts them, nasty text and nulls included', async () => {
  await createSample()
  const at = new Date('2026-11-29T10:11:12.345Z')
  const rows = words.map((word, n) => ({
    n,
    id: n % 2 === 0 ? crypto.randomUUID() : null,
    word,
    big: n === 3 ? 9_007_199_254_740_991 : n * 1_000,
    flag: n % 3 === 0,
    day: '2026-11-29',
    at: new Date(at.getTime() + n),
  }))
  await insertColumns(database.current.db, sample, rows)
  const back = await database.current.db.select().from(sample).orderBy(asc(sample.n))
  expect(back.map(({ status: _s, serial: _i, ...row }) => row)).toEqual(rows)
  // Columns the rows leave out take their defaults: the enum's and the sequence's.
  expect(back.map((r) => r.status)).toEqual(rows.map(() => 'unpaid'))
  expect(new Set(back.map((r) => r.serial)).size).toBe(rows.length)
})

test('rows that give different columns are inserted by group, each taking the defaults of what it leaves out', async () => {
  await createSample()
  await insertColumns(database.current.db, sample, [
    { n: 1, word: 'one', status: 'paid' },
    { n: 2, word: 'two' },
    { n: 3, status: 'paid', flag: true },
  ])
  const back = await database.current.db.select().from(sample).orderBy(asc(sample.n))
  expect(back.map((r) => [r.n, r.word, r.status, r.flag])).toEqual([
    [1, 'one', 'paid', false],
    [2, 'two', 'unpaid', false],
    [3, null, 'paid', true],
  ])
})
