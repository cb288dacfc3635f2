import { z } from 'zod'

import {
  TOOL_DESCRIPTION_MAX,
  TOOL_LIST_MAX_LIMIT,
  TOOL_NAME_MAX,
  TOOL_QUANTITY_MAX,
  TOOL_SEARCH_MAX,
} from './constants.js'
import { MediaUrlSchema } from './media.js'
import { messages } from './messages.js'

/** A tool as the API shows it (SPEC.md §3). Money in currency units. */
export const ToolSchema = z.object({
  _id: z.string(),
  name: z.string().min(1).max(TOOL_NAME_MAX),
  image: z.string(),
  price: z.number().nonnegative(),
  description: z.string().max(TOOL_DESCRIPTION_MAX),
  quantity: z.number().int().nonnegative(),
  minimum: z.number().int().positive(),
})
export type Tool = z.infer<typeof ToolSchema>

export const ToolListSchema = z.array(ToolSchema)

export const ToolSortSchema = z.enum(['newest', 'price_asc', 'price_desc'])
export type ToolSort = z.infer<typeof ToolSortSchema>

/**
 * `?limit=&offset=&q=&sort=`: all optional; without limit the whole catalogue (SPEC.md §7).
 * `q` finds tools whose name has words starting with each word of the search.
 */
export const ToolListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TOOL_LIST_MAX_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  q: z.string().trim().max(TOOL_SEARCH_MAX).optional(),
  sort: ToolSortSchema.optional(),
})
export type ToolListQuery = z.infer<typeof ToolListQuerySchema>

export const ToolIdParamsSchema = z.object({ id: z.string() })

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
}

/**
 * Add Product (`POST /api/tool`, SPEC.md §5): every field required, quantity and price at
 * least 1, and the minimum order no more than the stock (issue 6).
 */
export const ToolCreateBodySchema = z.object(productFields).superRefine((body, ctx) => {
  if (body.minimum > body.quantity)
    ctx.addIssue({ code: 'custom', message: m.minimumAboveStock, path: ['minimum'] })
})
export type ToolCreateBody = z.infer<typeof ToolCreateBodySchema>

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
export type ToolUpdateBody = z.infer<typeof ToolUpdateBodySchema>

export const ToolDeleteResponseSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
})

export const catalogContract = {
  list: { method: 'GET', path: '/api/tool', query: ToolListQuerySchema, response: ToolListSchema },
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
