import type { PriceBreakCents, Specs, ToolDocument, ToolSort } from '@toolworks/shared'
import { and, asc, count, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm'

import { selectRows, type DbOrTx } from '../../db/client.js'
import { categories, tools } from '../../db/schema/index.js'

export const toolColumns = {
  id: tools.id,
  name: tools.name,
  description: tools.description,
  image: tools.image,
  priceCents: tools.priceCents,
  quantity: tools.quantity,
  minimum: tools.minimum,
  priceBreaks: tools.priceBreaks,
  packSize: tools.packSize,
  madeToOrder: tools.madeToOrder,
  leadTimeDays: tools.leadTimeDays,
  partNumber: tools.partNumber,
  categoryId: tools.categoryId,
  // A primary-key lookup per row: answers name the category by its slug.
  categorySlug: sql<
    string | null
  >`(select ${categories.slug} from ${categories} where ${categories.id} = ${tools.categoryId})`,
  specs: tools.specs,
  documents: tools.documents,
}

export type ToolRow = {
  id: string
  name: string
  description: string
  image: string
  priceCents: number
  quantity: number
  minimum: number
  priceBreaks: PriceBreakCents[]
  packSize: number
  madeToOrder: boolean
  leadTimeDays: number | null
  partNumber: string | null
  categoryId: string | null
  categorySlug: string | null
  specs: Specs
  documents: ToolDocument[]
}

/** The search fields (part number, category, specs, documents) of a tool that has none of them. */
export const noSearchFields = (): Pick<
  ToolRow,
  'partNumber' | 'categoryId' | 'categorySlug' | 'specs' | 'documents'
> => ({ partNumber: null, categoryId: null, categorySlug: null, specs: {}, documents: [] })

const active = isNull(tools.deletedAt)

export type ToolListOptions = {
  limit?: number
  offset?: number
  /** Words of a search, already cut to letters and digits (see searchWords). */
  words?: string[]
  sort?: ToolSort
}

/** The words of a search as a prefix query: "claw ham" finds "Claw hammer". */
function nameMatches(words: string[]): SQL {
  const query = words.map((w) => `${w}:*`).join(' & ')
  // The expression is exactly the one of tools_name_search_idx, so the index serves it.
  return sql`to_tsvector('simple', ${tools.name}) @@ to_tsquery('simple', ${query})`
}

function activeWhere(words: string[] | undefined): SQL | undefined {
  return words && words.length > 0 ? and(active, nameMatches(words)) : active
}

const ORDER: Record<ToolSort, SQL[]> = {
  // The id breaks ties so pages never overlap; each order is an index.
  newest: [desc(tools.createdAt), desc(tools.id)],
  price_asc: [asc(tools.priceCents), asc(tools.id)],
  price_desc: [desc(tools.priceCents), desc(tools.id)],
}

/** Tools on sale, newest first unless asked otherwise (the builder, so tests can EXPLAIN it). */
export function toolListQuery(db: DbOrTx, options: ToolListOptions = {}) {
  const query = db
    .select(toolColumns)
    .from(tools)
    .where(activeWhere(options.words))
    .orderBy(...ORDER[options.sort ?? 'newest'])
    .$dynamic()
  if (options.limit !== undefined) query.limit(options.limit)
  if (options.offset !== undefined) query.offset(options.offset)
  return query
}

export function listActiveTools(db: DbOrTx, options: ToolListOptions = {}): Promise<ToolRow[]> {
  return toolListQuery(db, options)
}

/** How many tools on sale match (the builder, so tests can EXPLAIN it). */
export function toolCountQuery(db: DbOrTx, words?: string[]) {
  return db.select({ n: count() }).from(tools).where(activeWhere(words))
}

export async function countActiveTools(db: DbOrTx, words?: string[]): Promise<number> {
  const [row] = await toolCountQuery(db, words)
  return row?.n ?? 0
}

export async function findActiveTool(db: DbOrTx, id: string): Promise<ToolRow | undefined> {
  const [row] = await db
    .select(toolColumns)
    .from(tools)
    .where(and(eq(tools.id, id), active))
    .limit(1)
  return row
}

type SearchFieldName = 'partNumber' | 'categoryId' | 'categorySlug' | 'specs' | 'documents'

export type NewToolRow = Omit<
  ToolRow,
  'id' | 'priceBreaks' | 'packSize' | 'madeToOrder' | 'leadTimeDays' | SearchFieldName
> &
  Partial<
    Pick<
      ToolRow,
      | 'priceBreaks'
      | 'packSize'
      | 'madeToOrder'
      | 'leadTimeDays'
      | 'partNumber'
      | 'categoryId'
      | 'specs'
      | 'documents'
    >
  > & {
    createdAt?: Date
  }

export async function insertTools(db: DbOrTx, rows: NewToolRow[]): Promise<{ id: string }[]> {
  if (rows.length === 0) return []
  return db.insert(tools).values(rows).returning({ id: tools.id })
}

/** Takes a tool off sale; its row stays so that orders and their history keep it. */
export async function softDeleteTool(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(tools)
    .set({ deletedAt: new Date() })
    .where(and(eq(tools.id, id), active))
    .returning({ id: tools.id })
  return rows.length > 0
}

/** Puts a cancelled order's quantity back, whether or not the tool is still on sale. */
export async function returnStock(tx: DbOrTx, id: string, amount: number): Promise<void> {
  await tx
    .update(tools)
    .set({ quantity: sql`${tools.quantity} + ${amount}` })
    .where(eq(tools.id, id))
}

export async function lockActiveTool(tx: DbOrTx, id: string): Promise<ToolRow | undefined> {
  const [row] = await tx
    .select(toolColumns)
    .from(tools)
    .where(and(eq(tools.id, id), active))
    .for('update')
    .limit(1)
  return row
}

export async function updateTool(
  tx: DbOrTx,
  id: string,
  fields: Partial<Omit<ToolRow, 'id' | 'categorySlug'>>,
): Promise<ToolRow | undefined> {
  const [row] = await tx.update(tools).set(fields).where(eq(tools.id, id)).returning(toolColumns)
  return row
}

/**
 * A payment arrived for an order that had been cancelled: the sale stands, so its quantity
 * leaves stock again, down to zero at most (the shortfall is logged for the shop to handle).
 */
/**
 * Takes stock back for a cancelled order whose payment arrived late: the same
 * conditional UPDATE as ordering, so it takes all of it or nothing and never goes below 0.
 * Answers the stock left, or undefined when there is not enough.
 */
export async function retakeStock(
  tx: DbOrTx,
  id: string,
  amount: number,
): Promise<number | undefined> {
  const [row] = await tx
    .update(tools)
    .set({ quantity: sql`${tools.quantity} - ${amount}` })
    .where(and(eq(tools.id, id), gte(tools.quantity, amount)))
    .returning({ quantity: tools.quantity })
  return row?.quantity
}

/** A tool as an order line or a cart line sees it, on sale or not (`deleted`). */
export type LineToolRow = ToolRow & { deleted: boolean }

const lineToolColumns = { ...toolColumns, deleted: sql<boolean>`${tools.deletedAt} is not null` }

/** Tools by id, deleted ones too (a line names the tool it refuses). Ids must be uuids. */
export function findToolsById(db: DbOrTx, ids: readonly string[]): Promise<LineToolRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  // One array parameter, not one per id (a 200-line cart or quick order).
  return db
    .select(lineToolColumns)
    .from(tools)
    .where(sql`${tools.id} = any(${sql.param([...ids])}::uuid[])`)
}

/**
 * Locks tools for an order in one statement, in id order: every transaction that
 * locks several tools does it here, so two of them meet in the same order and cannot
 * deadlock. NO KEY UPDATE, the lock an UPDATE of the stock takes anyway: it does not block
 * the key-share locks of foreign keys (a cart line naming the tool). Ids must be uuids.
 */
export async function lockToolsInOrder(tx: DbOrTx, ids: readonly string[]): Promise<LineToolRow[]> {
  if (ids.length === 0) return []
  // The rows as locked (the latest version, read after the lock is granted): an order prices
  // its lines from them without reading them again (flows/checkout.ts).
  return tx
    .select(lineToolColumns)
    .from(tools)
    .where(inArray(tools.id, [...ids]))
    .orderBy(asc(tools.id))
    .for('no key update')
}

/** One tool's take (takeCheckedStocks): the stock left, or null if it was not there after all. */
export async function takeCheckedStock(
  tx: DbOrTx,
  id: string,
  amount: number,
): Promise<number | null> {
  return (await takeCheckedStocks(tx, [{ id, amount }])).get(id) ?? null
}

/**
 * Takes stock from tools already locked and checked by the caller, in one statement (a shared
 * order transaction takes its batch's stock at once), answering the stock left of
 * each tool taken. Still conditional, so a bug can never take stock below 0 (the check
 * constraint would refuse it anyway): a tool missing from the answer did not have the amount.
 * Each id at most once.
 */
export async function takeCheckedStocks(
  tx: DbOrTx,
  takes: readonly { id: string; amount: number }[],
): Promise<Map<string, number>> {
  if (takes.length === 0) return new Map()
  const ids = sql.param(takes.map((t) => t.id))
  const amounts = sql.param(takes.map((t) => t.amount))
  const rows = await selectRows<{ id: string; quantity: number }>(
    tx,
    sql`update ${tools} set quantity = ${tools.quantity} - take.amount
        from unnest(${ids}::uuid[], ${amounts}::int[]) as take(id, amount)
        where ${tools.id} = take.id and ${tools.quantity} >= take.amount
        returning ${tools.id} as id, ${tools.quantity} as quantity`,
  )
  return new Map(rows.map((row) => [row.id, Number(row.quantity)]))
}

/** Where a page of an export ended: the row's time to the microsecond (text) and its id. */
export type PageCursor = { at: string; id: string }

/** created_at as ISO text to the microsecond: a JS Date would cut it to milliseconds. */
const microTime = sql<string>`to_char(${tools.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/**
 * One page of the tools on sale for the CSV export, oldest first (a file imported in that
 * order comes back in the same order), after `after` (keyset: no page skips or repeats a row).
 */
export function toolsExportPage(
  db: DbOrTx,
  after: PageCursor | undefined,
  limit: number,
): Promise<(ToolRow & { at: string })[]> {
  return db
    .select({ ...toolColumns, at: microTime })
    .from(tools)
    .where(
      after
        ? and(
            active,
            sql`(${tools.createdAt}, ${tools.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`,
          )
        : active,
    )
    .orderBy(asc(tools.createdAt), asc(tools.id))
    .limit(limit)
}

/** Tools on sale whose id is one of `ids` or whose trimmed, lower-cased name is one of `names`. */
export function findActiveToolsByIdOrName(
  db: DbOrTx,
  ids: readonly string[],
  names: readonly string[],
): Promise<ToolRow[]> {
  const byId = ids.length > 0 ? inArray(tools.id, [...ids]) : undefined
  const byName =
    names.length > 0 ? inArray(sql<string>`lower(trim(${tools.name}))`, [...names]) : undefined
  if (!byId && !byName) return Promise.resolve([])
  const either = byId && byName ? sql`(${byId} or ${byName})` : (byId ?? byName)
  return db.select(toolColumns).from(tools).where(and(active, either))
}

/**
 * The sitemap's tools: the ids of the tools on sale, newest first (the list's
 * index), at most `limit` (a sitemap file holds at most 50,000 addresses).
 */
export async function activeToolIds(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: tools.id })
    .from(tools)
    .where(active)
    .orderBy(sql`${tools.createdAt} desc nulls first`, sql`${tools.id} desc nulls first`)
    .limit(limit)
  return rows.map((r) => r.id)
}
