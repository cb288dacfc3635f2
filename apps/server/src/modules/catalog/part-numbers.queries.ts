import { isNull, sql, type SQL } from 'drizzle-orm'

import { selectRows, type DbOrTx } from '../../db/client.js'
import { tools } from '../../db/schema/index.js'
import { toolColumns } from './catalog.queries.js'

/**
 * Part-number lookups for quick order. Part numbers are matched regardless of letter
 * case: `lower(part_number)` is what tools_part_number_idx (unique), tools_part_number_trgm_idx
 * (GIN) and tools_part_number_knn_idx (GiST, migration 0022) hold.
 */
const lowerPart = sql`lower(${tools.partNumber})`

/**
 * Tools on sale with these part numbers (given lower-cased; at least one). Joined to the list
 * rather than `= any(list)`: for that the planner picked the GIN trigram index, which answers
 * equality slowly (1.3 s for 200 numbers among 10,000 tools); each joined row is one probe of
 * the unique btree, tools_part_number_idx.
 */
export function findToolsByPartNumbers(db: DbOrTx, lowered: readonly string[]) {
  // The list as one array parameter, not one per number.
  const asked = sql`unnest(${sql.param([...lowered])}::text[])`
  return db
    .select({ ...toolColumns, deleted: sql<boolean>`false` })
    .from(tools)
    .innerJoin(sql`${asked} as asked(q)`, sql`${lowerPart} = asked.q`)
    .where(isNull(tools.deletedAt))
}

/** How similar (pg_trgm, 0 to 1) a part number must be to be offered as the closest. */
export const CLOSEST_PART_SIMILARITY = 0.3

/**
 * The nearest part number on sale to each of these (lower-cased) by trigram distance, with its
 * similarity. One statement, one branch per number; each branch walks
 * tools_part_number_knn_idx (GiST) nearest first and stops at the first row.
 */
export function closestPartNumbersQuery(lowered: readonly string[]): SQL {
  return sql.join(
    lowered.map(
      (q) => sql`(select ${q}::text as asked, ${tools.partNumber} as closest,
        similarity(${lowerPart}, ${q}::text) as similarity
        from ${tools}
        where ${tools.deletedAt} is null
        order by ${lowerPart} <-> ${q}::text
        limit 1)`,
    ),
    sql` union all `,
  )
}

/** The closest part number to each asked (lower-cased) that is similar enough. */
export async function closestPartNumbers(
  db: DbOrTx,
  lowered: readonly string[],
): Promise<Map<string, string>> {
  if (lowered.length === 0) return new Map()
  const rows = await selectRows<{ asked: string; closest: string | null; similarity: number }>(
    db,
    closestPartNumbersQuery(lowered),
  )
  const closest = new Map<string, string>()
  // Too far off is no suggestion at all ("ZZZZ" is not a typo of anything).
  for (const row of rows)
    if (row.closest !== null && Number(row.similarity) >= CLOSEST_PART_SIMILARITY)
      closest.set(row.asked, row.closest)
  return closest
}
