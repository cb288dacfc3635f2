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

export const catalogContract = {
  list: { method: 'GET', path: '/api/tool', query: ToolListQuerySchema, response: ToolListSchema },
  getOne: {
    method: 'GET',
    path: '/api/tool/:id',
    params: ToolIdParamsSchema,
    response: ToolSchema,
  },
} as const
