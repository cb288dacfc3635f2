import {
  isId,
  activityWords,
  buyingRulesProblem,
  csvWords,
  fromCents,
  messages,
  toCents,
  type Tool,
  searchMessages as sm,
  specsProblem,
  type Specs,
  type ToolCreateBody,
  type ToolSearchQuery,
  type ToolSort,
  type ToolUpdateBody,
  type CategoryAttribute,
  documentMessages as dm,
  PRODUCT_DOCUMENTS_MAX,
  storedDocumentId,
} from '@toolworks/shared'

import type { ChangeFeed } from '../../db/change-feed.js'
import type { Db, DbOrTx, Tx } from '../../db/client.js'
import { createAnswerCache, type CachedAnswer } from '../../lib/answer-cache.js'
import { AppError } from '../../lib/app-error.js'
import { writeAuditEntry, writeAuditedUpdate, type AuditActor } from '../audit/audit.service.js'
import type { MediaService } from '../media/media.service.js'
import {
  countActiveTools,
  findActiveTool,
  findActiveToolsByIdOrName,
  toolsExportPage,
  type PageCursor,
  insertTools,
  listActiveTools,
  lockActiveTool,
  updateTool,
  findToolsById,
  lockToolsInOrder,
  retakeStock,
  returnStock,
  softDeleteTool,
  takeCheckedStocks,
  type LineToolRow,
  type ToolRow,
  noSearchFields,
  activeToolIds,
} from './catalog.queries.js'
import { loadCategoryTree } from './categories.service.js'
import { closestPartNumbers, findToolsByPartNumbers } from './part-numbers.queries.js'
import { partNumberTaken } from './search.queries.js'
import { isSearch, type SearchService } from './search.service.js'

export { searchWords } from './search-words.js'

export type CsvCategories = {
  keys: string[]
  of(slug: string): { name: string; attributes: CategoryAttribute[] } | undefined
}

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
    // The search fields appear when the tool has them, so older tools keep their shape.
    ...(row.partNumber !== null && { partNumber: row.partNumber }),
    ...(row.categorySlug !== null && { category: row.categorySlug }),
    ...((row.categorySlug !== null || Object.keys(row.specs).length > 0) && { specs: row.specs }),
    ...(row.documents.length > 0 && { documents: row.documents }),
  }
}

const breaksInCents = (breaks: { minQuantity: number; price: number }[]) =>
  breaks.map((b) => ({ minQuantity: b.minQuantity, priceCents: toCents(b.price) }))

/** A new tool's row from Add Product's body (or an import's new row), money in cents. */
const newToolValues = (body: ToolCreateBody) => ({
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
})

function refuse(problem: { field: string; message: string } | null) {
  if (problem)
    throw new AppError('VALIDATION_FAILED', problem.message, { [problem.field]: problem.message })
}

/**
 * The edit's rules on the stored tool, as `update` checks them inside its transaction: the
 * minimum may not exceed the stock, and the merged tool keeps its buying rules (the CSV
 * import checks its update rows with it).
 */
function editProblemOf(
  current: Tool,
  body: ToolUpdateBody,
): { field: string; message: string } | null {
  const minimum = body.minimum ?? current.minimum
  const quantity = body.quantity ?? current.quantity
  if (minimum > quantity && (body.minimum !== undefined || quantity > 0))
    return { field: 'minimum', message: messages.productRules.minimumAboveStock }
  return buyingRulesProblem({ ...current, ...body })
}

/** The list's own sorts; the others (relevance, price-asc, …) are the search's. */
const OLD_SORTS = new Set(['newest', 'price_asc', 'price_desc'])

export type CatalogService = ReturnType<typeof createCatalogService>

/** An import's tool was deleted or changed between the check and the write. */
const catalogImportChanged = csvWords.changedMeanwhile

const notFound = () => new AppError('NOT_FOUND', messages.catalog.toolNotFound)

/** The catalogue: what the shop shows of its tools, and the admin's changes to it. */
export function createCatalogService({
  db,
  media,
  changes,
  search,
}: {
  db: Db
  media: Pick<MediaService, 'exists'>
  changes: ChangeFeed
  search: Pick<SearchService, 'list'>
}) {
  const cache = createAnswerCache({ feed: changes, topic: 'catalog' })
  let sitemapIds: Promise<string[]> | undefined
  const stopSitemap = changes.subscribe((topic) => {
    if (topic === 'catalog') sitemapIds = undefined
  })

  /**
   * The search fields of a create or an edit, checked against the tool's (new) category inside
   * the transaction: a part number nobody else has (any case), a known category, and specs
   * that are the category's attributes with the right types and every required one.
   */
  async function searchFieldsOf(
    tx: DbOrTx,
    current: ToolRow | undefined,
    body: Pick<ToolUpdateBody, 'partNumber' | 'category' | 'specs' | 'documents'>,
  ): Promise<Partial<Pick<ToolRow, 'partNumber' | 'categoryId' | 'specs' | 'documents'>>> {
    const fields: Partial<Pick<ToolRow, 'partNumber' | 'categoryId' | 'specs' | 'documents'>> = {}
    if (body.partNumber !== undefined) {
      if (body.partNumber !== null && (await partNumberTaken(tx, body.partNumber, current?.id)))
        throw new AppError('CONFLICT', sm.partNumberTaken(body.partNumber), {
          partNumber: sm.partNumberTaken(body.partNumber),
        })
      fields.partNumber = body.partNumber
    }
    if (body.documents !== undefined) {
      // The list an admin writes holds the linked documents; the uploaded ones (served by
      // product-documents.routes.ts) stay until they are deleted through their own route.
      const stored = (url: string) =>
        current !== undefined && storedDocumentId(current.id, url) !== undefined
      fields.documents = [
        ...body.documents.filter((d) => !stored(d.url)),
        ...(current?.documents.filter((d) => stored(d.url)) ?? []),
      ]
      if (fields.documents.length > PRODUCT_DOCUMENTS_MAX)
        refuse({ field: 'documents', message: dm.tooMany(PRODUCT_DOCUMENTS_MAX) })
    }
    if (body.category === undefined && body.specs === undefined) return fields
    const tree = await loadCategoryTree(tx)
    const slug = body.category !== undefined ? body.category : (current?.categorySlug ?? null)
    // Taking a tool out of its category takes its specs with it.
    const specs: Specs = body.specs ?? (body.category === null ? {} : (current?.specs ?? {}))
    const category = slug !== null ? tree.bySlug(slug) : undefined
    if (slug !== null && !category) refuse({ field: 'category', message: sm.categoryUnknown(slug) })
    if (!category) {
      if (Object.keys(specs).length > 0) refuse({ field: 'specs', message: sm.specsNeedCategory })
    } else refuse(specsProblem(specs, tree.attributes(category), category.name))
    fields.categoryId = category?.id ?? null
    fields.specs = category ? specs : {}
    return fields
  }

  /** A product may show only a picture this shop stores (uploaded through POST /api/media). */
  async function checkImage(image: string | undefined): Promise<void> {
    if (image === undefined || (await media.exists(image))) return
    const message = messages.productRules.imageNotOurs
    throw new AppError('VALIDATION_FAILED', message, { image: message })
  }

  return {
    /** Add Product (admin): a new tool on sale, newest first in the lists. */
    async create(
      actor: AuditActor,
      body: ToolCreateBody,
    ): Promise<{ acknowledged: true; insertedId: string }> {
      await checkImage(body.image)
      const base = newToolValues(body)
      // The product and its audit row commit together.
      const row = await db.transaction(async (tx) => {
        const values = { ...base, ...(await searchFieldsOf(tx, undefined, body)) }
        const [inserted] = await insertTools(tx, [values])
        if (!inserted) throw new Error('insert returned no row')
        await writeAuditEntry(tx, actor, {
          kind: 'product.create',
          subjectType: 'tool',
          subjectId: inserted.id,
          summary: activityWords.summary.productCreated(base.name),
          before: null,
          after: values,
        })
        return inserted
      })
      await cache.changed()
      return { acknowledged: true, insertedId: row.id }
    },
    /**
     * Takes a tool off sale (admin). Its orders keep the name and price they were placed with;
     * unpaid ones can still be paid or cancelled, and nobody can order the tool again.
     */
    async remove(
      actor: AuditActor,
      id: string,
    ): Promise<{ acknowledged: true; deletedCount: number }> {
      if (!isId(id)) throw notFound()
      await db.transaction(async (tx) => {
        const current = await lockActiveTool(tx, id)
        if (!current || !(await softDeleteTool(tx, id))) throw notFound()
        await writeAuditEntry(tx, actor, {
          kind: 'product.delete',
          subjectType: 'tool',
          subjectId: id,
          summary: activityWords.summary.productDeleted(current.name),
          before: {
            name: current.name,
            priceCents: current.priceCents,
            quantity: current.quantity,
            minimum: current.minimum,
          },
          after: null,
        })
      })
      await cache.changed()
      return { acknowledged: true, deletedCount: 1 }
    },
    /**
     * The catalogue page as it goes on the wire, from the cache until any process changes a
     * tool. `total` (for X-Total-Count) comes with paged and searched lists.
     */
    async list(query: ToolSearchQuery): Promise<CachedAnswer> {
      // Words, a category, specs or stock: the catalogue search (search.service.ts).
      if (isSearch(query) || (query.sort !== undefined && !OLD_SORTS.has(query.sort)))
        return search.list(query)
      const sort: ToolSort =
        query.sort === 'price_asc'
          ? 'price_asc'
          : query.sort === 'price_desc'
            ? 'price_desc'
            : 'newest'
      const paged = query.limit !== undefined || query.offset !== undefined
      const key = `list:${sort}:${query.limit ?? ''}:${query.offset ?? ''}`
      return cache.get(key, async () => {
        const options = { limit: query.limit, offset: query.offset, sort }
        const [rows, total] = await Promise.all([
          listActiveTools(db, options),
          paged ? countActiveTools(db) : Promise.resolve(undefined),
        ])
        return { value: rows.map(toTool), total }
      })
    },
    /** One tool as it goes on the wire, cached like the lists. */
    async getOne(id: string): Promise<CachedAnswer> {
      // A malformed id can name no tool: answer 404 without asking the database.
      if (!isId(id)) throw notFound()
      return cache.get(`one:${id}`, async () => {
        const row = await findActiveTool(db, id)
        if (!row) throw notFound()
        return { value: toTool(row) }
      })
    },
    /** After an order's transaction has committed: stock moved, so cached answers are stale. */
    stockChanged: () => cache.changed(),
    /**
     * The ids of the tools on sale for the sitemap, newest first; kept until the
     * catalogue changes, so a crawler's visits cost no query.
     */
    async sitemapToolIds(limit: number): Promise<string[]> {
      if (!sitemapIds) {
        const loading = activeToolIds(db, limit)
        sitemapIds = loading
        loading.catch(() => {
          if (sitemapIds === loading) sitemapIds = undefined
        })
      }
      return sitemapIds
    },
    /** Stops listening for changes (the app is closing). */
    close: () => {
      stopSitemap()
      cache.close()
    },
    /**
     * The tools of an order's or a cart's lines by id, deleted ones too (marked), so a line
     * can name the tool it refuses; an id that is no uuid names no tool.
     */
    async toolsForLines(db: DbOrTx, ids: readonly string[]): Promise<Map<string, LineToolRow>> {
      const rows = await findToolsById(db, ids.filter(isId))
      return new Map(rows.map((row) => [row.id, row]))
    },
    /**
     * Tools on sale by part number, regardless of letter case (quick order): keyed by
     * the lower-cased number.
     */
    async toolsForPartNumbers(
      db: DbOrTx,
      partNumbers: readonly string[],
    ): Promise<Map<string, LineToolRow>> {
      const lowered = [...new Set(partNumbers.map((p) => p.toLowerCase()))]
      if (lowered.length === 0) return new Map()
      const rows: LineToolRow[] = await findToolsByPartNumbers(db, lowered)
      return new Map(rows.map((row) => [row.partNumber?.toLowerCase() ?? '', row]))
    },
    /** The closest part number on sale to each unknown one (pg_trgm), keyed lower-cased. */
    closestPartNumbers: (db: DbOrTx, partNumbers: readonly string[]) =>
      closestPartNumbers(db, [...new Set(partNumbers.map((p) => p.toLowerCase()))]),
    /**
     * Locks the tools in id order (see lockToolsInOrder) and answers them as locked; inside an
     * order's transaction.
     */
    lockTools: (tx: DbOrTx, ids: readonly string[]) => lockToolsInOrder(tx, ids.filter(isId)),
    /** Takes stock the caller has locked and checked: the stock left, or null if it was not there. */
    /** Takes stock from locked, checked tools in one statement: the stock left of each. */
    takeCheckedStocks: (tx: DbOrTx, takes: readonly { id: string; amount: number }[]) =>
      takeCheckedStocks(tx, takes),
    returnStock: (tx: DbOrTx, id: string, amount: number) => returnStock(tx, id, amount),
    retakeStock: (tx: DbOrTx, id: string, amount: number) => retakeStock(tx, id, amount),

    /** The admin's product edit; the minimum order may never exceed the stock. */
    async update(actor: AuditActor, id: string, body: ToolUpdateBody): Promise<Tool> {
      if (!isId(id)) throw notFound()
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
          ...(await searchFieldsOf(tx, current, body)),
        }
        // The edit merged into the row must still hold together (stock, pack, breaks, lead time).
        refuse(editProblemOf(toTool(current), body))
        if (!(next.madeToOrder ?? current.madeToOrder)) next.leadTimeDays = null
        const updated = await updateTool(tx, id, next)
        if (updated)
          await writeAuditedUpdate(
            tx,
            actor,
            {
              kind: 'product.update',
              subjectType: 'tool',
              subjectId: id,
              summary: activityWords.summary.productUpdated(updated.name),
            },
            current,
            next,
          )
        return updated
      })
      if (!row) throw notFound()
      await cache.changed()
      return toTool(row)
    },

    /** The tools on sale for the CSV export, a page at a time, oldest first. */
    async *exportPages(pageSize = 500): AsyncGenerator<Tool[]> {
      let after: PageCursor | undefined
      for (;;) {
        const rows = await toolsExportPage(db, after, pageSize)
        if (rows.length > 0) yield rows.map(toTool)
        const last = rows[rows.length - 1]
        if (!last || rows.length < pageSize) return
        after = { at: last.at, id: last.id }
      }
    },

    /** Tools on sale an import's rows name, by id or by trimmed, lower-cased name. */
    async findForImport(ids: readonly string[], names: readonly string[]): Promise<Tool[]> {
      return (await findActiveToolsByIdOrName(db, ids.filter(isId), names)).map(toTool)
    },

    /**
     * The category tree as the products CSV needs it: every attribute key (one
     * `spec.<key>` column each) and a slug's name and attributes, inherited ones included.
     */
    async csvCategories(): Promise<CsvCategories> {
      const tree = await loadCategoryTree(db)
      const keys = [...new Set(tree.rows.flatMap((r) => r.attributes.map((a) => a.key)))].sort()
      return {
        keys,
        of(slug) {
          const row = tree.bySlug(slug)
          return row && { name: row.name, attributes: tree.attributes(row) }
        },
      }
    },

    /** True when `url` names a picture this shop stores (the rule of Add Product's image). */
    imageIsOurs: (url: string) => media.exists(url),

    /**
     * The edit's rules on the stored tool, as `update` checks them inside its transaction:
     * the minimum may not exceed the stock, and the merged tool keeps its buying rules.
     */
    editProblem: editProblemOf,

    /**
     * An import's rows in ONE transaction, all or none: new tools inserted in the
     * file's order (each a millisecond newer than the one before, so lists keep the file's
     * order), updates applied to the locked rows after checking them again. `record` runs in
     * the same transaction for each row (the audit log). The cache is told after the commit.
     */
    async importTools(
      plan: {
        creates: ToolCreateBody[]
        updates: { id: string; body: ToolUpdateBody }[]
      },
      record: (tx: Tx, change: { before: Tool | null; after: Tool }) => Promise<void>,
    ): Promise<{ created: number; updated: number }> {
      const result = await db.transaction(async (tx) => {
        const ids = plan.updates.map((u) => u.id)
        await lockToolsInOrder(tx, ids)
        // One read of every locked row, not one per row (an import may update 5,000 tools).
        const locked = new Map(
          (await findToolsById(tx, ids)).filter((r) => !r.deleted).map((r) => [r.id, r]),
        )
        for (const { id, body } of plan.updates) {
          const row = locked.get(id)
          if (!row) throw new AppError('CONFLICT', catalogImportChanged)
          const before = toTool(row)
          const problem = editProblemOf(before, body)
          if (problem)
            throw new AppError('VALIDATION_FAILED', problem.message, {
              [problem.field]: problem.message,
            })
          const madeToOrder = body.madeToOrder ?? row.madeToOrder
          const updated = await updateTool(tx, id, {
            ...(await searchFieldsOf(tx, row, body)),
            ...(body.name !== undefined && { name: body.name }),
            ...(body.image !== undefined && { image: body.image }),
            ...(body.description !== undefined && { description: body.description }),
            ...(body.price !== undefined && { priceCents: toCents(body.price) }),
            ...(body.quantity !== undefined && { quantity: body.quantity }),
            ...(body.minimum !== undefined && { minimum: body.minimum }),
            ...(body.priceBreaks !== undefined && {
              priceBreaks: breaksInCents(body.priceBreaks),
            }),
            ...(body.packSize !== undefined && { packSize: body.packSize }),
            madeToOrder,
            leadTimeDays: madeToOrder ? (body.leadTimeDays ?? row.leadTimeDays) : null,
          })
          if (!updated) throw new AppError('CONFLICT', catalogImportChanged)
          await record(tx, { before, after: toTool(updated) })
        }
        const start = Date.now()
        const values = []
        for (const body of plan.creates)
          values.push({ ...newToolValues(body), ...(await searchFieldsOf(tx, undefined, body)) })
        const inserted = await insertTools(
          tx,
          values.map((v, i) => ({ ...v, createdAt: new Date(start + i) })),
        )
        for (const [i, v] of values.entries()) {
          const id = inserted[i]?.id
          if (!id) throw new Error('insert returned too few rows')
          const row = { id, ...noSearchFields(), ...v }
          const categorySlug = v.categoryId ? (plan.creates[i]?.category ?? null) : null
          await record(tx, { before: null, after: toTool({ ...row, categorySlug }) })
        }
        return { created: plan.creates.length, updated: plan.updates.length }
      })
      await cache.changed()
      return result
    },
  }
}
