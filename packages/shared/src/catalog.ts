import { z } from 'zod'

import { TOOL_DESCRIPTION_MAX, TOOL_LIST_MAX_LIMIT, TOOL_NAME_MAX } from './constants.js'

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

/** `?limit=&offset=`: both optional; without limit the whole catalogue (SPEC.md §7). */
export const ToolListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TOOL_LIST_MAX_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).optional(),
})
export type ToolListQuery = z.infer<typeof ToolListQuerySchema>

export const ToolIdParamsSchema = z.object({ id: z.string() })

const money = (message: string) =>
  z
    .number({ error: message })
    .min(1, 'price must be at least 1')
    .max(1_000_000, 'price is too high')
    .refine(
      (v) =>
        Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      {
        message: 'price can have at most two decimals',
      },
    )

/**
 * The admin's product edit (`PUT /api/tool/{id}`): any of the fields, each checked as on
 * Add Product. The minimum may not exceed the stock; the server checks it against the row.
 */
export const ToolUpdateBodySchema = z
  .object({
    name: z.string().trim().min(1, 'name is required').max(TOOL_NAME_MAX),
    image: z.string().trim().min(1, 'image is required').max(500),
    price: money('price is required'),
    quantity: z
      .number({ error: 'quantity is required' })
      .int('quantity must be a whole number')
      .min(0)
      .max(10_000_000),
    minimum: z
      .number({ error: 'minimum is required' })
      .int('minimum must be a whole number')
      .min(1)
      .max(10_000_000),
    description: z.string().trim().min(1, 'description is required').max(TOOL_DESCRIPTION_MAX),
  })
  .partial()
export type ToolUpdateBody = z.infer<typeof ToolUpdateBodySchema>

export const catalogContract = {
  list: { method: 'GET', path: '/api/tool', query: ToolListQuerySchema, response: ToolListSchema },
  getOne: {
    method: 'GET',
    path: '/api/tool/:id',
    params: ToolIdParamsSchema,
    response: ToolSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/tool/:id',
    params: ToolIdParamsSchema,
    body: ToolUpdateBodySchema,
    response: ToolSchema,
  },
} as const
