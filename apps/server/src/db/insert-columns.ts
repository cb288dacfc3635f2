import { getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

import type { DbOrTx } from './client.js'

/**
 * Inserts many rows as one array per column (`insert ... select * from unnest($1::t[], ...)`),
 * on both engines. Drizzle's multi-row `values()` builds every value of every row into the
 * statement one by one; here the statement has one parameter per column whatever the number
 * of rows, so building it costs the same for 1 row as for 50 (the orders insert
 * of a shared order transaction, 45 columns a row, was 7.7 % of an order's CPU).
 *
 * Each value goes through its column's own `mapToDriverValue`, as drizzle's insert does. A
 * column a row leaves out takes its default: rows are grouped by the columns they give, one
 * statement per group. Nothing is returned; read the rows back where they are needed.
 */
export async function insertColumns<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  const columns = getTableColumns(table)
  const byShape = new Map<string, { keys: string[]; rows: Record<string, unknown>[] }>()
  for (const row of rows as readonly Record<string, unknown>[]) {
    const keys = Object.keys(columns).filter((key) => row[key] !== undefined)
    const shape = keys.join(',')
    const group = byShape.get(shape) ?? { keys, rows: [] }
    group.rows.push(row)
    byShape.set(shape, group)
  }
  for (const { keys, rows: group } of byShape.values()) {
    const names: SQL[] = []
    const arrays: SQL[] = []
    for (const key of keys) {
      const column = columns[key]
      if (!column) throw new Error(`no column ${key}`)
      const values = group.map((row) => {
        const value = row[key]
        return value === null ? null : column.mapToDriverValue(value)
      })
      names.push(sql`${sql.identifier(column.name)}`)
      arrays.push(sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`)
    }
    await db.execute(
      sql`insert into ${table} (${sql.join(names, sql`, `)})
          select * from unnest(${sql.join(arrays, sql`, `)})`,
    )
  }
}
