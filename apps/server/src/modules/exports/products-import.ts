import {
  isId,
  csvWords,
  IMPORT_MAX_ROWS,
  messages,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED,
  PRODUCT_CSV_SPEC_PREFIX,
  searchMessages as sm,
  specsProblem,
  type Specs,
  ToolCreateBodySchema,
  ToolUpdateBodySchema,
  toCents,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
  type Tool,
  type ToolCreateBody,
  type ToolUpdateBody,
} from '@toolworks/shared'
import { CsvError, parse } from 'csv-parse/sync'

import { AppError } from '../../lib/app-error.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { MediaService } from '../media/media.service.js'
import { writeAuditEntry, type AuditActor } from '../audit/audit.service.js'
import { unneutralise } from './csv-cells.js'
import { baseName, type ImportFile } from './import-file.js'

type Column = (typeof PRODUCT_CSV_COLUMNS)[number]
/** The fixed columns' cells, and `spec.<key>` cells. */
type Cells = Partial<Record<Column, string>> & Record<string, string | undefined>

/** `spec.<attribute key>`: a specification column of the products file. */
const SPEC_COLUMN = new RegExp(
  `^${PRODUCT_CSV_SPEC_PREFIX.replace('.', '\\.')}([a-z][a-z0-9_]{0,31})$`,
)
const specKeyOf = (column: string) => SPEC_COLUMN.exec(column)?.[1]

/** Field of the shared schemas → the file's column, for the reasons. */
const COLUMN_OF: Record<string, Column> = {
  name: 'name',
  description: 'description',
  price: 'price',
  quantity: 'quantity',
  minimum: 'minimum',
  packSize: 'pack_size',
  priceBreaks: 'price_breaks',
  madeToOrder: 'made_to_order',
  leadTimeDays: 'lead_time_days',
  image: 'image',
  partNumber: 'partNumber',
  category: 'category',
}

/** Header names as people write them: "Pack size", "pack-size", "SKU". */
function columnName(header: string): string {
  const name = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
  if (name === 'sku') return 'id'
  // The export writes `partNumber`; "Part number" and part_number read the same.
  if (name === 'partnumber' || name === 'part_number') return 'partNumber'
  return name
}

/** Stands in for a zip's picture while the row's other fields are checked (never stored). */
const PLACEHOLDER_IMAGE = `/media/${'0'.repeat(32)}-800.webp`

class RowProblem extends Error {
  constructor(
    readonly column: string,
    message: string,
  ) {
    super(message)
  }
}

const problem = (column: string, message: string) => new RowProblem(column, message)

function decimal(column: Column, cell: string | undefined): number | undefined {
  if (cell === undefined || cell === '') return undefined
  const text = cell.replace(/^\$/, '')
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw problem(column, csvWords.notANumber)
  return Number(text)
}

function whole(column: Column, cell: string | undefined): number | undefined {
  if (cell === undefined || cell === '') return undefined
  if (!/^-?\d+$/.test(cell)) throw problem(column, messages.productRules.wholeNumber)
  return Number(cell)
}

function yesNo(cell: string | undefined): boolean | undefined {
  if (cell === undefined || cell === '') return undefined
  const value = cell.toLowerCase()
  if (['yes', 'y', 'true', '1'].includes(value)) return true
  if (['no', 'n', 'false', '0'].includes(value)) return false
  throw problem('made_to_order', csvWords.notYesNo)
}

function breaks(cell: string | undefined) {
  if (cell === undefined) return undefined
  if (cell === '') return []
  return cell.split(';').map((pair) => {
    const match = /^\s*(\d+)\s*:\s*\$?(\d+(?:\.\d+)?)\s*$/.exec(pair)
    if (!match) throw problem('price_breaks', csvWords.badBreaks)
    return { minQuantity: Number(match[1]), price: Number(match[2]) }
  })
}

/** The row's fields as the admin's product form would send them (absent: left as it is). */
function fieldsOf(cells: Cells) {
  const fields = {
    name: cells.name || undefined,
    description: cells.description || undefined,
    price: decimal('price', cells.price),
    quantity: whole('quantity', cells.quantity),
    minimum: whole('minimum', cells.minimum),
    packSize: whole('pack_size', cells.pack_size),
    priceBreaks: breaks(cells.price_breaks),
    madeToOrder: yesNo(cells.made_to_order),
    leadTimeDays: whole('lead_time_days', cells.lead_time_days) ?? null,
    image: cells.image || undefined,
    // A column left empty clears the tool's part number or category.
    partNumber: cells.partNumber === undefined ? undefined : cells.partNumber || null,
    category: cells.category === undefined ? undefined : cells.category || null,
  }
  // An empty lead time on a tool that is not made to order is simply none.
  if (cells.lead_time_days === undefined) delete (fields as { leadTimeDays?: unknown }).leadTimeDays
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
}

function schemaProblem(error: { issues: { path: PropertyKey[]; message: string }[] }): RowProblem {
  const issue = error.issues[0]
  const field = String(issue?.path[0] ?? '')
  return problem(COLUMN_OF[field] ?? field, issue?.message ?? messages.errors.VALIDATION_FAILED)
}

/** The CSV's records as cells by column; whole-file problems are refused with their reason. */
function records(text: string): Cells[] {
  let rows: Record<string, string>[]
  try {
    rows = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map(columnName),
      skip_empty_lines: true,
      to: IMPORT_MAX_ROWS + 1,
    })
  } catch (error) {
    const detail = error instanceof CsvError ? error.message : String(error)
    throw new AppError('VALIDATION_FAILED', csvWords.unreadableCsv(detail), {
      file: csvWords.unreadableCsv(detail),
    })
  }
  const refuse = (message: string): never => {
    throw new AppError('VALIDATION_FAILED', message, { file: message })
  }
  if (rows.length > IMPORT_MAX_ROWS) refuse(csvWords.tooManyRows)
  if (rows.length === 0) refuse(csvWords.noRows)
  const header = Object.keys(rows[0] ?? {})
  for (const name of header)
    if (!(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name) && !specKeyOf(name))
      refuse(csvWords.unknownColumn(name))
  for (const name of PRODUCT_CSV_REQUIRED)
    if (!header.includes(name)) refuse(csvWords.missingColumn(name))
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, unneutralise(v).trim()])),
  )
}

type Planned =
  | { kind: 'new'; row: number; body: ToolCreateBody; zipImage?: string }
  | { kind: 'update'; row: number; id: string; body: ToolUpdateBody; zipImage?: string }

export type ImportDeps = {
  catalog: Pick<
    CatalogService,
    'findForImport' | 'imageIsOurs' | 'editProblem' | 'importTools' | 'csvCategories'
  >
  media: Pick<MediaService, 'check' | 'upload'>
}

/**
 * Manage Products' Import CSV: every row is checked with the rules of the admin's
 * own form (the shared schemas and the catalogue's edit rules), matched to a tool by id or
 * name, and shown as new, update or error. Nothing is written unless every row is good; then
 * all rows go in one transaction with an audit row each.
 */
export function createProductsImport({ catalog, media }: ImportDeps) {
  async function plan(file: ImportFile) {
    const cells = records(file.csv)
    const ids = [...new Set(cells.map((c) => c.id ?? '').filter(isId))]
    const names = [...new Set(cells.map((c) => (c.name ?? '').toLowerCase()).filter(Boolean))]
    const existing = await catalog.findForImport(ids, names)
    const byId = new Map(existing.map((t) => [t._id, t]))
    const byName = new Map(existing.map((t) => [t.name.trim().toLowerCase(), t]))
    const ours = new Map<string, Promise<boolean>>()
    const checked = new Map<string, Promise<string | null>>()
    const claimed = new Map<string, number>()
    const partNumbers = new Map<string, number>()
    const categories = await catalog.csvCategories()

    /**
     * The row's specifications from its `spec.<key>` cells (empty cells are no value), checked
     * against its category (the row's, else the tool's) with the rules of the product form;
     * undefined when the file has no spec column and the category stays.
     */
    function specsOf(c: Cells, current: Tool | undefined, category: string | null | undefined) {
      const specCells = Object.entries(c).filter(
        (e): e is [string, string] => specKeyOf(e[0]) !== undefined && e[1] !== undefined,
      )
      if (specCells.length === 0 && category === undefined) return undefined
      const slug = category !== undefined ? category : (current?.category ?? null)
      const given = specCells.filter(([, cell]) => cell !== '')
      if (slug === null) {
        const [first] = given
        if (first) throw problem(first[0], sm.specsNeedCategory)
        return specCells.length > 0 ? {} : undefined
      }
      const found = categories.of(slug)
      if (!found) throw problem('category', sm.categoryUnknown(slug))
      const byKey = new Map(found.attributes.map((a) => [a.key, a]))
      let specs: Specs
      if (specCells.length === 0) {
        // A new category without spec columns: the tool's specs must fit it as they are.
        specs = current?.category === slug ? (current.specs ?? {}) : {}
      } else {
        specs = {}
        for (const [column, cell] of given) {
          const key = specKeyOf(column) ?? ''
          const attribute = byKey.get(key)
          if (!attribute) throw problem(column, sm.specUnknown(key, found.name))
          if (attribute.type === 'number') {
            if (!/^-?\d+(\.\d+)?$/.test(cell))
              throw problem(column, sm.specNotNumber(attribute.label))
            specs[key] = Number(cell)
          } else specs[key] = cell
        }
      }
      const refused = specsProblem(specs, found.attributes, found.name)
      if (refused)
        throw problem(
          `${PRODUCT_CSV_SPEC_PREFIX}${refused.field.replace(/^specs\./, '')}`,
          refused.message,
        )
      return specs
    }

    async function imageProblem(image: string | undefined): Promise<{ zip?: string } | RowProblem> {
      if (image === undefined) return {}
      if (image.startsWith('/media/')) {
        if (!ours.has(image)) ours.set(image, catalog.imageIsOurs(image))
        return (await ours.get(image)) ? {} : problem('image', messages.productRules.imageNotOurs)
      }
      const name = baseName(image).toLowerCase()
      const bytes = file.images.get(name)
      if (file.images.size === 0 && bytes === undefined)
        return problem('image', csvWords.imageNeedsZip(image))
      if (bytes === undefined) return problem('image', csvWords.imageMissingInZip(image))
      if (bytes === 'tooLarge') return problem('image', messages.media.tooLarge)
      if (!checked.has(name))
        checked.set(
          name,
          media.check(bytes).then(
            () => null,
            (error: unknown) =>
              error instanceof AppError ? error.message : messages.media.notAnImage,
          ),
        )
      const refused = await checked.get(name)
      return refused ? problem('image', refused) : { zip: name }
    }

    async function planRow(c: Cells, row: number): Promise<Planned> {
      const current: Tool | undefined =
        (c.id && byId.get(c.id)) || (c.name ? byName.get(c.name.toLowerCase()) : undefined)
      const key = current ? `tool:${current._id}` : `new:${(c.name ?? '').toLowerCase()}`
      const earlier = claimed.get(key)
      if (earlier !== undefined && (current || c.name))
        throw problem(current ? 'id' : 'name', csvWords.duplicateRow(earlier))
      claimed.set(key, row)
      const fields: Record<string, unknown> = fieldsOf(c)
      const partNumber = typeof fields.partNumber === 'string' ? fields.partNumber : undefined
      if (partNumber) {
        const first = partNumbers.get(partNumber.toLowerCase())
        if (first !== undefined) throw problem('partNumber', sm.partNumberTaken(partNumber))
        partNumbers.set(partNumber.toLowerCase(), row)
      }
      const specs = specsOf(c, current, fields.category as string | null | undefined)
      if (specs !== undefined) fields.specs = specs
      // A row that keeps the tool's picture does not change it (nothing to check).
      if (current && fields.image === current.image) delete fields.image
      const image = await imageProblem(fields.image as string | undefined)
      if (image instanceof RowProblem) throw image
      if (image.zip) fields.image = PLACEHOLDER_IMAGE
      if (!current) {
        const parsed = ToolCreateBodySchema.safeParse(fields)
        if (!parsed.success) throw schemaProblem(parsed.error)
        return { kind: 'new', row, body: parsed.data, zipImage: image.zip }
      }
      const parsed = ToolUpdateBodySchema.safeParse(fields)
      if (!parsed.success) throw schemaProblem(parsed.error)
      const edit = catalog.editProblem(current, parsed.data)
      if (edit) throw problem(COLUMN_OF[edit.field] ?? edit.field, edit.message)
      return { kind: 'update', row, id: current._id, body: parsed.data, zipImage: image.zip }
    }

    const rows: ImportRow[] = []
    const planned: Planned[] = []
    for (const [i, c] of cells.entries()) {
      const row = i + 2 // the header is the spreadsheet's row 1
      const shown = {
        row,
        name: c.name ?? '',
        price: c.price ?? '',
        quantity: c.quantity ?? '',
        minimum: c.minimum ?? '',
        image: c.image ?? '',
      }
      try {
        const p = await planRow(c, row)
        planned.push(p)
        rows.push({
          ...shown,
          action: p.kind,
          reason: null,
          column: null,
          toolId: p.kind === 'update' ? p.id : null,
        })
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error
        rows.push({
          ...shown,
          action: 'error',
          reason: `${error.column}: ${error.message}`,
          column: error.column,
          toolId: null,
        })
      }
    }
    return { rows, planned }
  }

  const countsOf = (rows: ImportRow[]) => ({
    new: rows.filter((r) => r.action === 'new').length,
    update: rows.filter((r) => r.action === 'update').length,
    error: rows.filter((r) => r.action === 'error').length,
  })

  return {
    /** `?dryRun=true`: the preview; nothing is written. */
    async preview(file: ImportFile): Promise<ImportPreview> {
      const { rows } = await plan(file)
      return { rows, counts: countsOf(rows) }
    },

    /**
     * The import itself: refused whole (`refused`, with the rows) if any row is an error; else
     * the zip's pictures are stored like uploads, then every row is written in one transaction.
     */
    async run(
      actor: AuditActor,
      file: ImportFile,
    ): Promise<ImportResult | { refused: ImportPreview }> {
      const { rows, planned } = await plan(file)
      const counts = countsOf(rows)
      if (counts.error > 0) return { refused: { rows, counts } }
      // Pictures are encoded before the transaction (never inside one); stored by content
      // hash, so one that an aborted import leaves behind is just an unused picture.
      const urls = new Map<string, string>()
      for (const name of new Set(planned.map((p) => p.zipImage).filter((n) => n !== undefined))) {
        const bytes = file.images.get(name)
        if (!bytes || bytes === 'tooLarge') throw new Error('image vanished after planning')
        urls.set(name, (await media.upload(bytes)).url)
      }
      const imageOf = (p: Planned) => (p.zipImage ? urls.get(p.zipImage) : undefined)
      const result = await catalog.importTools(
        {
          creates: planned
            .filter((p) => p.kind === 'new')
            .map((p) => ({ ...p.body, image: imageOf(p) ?? p.body.image })),
          updates: planned
            .filter((p) => p.kind === 'update')
            .map((p) => ({
              id: p.id,
              body: { ...p.body, ...(p.zipImage && { image: imageOf(p) }) },
            })),
        },
        (tx, { before, after }) =>
          writeAuditEntry(tx, actor, {
            kind: 'product.import',
            subjectType: 'tool',
            subjectId: after._id,
            summary: before ? `Imported an update of “${after.name}”` : `Imported “${after.name}”`,
            before: before && auditValues(before),
            after: auditValues(after),
          }),
      )
      return { acknowledged: true, ...result, rows }
    },
  }
}

/** A tool's fields for the audit log: money in cents (AuditValues). */
function auditValues(tool: Tool) {
  return {
    name: tool.name,
    description: tool.description,
    image: tool.image,
    priceCents: toCents(tool.price),
    quantity: tool.quantity,
    minimum: tool.minimum,
    packSize: tool.packSize,
    priceBreaks: tool.priceBreaks.map((b) => ({
      minQuantity: b.minQuantity,
      priceCents: toCents(b.price),
    })),
    madeToOrder: tool.madeToOrder,
    leadTimeDays: tool.leadTimeDays,
  }
}

export type ProductsImport = ReturnType<typeof createProductsImport>
