import {
  buyingRulesProblem,
  fromCents,
  messages,
  toCents,
  type Tool,
  type ToolCreateBody,
  type ToolListQuery,
  type ToolUpdateBody,
} from '@toolworks/shared'

import type { ChangeFeed } from '../../db/change-feed.js'
import type { Db, DbOrTx } from '../../db/client.js'
import { createAnswerCache, type CachedAnswer } from '../../lib/answer-cache.js'
import { AppError } from '../../lib/app-error.js'
import { isUuid } from '../../lib/ids.js'
import type { MediaService } from '../media/media.service.js'
import {
  countActiveTools,
  findActiveTool,
  insertTools,
  listActiveTools,
  lockActiveTool,
  updateTool,
  findToolsById,
  lockToolsInOrder,
  retakeStock,
  returnStock,
  softDeleteTool,
  takeCheckedStock,
  type LineToolRow,
  type ToolRow,
} from './catalog.queries.js'

export function toTool(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    price: fromCents(row.priceCents),
    description: row.description,
    quantity: row.quantity,
    minimum: row.minimum,
    priceBreaks: row.priceBreaks.map((b) => ({
      minQuantity: b.minQuantity,
      price: fromCents(b.priceCents),
    })),
    packSize: row.packSize,
    madeToOrder: row.madeToOrder,
    leadTimeDays: row.leadTimeDays,
  }
}

const breaksInCents = (breaks: { minQuantity: number; price: number }[]) =>
  breaks.map((b) => ({ minQuantity: b.minQuantity, priceCents: toCents(b.price) }))

function refuse(problem: { field: string; message: string } | null) {
  if (problem)
    throw new AppError('VALIDATION_FAILED', problem.message, { [problem.field]: problem.message })
}

export type CatalogService = ReturnType<typeof createCatalogService>

const notFound = () => new AppError('NOT_FOUND', messages.catalog.toolNotFound)

/** The catalogue: what the shop shows of its tools, and the admin's changes to it. */
/** Letters and digits of a search, lower-cased: safe to hand to to_tsquery. */
export function searchWords(q: string | undefined): string[] {
  return (
    (q ?? '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? []
  )
}

export function createCatalogService({
  db,
  media,
  changes,
}: {
  db: Db
  media: Pick<MediaService, 'exists'>
  changes: ChangeFeed
}) {
  const cache = createAnswerCache({ feed: changes, topic: 'catalog' })

  /** A product may show only a picture this shop stores (uploaded through POST /api/media). */
  async function checkImage(image: string | undefined): Promise<void> {
    if (image === undefined || (await media.exists(image))) return
    const message = messages.productRules.imageNotOurs
    throw new AppError('VALIDATION_FAILED', message, { image: message })
  }

  return {
    /** Add Product (admin): a new tool on sale, newest first in the lists. */
    async create(body: ToolCreateBody): Promise<{ acknowledged: true; insertedId: string }> {
      await checkImage(body.image)
      const [row] = await insertTools(db, [
        {
          name: body.name,
          description: body.description,
          image: body.image,
          priceCents: toCents(body.price),
          quantity: body.quantity,
          minimum: body.minimum,
          priceBreaks: breaksInCents(body.priceBreaks),
          packSize: body.packSize,
          madeToOrder: body.madeToOrder,
          leadTimeDays: body.madeToOrder ? body.leadTimeDays : null,
        },
      ])
      if (!row) throw new Error('insert returned no row')
      await cache.changed()
      return { acknowledged: true, insertedId: row.id }
    },
    /**
     * Takes a tool off sale (admin). Its orders keep the name and price they were placed with;
     * unpaid ones can still be paid or cancelled, and nobody can order the tool again.
     */
    async remove(id: string): Promise<{ acknowledged: true; deletedCount: number }> {
      if (!isUuid(id) || !(await softDeleteTool(db, id))) throw notFound()
      await cache.changed()
      return { acknowledged: true, deletedCount: 1 }
    },
    /**
     * The catalogue page as it goes on the wire, from the cache until any process changes a
     * tool. `total` (for X-Total-Count) comes with paged and searched lists.
     */
    async list(query: ToolListQuery): Promise<CachedAnswer> {
      const words = searchWords(query.q)
      const sort = query.sort ?? 'newest'
      const paged = query.limit !== undefined || query.offset !== undefined || words.length > 0
      const key = `list:${sort}:${query.limit ?? ''}:${query.offset ?? ''}:${words.join(' ')}`
      return cache.get(key, async () => {
        const options = { limit: query.limit, offset: query.offset, words, sort }
        const [rows, total] = await Promise.all([
          listActiveTools(db, options),
          paged ? countActiveTools(db, words) : Promise.resolve(undefined),
        ])
        return { value: rows.map(toTool), total }
      })
    },
    /** One tool as it goes on the wire, cached like the lists. */
    async getOne(id: string): Promise<CachedAnswer> {
      // A malformed id can name no tool: answer 404 without asking the database.
      if (!isUuid(id)) throw notFound()
      return cache.get(`one:${id}`, async () => {
        const row = await findActiveTool(db, id)
        if (!row) throw notFound()
        return { value: toTool(row) }
      })
    },
    /** After an order's transaction has committed: stock moved, so cached answers are stale. */
    stockChanged: () => cache.changed(),
    /** Stops listening for changes (the app is closing). */
    close: () => cache.close(),
    /**
     * The tools of an order's or a cart's lines by id, deleted ones too (marked), so a line
     * can name the tool it refuses; an id that is no uuid names no tool.
     */
    async toolsForLines(db: DbOrTx, ids: readonly string[]): Promise<Map<string, LineToolRow>> {
      const rows = await findToolsById(db, ids.filter(isUuid))
      return new Map(rows.map((row) => [row.id, row]))
    },
    /** Locks the tools in id order (see lockToolsInOrder); inside an order's transaction. */
    lockTools: (tx: DbOrTx, ids: readonly string[]) => lockToolsInOrder(tx, ids.filter(isUuid)),
    /** Takes stock the caller has locked and checked; false if it was not there after all. */
    takeCheckedStock: (tx: DbOrTx, id: string, amount: number) => takeCheckedStock(tx, id, amount),
    returnStock: (tx: DbOrTx, id: string, amount: number) => returnStock(tx, id, amount),
    retakeStock: (tx: DbOrTx, id: string, amount: number) => retakeStock(tx, id, amount),

    /** The admin's product edit; the minimum order may never exceed the stock. */
    async update(id: string, body: ToolUpdateBody): Promise<Tool> {
      if (!isUuid(id)) throw notFound()
      await checkImage(body.image)
      const row = await db.transaction(async (tx) => {
        const current = await lockActiveTool(tx, id)
        if (!current) throw new AppError('NOT_FOUND', messages.catalog.toolNotFound)
        const next = {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.image !== undefined && { image: body.image }),
          ...(body.description !== undefined && { description: body.description }),
          ...(body.price !== undefined && { priceCents: toCents(body.price) }),
          ...(body.quantity !== undefined && { quantity: body.quantity }),
          ...(body.minimum !== undefined && { minimum: body.minimum }),
          ...(body.priceBreaks !== undefined && { priceBreaks: breaksInCents(body.priceBreaks) }),
          ...(body.packSize !== undefined && { packSize: body.packSize }),
          ...(body.madeToOrder !== undefined && { madeToOrder: body.madeToOrder }),
          ...(body.leadTimeDays !== undefined && { leadTimeDays: body.leadTimeDays }),
        }
        const minimum = next.minimum ?? current.minimum
        const quantity = next.quantity ?? current.quantity
        if (minimum > quantity && (body.minimum !== undefined || quantity > 0)) {
          const message = messages.productRules.minimumAboveStock
          throw new AppError('VALIDATION_FAILED', message, { minimum: message })
        }
        // The edit merged into the row must still hold together (pack, breaks, lead time).
        const merged = toTool({ ...current, ...next })
        refuse(buyingRulesProblem(merged))
        if (!merged.madeToOrder) next.leadTimeDays = null
        return updateTool(tx, id, next)
      })
      if (!row) throw notFound()
      await cache.changed()
      return toTool(row)
    },
  }
}
