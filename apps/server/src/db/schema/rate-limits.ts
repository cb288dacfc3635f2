import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * Counters behind @fastify/rate-limit, shared by every server process (docs/operations.md,
 * Scale out). Better Auth keeps its own per-address counters in `rate_limit`.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartMs: bigint('window_start_ms', { mode: 'number' }).notNull(),
  /** The window the row counts in, so the sweep knows when it has expired. */
  windowMs: bigint('window_ms', { mode: 'number' }).notNull().default(86_400_000),
})
