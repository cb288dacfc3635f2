import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'

import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { useTestDatabase } from '../../../test/database.js'
import { openDatabase } from '../../db/client.js'
import { auditLog } from '../../db/schema/index.js'
import { appendOnlyCases } from '../../../test/audit-append-only.js'
import { insertAuditEntry } from './audit.queries.js'

const database = useTestDatabase()
appendOnlyCases(database)

const roleSql = new URL('../../../sql/audit-app-role.sql', import.meta.url)

test('the app role of sql/audit-app-role.sql writes audit rows but cannot rewrite or unguard them', async ({
  onTestFinished,
}) => {
  // A role name of this run's own: roles belong to the whole server, not to the test database.
  const role = `toolworks_app_${randomBytes(4).toString('hex')}`
  const script = (await readFile(roleSql, 'utf8')).replaceAll('toolworks_app', role)
  const owner = database.current.db
  await owner.execute(sql.raw(script))
  const url = new URL(database.current.url ?? '')
  url.username = role
  // The app opens the database as that role, as production would: the migrations are already
  // applied, so opening only reads their journal.
  const app = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 2 })
  onTestFinished(async () => {
    await app.close()
    await owner.execute(sql.raw(`drop owned by ${role}; drop role ${role}`))
  })
  await insertAuditEntry(
    app.db,
    { id: null, email: 'app@example.com' },
    {
      kind: 'product.create',
      subjectType: 'tool',
      subjectId: 't1',
      summary: 'Added “T1”',
      before: null,
      after: { priceCents: 100 },
    },
  )
  expect(await app.db.select().from(auditLog)).toHaveLength(1)

  const refused = async (statement: string) => {
    const error = await app.db.execute(sql.raw(statement)).then(
      () => undefined,
      (e: unknown) => (e as { cause?: Error }).cause?.message ?? String(e),
    )
    expect(error, statement).toBeDefined()
    return error
  }
  // Not the owner: it cannot lift the triggers, and it holds no UPDATE, DELETE or TRUNCATE.
  expect(await refused('alter table audit_log disable trigger audit_log_no_update_delete')).toMatch(
    /must be owner/,
  )
  expect(await refused(`update audit_log set summary = 'x'`)).toMatch(/permission denied/)
  expect(await refused('delete from audit_log')).toMatch(/permission denied/)
  expect(await refused('truncate audit_log')).toMatch(/permission denied/)
  // The shop's other tables stay writable for it.
  await app.db.execute(sql.raw(`update tools set quantity = quantity where false`))
})
