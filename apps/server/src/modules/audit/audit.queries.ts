import type { AuditEntryInput } from '@toolworks/shared'
import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { auditLog } from '../../db/schema/index.js'

/** Who did it, as the bearer hook put them on the request (or the shop's own job). */
export type AuditActor = { id: string | null; email: string }

/**
 * Appends one row to the audit log. Call it with the change's own transaction, so the row and
 * the change commit or roll back together.
 */
export async function insertAuditEntry(
  tx: DbOrTx,
  actor: AuditActor,
  entry: AuditEntryInput,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    kind: entry.kind,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    summary: entry.summary,
    before: entry.before,
    after: entry.after,
  })
}

/** What GET /api/audit filters on, already turned into instants. */
export type AuditFilter = {
  /** Any part of the actor's e-mail, in any case. */
  actor?: string
  kind?: string
  /** Inclusive lower bound. */
  since?: Date
  /** Exclusive upper bound. */
  before?: Date
}

/** `%`, `_` and `\` typed in a filter are matched as themselves, not as LIKE patterns. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

function auditWhere(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actor ? ilike(auditLog.actorEmail, `%${likeEscaped(filter.actor)}%`) : undefined,
    filter.kind ? eq(auditLog.kind, filter.kind) : undefined,
    filter.since ? gte(auditLog.at, filter.since) : undefined,
    filter.before ? lt(auditLog.at, filter.before) : undefined,
  )
}

export type AuditRow = typeof auditLog.$inferSelect

/** One page of entries, newest first (by id: rows arriving meanwhile do not shift a page). */
export function listAuditEntries(
  db: DbOrTx,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(auditWhere(filter))
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset)
}

export async function countAuditEntries(db: DbOrTx, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(auditWhere(filter))
  return row?.n ?? 0
}
