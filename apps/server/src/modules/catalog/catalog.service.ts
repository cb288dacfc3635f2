import {
  fromCents,
  messages,
  toCents,
  type Tool,
  type ToolCreateBody,
  type ToolListQuery,
  type ToolUpdateBody,
} from '@toolworks/shared'

import type { Db, DbOrTx } from '../../db/client.js'
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
  retakeStock,
  returnStock,
  softDeleteTool,
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

const notFound = () => new AppError('NOT_FOUND', messages.catalog.toolNotFound)

/** The catalogue: what the shop shows of its tools, and the admin's changes to it. */
export function createCatalogService({
  db,
  media,
}: {
  db: Db
  media: Pick<MediaService, 'exists'>
}) {
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
        },
      ])
      if (!row) throw new Error('insert returned no row')
      return { acknowledged: true, insertedId: row.id }
    },
    /**
     * Takes a tool off sale (admin). Its orders keep the name and price they were placed with;
     * unpaid ones can still be paid or cancelled, and nobody can order the tool again.
     */
    async remove(id: string): Promise<{ acknowledged: true; deletedCount: number }> {
      if (!isUuid(id) || !(await softDeleteTool(db, id))) throw notFound()
      return { acknowledged: true, deletedCount: 1 }
    },
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
        }
        const minimum = next.minimum ?? current.minimum
        const quantity = next.quantity ?? current.quantity
        if (minimum > quantity && (body.minimum !== undefined || quantity > 0)) {
          const message = messages.productRules.minimumAboveStock
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
