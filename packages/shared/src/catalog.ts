import { z } from 'zod'

import {
  LEAD_TIME_DAYS_MAX,
  TOOL_DESCRIPTION_MAX,
  TOOL_LIST_MAX_LIMIT,
  TOOL_NAME_MAX,
  TOOL_QUANTITY_MAX,
  TOOL_SEARCH_MAX,
} from './constants.js'
import { IdParamsSchema } from './ids.js'
import { MediaUrlSchema } from './media.js'
import { messages } from './messages.js'
import { PRICE_BREAKS_MAX, priceBreaksProblem, type PriceBreakProblem } from './pricing.js'
import { toCents } from './money.js'
import {
  PartNumberSchema,
  SpecsSchema,
  ToolDocumentSchema,
  ToolSearchQuerySchema,
  toolSearchFields,
} from './search.js'

/** From `minQuantity` units on, each unit costs `price`. */
export const PriceBreakSchema = z.object({
  minQuantity: z.number().int().positive(),
  price: z.number().nonnegative(),
})
export type PriceBreak = z.infer<typeof PriceBreakSchema>

/** A tool as the API shows it (docs/product.md §3, plus the buying rules). Money in currency units. */
export const ToolSchema = z.object({
  _id: z.string(),
  name: z.string().min(1).max(TOOL_NAME_MAX),
  image: z.string(),
  price: z.number().nonnegative(),
  description: z.string().max(TOOL_DESCRIPTION_MAX),
  quantity: z.number().int().nonnegative(),
  minimum: z.number().int().positive(),
  /** Ascending, at most 5; empty when the tool has one price. */
  priceBreaks: z.array(PriceBreakSchema).max(PRICE_BREAKS_MAX),
  /** Sold only in multiples of this; 1 by default. */
  packSize: z.number().int().positive(),
  /** May be ordered beyond stock; the rest is made in `leadTimeDays` working days. */
  madeToOrder: z.boolean(),
  leadTimeDays: z.number().int().positive().nullable(),
  /** Present when the tool has them (tools made without them keep the old shape). */
  partNumber: PartNumberSchema.optional(),
  /** The category's slug. */
  category: z.string().optional(),
  specs: SpecsSchema.optional(),
  documents: z.array(ToolDocumentSchema).optional(),
})
export type Tool = z.infer<typeof ToolSchema>

export const ToolListSchema = z.array(ToolSchema)

export const ToolSortSchema = z.enum(['newest', 'price_asc', 'price_desc'])
export type ToolSort = z.infer<typeof ToolSortSchema>

/**
 * `?limit=&offset=&q=&sort=`: all optional; without limit the whole catalogue (docs/product.md §7).
 * `q` finds tools whose name has words starting with each word of the search.
 */
export const ToolListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TOOL_LIST_MAX_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  q: z.string().trim().max(TOOL_SEARCH_MAX).optional(),
  sort: ToolSortSchema.optional(),
})
export type ToolListQuery = z.infer<typeof ToolListQuerySchema>

/** `IdParamsSchema` (ids.ts) without its length cap: a product path never had one, and a long id
 * still answers 404. */
export const ToolIdParamsSchema = IdParamsSchema.extend({ id: z.string() })

const m = messages.productRules

const money = z
  .number({ error: m.priceRequired })
  .min(1, m.priceMin)
  .max(1_000_000, m.priceTooHigh)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: m.priceCents })

const wholeNumber = (required: string, min: number, minMessage: string) =>
  z
    .number({ error: required })
    .int(m.wholeNumber)
    .min(min, minMessage)
    .max(TOOL_QUANTITY_MAX, m.quantityTooHigh)

/** Every field of a product as the admin writes it (Add Product, and each field of an edit). */
const productFields = {
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(TOOL_NAME_MAX, m.nameTooLong),
  image: MediaUrlSchema,
  price: money,
  quantity: wholeNumber(m.quantityRequired, 1, m.quantityMin),
  minimum: wholeNumber(m.minimumRequired, 1, m.minimumMin),
  description: z
    .string({ error: m.descriptionRequired })
    .trim()
    .min(1, m.descriptionRequired)
    .max(TOOL_DESCRIPTION_MAX, m.descriptionTooLong),
  priceBreaks: z
    .array(
      z.object({
        minQuantity: wholeNumber(m.breakQuantityRequired, 2, m.breakQuantityMin),
        price: money,
      }),
    )
    .max(PRICE_BREAKS_MAX, m.priceBreaksTooMany),
  packSize: wholeNumber(m.packSizeRequired, 1, m.packSizeMin),
  madeToOrder: z.boolean(),
  leadTimeDays: z
    .number()
    .int(m.wholeNumber)
    .min(1, m.leadTimeRange)
    .max(LEAD_TIME_DAYS_MAX, m.leadTimeRange)
    .nullable(),
}

type BuyingRules = {
  price?: number
  minimum?: number
  priceBreaks?: { minQuantity: number; price: number }[]
  packSize?: number
  madeToOrder?: boolean
  leadTimeDays?: number | null
}

function breakMessage(problem: PriceBreakProblem): string {
  if (problem.kind === 'too-many') return m.priceBreaksTooMany
  if (problem.kind === 'not-ascending') return m.priceBreaksAscending
  if (problem.kind === 'not-pack-multiple') return m.priceBreaksPackMultiple(problem.packSize)
  return m.priceBreaksFalling
}

/**
 * The rules that tie a tool's buying fields together, on the whole product (after an edit is
 * merged into the row, the server runs it again): the minimum is a multiple of the pack size,
 * breaks rise in quantity and fall in price below the base price, and a made-to-order tool
 * has a lead time. Returns the field and its message, or null.
 */
export function buyingRulesProblem(tool: BuyingRules): { field: string; message: string } | null {
  const packSize = tool.packSize ?? 1
  if (tool.minimum !== undefined && tool.minimum % packSize !== 0)
    return { field: 'minimum', message: m.minimumPackMultiple(packSize) }
  if (tool.madeToOrder && !tool.leadTimeDays)
    return { field: 'leadTimeDays', message: m.leadTimeRequired }
  if (tool.price !== undefined && tool.priceBreaks && tool.priceBreaks.length > 0) {
    const problem = priceBreaksProblem({
      priceCents: toCents(tool.price),
      packSize,
      priceBreaks: tool.priceBreaks.map((b) => ({
        minQuantity: b.minQuantity,
        priceCents: toCents(b.price),
      })),
    })
    if (problem) return { field: 'priceBreaks', message: breakMessage(problem) }
  }
  return null
}

/**
 * Add Product (`POST /api/tool`, docs/product.md §5): every field required, quantity and price at
 * least 1, and the minimum order no more than the stock.
 */
export const ToolCreateBodySchema = z
  .object({
    ...productFields,
    // The buying-rule fields are optional on Add Product, so docs/product.md's body still makes a tool.
    priceBreaks: productFields.priceBreaks.default([]),
    packSize: productFields.packSize.default(1),
    madeToOrder: productFields.madeToOrder.default(false),
    leadTimeDays: productFields.leadTimeDays.default(null),
    ...toolSearchFields,
  })
  .superRefine((body, ctx) => {
    if (body.minimum > body.quantity)
      ctx.addIssue({ code: 'custom', message: m.minimumAboveStock, path: ['minimum'] })
    const problem = buyingRulesProblem(body)
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] })
  })
export type ToolCreateBody = z.output<typeof ToolCreateBodySchema>
/** What a client may send: the buying-rule fields may be left out. */
export type ToolCreateInput = z.input<typeof ToolCreateBodySchema>

export const ToolCreateResponseSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
})

/**
 * The admin's product edit (`PUT /api/tool/{id}`): any of the fields, each checked as on
 * Add Product, except that stock may fall to 0. The server checks the minimum against the row.
 */
export const ToolUpdateBodySchema = z
  .object({ ...productFields, quantity: wholeNumber(m.quantityRequired, 0, m.quantityNegative) })
  .partial()
  .extend(toolSearchFields)
export type ToolUpdateBody = z.infer<typeof ToolUpdateBodySchema>

export const ToolDeleteResponseSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
})

export const catalogContract = {
  list: {
    method: 'GET',
    path: '/api/tool',
    query: ToolSearchQuerySchema,
    response: ToolListSchema,
  },
  getOne: {
    method: 'GET',
    path: '/api/tool/:id',
    params: ToolIdParamsSchema,
    response: ToolSchema,
  },
  create: {
    method: 'POST',
    path: '/api/tool',
    body: ToolCreateBodySchema,
    response: ToolCreateResponseSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/tool/:id',
    params: ToolIdParamsSchema,
    response: ToolDeleteResponseSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/tool/:id',
    params: ToolIdParamsSchema,
    body: ToolUpdateBodySchema,
    response: ToolSchema,
  },
} as const
