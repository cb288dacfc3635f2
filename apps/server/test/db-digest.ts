import { sql } from 'drizzle-orm'

import { selectRows, type DbOrTx } from '../src/db/client.js'

/**
 * Bookkeeping that a rejected request may legitimately change: rate-limit counters count
 * refusals too (that is their job). Everything else is the shop's data.
 */
const NOT_DATA = new Set(['rate_limit', 'rate_limit_counters'])

/** Every table of the app (public schema), so a new table is covered without a change here. */
export async function appTables(db: DbOrTx): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  return rows.map((r) => r.name).filter((name) => !NOT_DATA.has(name))
}

/**
 * One md5 per table over its rows in a fixed order: two equal digests mean no row was
 * added, removed or changed in between.
 */
export async function databaseDigest(
  db: DbOrTx,
  tables: string[],
): Promise<Record<string, string>> {
  const parts = tables.map(
    (t) =>
      `select '${t}' as name, md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as digest from "${t}" r`,
  )
  const rows = await selectRows<{ name: string; digest: string }>(
    db,
    sql.raw(parts.join(' union all ')),
  )
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]))
}
