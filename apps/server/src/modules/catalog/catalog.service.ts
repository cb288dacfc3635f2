import {
  fromCents,
  messages,
  toCents,
  type Tool,
  type ToolListQuery,
  type ToolUpdateBody,
} from '@toolworks/shared'

import type { Db, DbOrTx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { isUuid } from '../../lib/ids.js'
import {
  countActiveTools,
  findActiveTool,
  listActiveTools,
  lockActiveTool,
  updateTool,
  retakeStock,
  returnStock,
  takeStock,
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
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>

/** The catalogue read path: what the shop shows of its tools. */
export function createCatalogService({ db }: { db: Db }) {
  return {
    async list(query: ToolListQuery): Promise<{ tools: Tool[]; total: number | undefined }> {
      const paged = query.limit !== undefined || query.offset !== undefined
      const [rows, total] = await Promise.all([
        listActiveTools(db, query),
        paged ? countActiveTools(db) : Promise.resolve(undefined),
      ])
      return { tools: rows.map(toTool), total }
    },

    /**
     * Reserves stock for an order inside the caller's transaction. Refuses with NOT_FOUND
     * (no such tool on sale), VALIDATION_FAILED (below the minimum order) or OUT_OF_STOCK.
     */
    async takeStock(tx: DbOrTx, id: string, amount: number) {
      const taken = isUuid(id) ? await takeStock(tx, id, amount) : undefined
      if (taken) return taken
      const tool = isUuid(id) ? await findActiveTool(tx, id) : undefined
      if (!tool) throw new AppError('NOT_FOUND', messages.catalog.toolNotFound)
      if (amount < tool.minimum) {
        const message = messages.orderRules.belowMinimum(tool.minimum)
        throw new AppError('VALIDATION_FAILED', message, { purchaseQuantity: message })
      }
      throw new AppError('OUT_OF_STOCK', messages.orderRules.outOfStock(tool.quantity))
    },

    returnStock: (tx: DbOrTx, id: string, amount: number) => returnStock(tx, id, amount),
    retakeStock: (tx: DbOrTx, id: string, amount: number) => retakeStock(tx, id, amount),

    /** The admin's product edit; the minimum order may never exceed the stock. */
    async update(id: string, body: ToolUpdateBody): Promise<Tool> {
      if (!isUuid(id)) throw new AppError('NOT_FOUND', messages.catalog.toolNotFound)
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
        }
        const minimum = next.minimum ?? current.minimum
        const quantity = next.quantity ?? current.quantity
        if (minimum > quantity && (body.minimum !== undefined || quantity > 0)) {
          const message = 'The minimum order quantity cannot be more than the stock.'
          throw new AppError('VALIDATION_FAILED', message, { minimum: message })
        }
        return updateTool(tx, id, next)
      })
      if (!row) throw new AppError('NOT_FOUND', messages.catalog.toolNotFound)
      return toTool(row)
    },

    async getOne(id: string): Promise<Tool> {
      // A malformed id can name no tool: answer 404 without asking the database.
      const row = isUuid(id) ? await findActiveTool(db, id) : undefined
      if (!row) throw new AppError('NOT_FOUND', messages.catalog.toolNotFound)
      return toTool(row)
    },
  }
}
