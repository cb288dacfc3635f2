import { z } from 'zod'

/**
 * The one id rule: every row id is a PostgreSQL `uuid`, which accepts any
 * 8-4-4-4-12 hex string (not only version 4), so `z.guid()` and not the stricter `z.uuid()`.
 * A value that is no id never reaches a query: PostgreSQL would refuse it with an error.
 */
export const IdSchema = z.guid()
export type Id = z.infer<typeof IdSchema>

/** Whether `value` can name a row. Services answer 404 for a path id that cannot. */
export function isId(value: string): boolean {
  return IdSchema.safeParse(value).success
}

/**
 * A path's `{id}`. Deliberately a loose string: an id that is no uuid answers 404 (the row does
 * not exist), as the original client knew it, never a 400 (docs/product.md).
 */
export const IdParamsSchema = z.object({ id: z.string().max(64) })
export type IdParams = z.infer<typeof IdParamsSchema>
