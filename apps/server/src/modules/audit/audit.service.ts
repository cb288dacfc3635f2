import {
  AUDIT_PAGE_SIZE,
  type AuditEntryInput,
  shopDayEnd,
  shopDayStart,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  type AuditValues,
} from '@toolworks/shared'

import type { Db, DbOrTx } from '../../db/client.js'
import {
  countAuditEntries,
  insertAuditEntry,
  type AuditActor,
  listAuditEntries,
  type AuditFilter,
  type AuditRow,
} from './audit.queries.js'
import { changedValues } from './audit-values.js'

export type { AuditActor } from './audit.queries.js'

/**
 * One payment event of an order: received, under review, refused, refunded, due or
 * sent back; `after` keeps its method and the gateway's ids. The caller's transaction, as below.
 */
export function writePaymentEvent(
  tx: DbOrTx,
  actor: AuditActor,
  orderId: string,
  entry: Pick<AuditEntryInput, 'summary' | 'before' | 'after'>,
): Promise<void> {
  return insertAuditEntry(tx, actor, {
    kind: 'order.payment',
    subjectType: 'order',
    subjectId: orderId,
    ...entry,
  })
}

/**
 * Writes one audit row in the caller's transaction, so a change and its row commit together.
 * Other modules and the flows write the audit log only through this.
 */
export function writeAuditEntry(
  tx: DbOrTx,
  actor: AuditActor,
  entry: AuditEntryInput,
): Promise<void> {
  return insertAuditEntry(tx, actor, entry)
}

/**
 * The audit row of an edit: only the fields it changed, before and after; nothing when the
 * edit saved the same values. Catalog and promotions edits record through this.
 */
export async function writeAuditedUpdate(
  tx: DbOrTx,
  actor: AuditActor,
  entry: Omit<AuditEntryInput, 'before' | 'after'>,
  current: AuditValues,
  next: AuditValues,
): Promise<void> {
  const changes = changedValues(current, next)
  if (changes) await insertAuditEntry(tx, actor, { ...entry, ...changes })
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorEmail: row.actorEmail,
    kind: row.kind,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    summary: row.summary,
    before: (row.before ?? null) as AuditEntry['before'],
    after: (row.after ?? null) as AuditEntry['after'],
  }
}

export type AuditService = ReturnType<typeof createAuditService>

/** The audit log as admins read it; rows are written by each domain's change. */
export function createAuditService({ db }: { db: Db }) {
  return {
    /**
     * One row for an action that changes no table (a read such as an export of personal
     * data); a change writes its row in its own transaction instead.
     */
    record(actor: AuditActor, entry: AuditEntryInput): Promise<void> {
      return insertAuditEntry(db, actor, entry)
    },

    async list(query: AuditQuery): Promise<AuditPage> {
      const filter: AuditFilter = {
        actor: query.actor || undefined,
        kind: query.kind,
        since: query.from ? shopDayStart(query.from) : undefined,
        // `to` is inclusive: everything before the next shop day begins.
        before: query.to ? shopDayEnd(query.to) : undefined,
      }
      const [rows, total] = await Promise.all([
        listAuditEntries(db, filter, {
          limit: AUDIT_PAGE_SIZE,
          offset: (query.page - 1) * AUDIT_PAGE_SIZE,
        }),
        countAuditEntries(db, filter),
      ])
      return { entries: rows.map(toEntry), total, page: query.page, pageSize: AUDIT_PAGE_SIZE }
    },
  }
}
