import { eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { bearer, uniqueEmail } from './accounts.js'
import { createUser } from './users.js'
import { buildTestApp } from './app.js'
import type { TestDatabase } from './database.js'
import { insertTool } from './factories.js'
import { auditLog, tools } from '../src/db/schema/index.js'
import { insertAuditEntry } from '../src/modules/audit/audit.queries.js'

const actor = { id: null, email: 'append-only@example.com' }
const entry = {
  kind: 'product.update' as const,
  subjectType: 'tool' as const,
  subjectId: 'some-tool',
  summary: 'Edited “Some tool”',
  before: { priceCents: 1200 },
  after: { priceCents: 1450 },
}

/** The message of a refused statement (drizzle wraps the driver's error as its `cause`). */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run()
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause
    return String(cause instanceof Error ? cause.message : (error as Error).message)
  }
  throw new Error('the statement was not refused')
}

/**
 * The audit log's guarantees, through the app's own database handle. The same cases
 * run on PGlite (append-only.test.ts) and on PostgreSQL (append-only.pg.test.ts).
 */
export function appendOnlyCases(database: { readonly current: TestDatabase }) {
  const db = () => database.current.db
  const count = async () => (await db().select().from(auditLog)).length

  test('UPDATE, DELETE and TRUNCATE of audit_log are refused by the database', async () => {
    await insertAuditEntry(db(), actor, entry)
    expect(await refusal(() => db().update(auditLog).set({ summary: 'rewritten' }))).toMatch(
      /audit_log is append-only: UPDATE refused/,
    )
    expect(await refusal(() => db().delete(auditLog))).toMatch(
      /audit_log is append-only: DELETE refused/,
    )
    expect(await refusal(() => db().execute(sql.raw('truncate audit_log')))).toMatch(
      /audit_log is append-only: TRUNCATE refused/,
    )
    // Raw SQL is refused the same way as the query builder.
    expect(
      await refusal(() => db().execute(sql.raw(`update audit_log set actor_email = 'x'`))),
    ).toMatch(/append-only/)
    const [row] = await db().select().from(auditLog)
    expect(row).toMatchObject({ summary: entry.summary, actorEmail: actor.email })
    expect(await count()).toBe(1)
  })

  test('a transaction that rolls back takes its audit row with it', async () => {
    await expect(
      db().transaction(async (tx) => {
        await insertAuditEntry(tx, actor, entry)
        throw new Error('the change failed after its audit row was written')
      }),
    ).rejects.toThrow(/failed after/)
    expect(await count()).toBe(0)
  })

  test('a product edit that fails at commit, after its audit row, leaves neither', async ({
    onTestFinished,
  }) => {
    const email = uniqueEmail('admin')
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [email] })
    const admin = await createUser(app, { email })
    const tool = await insertTool(db(), { priceCents: 1200 })
    // A deferred check on tools runs at COMMIT, after the service wrote the audit row.
    await db().execute(
      sql.raw(`create function refuse_at_commit() returns trigger language plpgsql as $$
        begin raise exception 'refused at commit'; end $$`),
    )
    await db().execute(
      sql.raw(`create constraint trigger refuse_at_commit after update on tools
        deferrable initially deferred for each row execute function refuse_at_commit()`),
    )
    try {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/tool/${tool.id}`,
        headers: bearer(admin),
        payload: { price: 14.5 },
      })
      expect(res.statusCode).toBe(500)
    } finally {
      await db().execute(sql.raw('drop trigger refuse_at_commit on tools'))
      await db().execute(sql.raw('drop function refuse_at_commit()'))
    }
    expect(await count()).toBe(0)
    const [after] = await db()
      .select({ priceCents: tools.priceCents })
      .from(tools)
      .where(eq(tools.id, tool.id))
    expect(after?.priceCents).toBe(1200)

    // The same edit without the refusal commits both.
    const res = await app.inject({
      method: 'PUT',
      url: `/api/tool/${tool.id}`,
      headers: bearer(admin),
      payload: { price: 14.5 },
    })
    expect(res.statusCode).toBe(200)
    expect(await count()).toBe(1)
  })
}
