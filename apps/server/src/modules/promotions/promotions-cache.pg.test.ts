import { PromotionListSchema, shopDate } from '@toolworks/shared'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { adminTokenThroughOutbox } from '../../../test/accounts.js'
import { TEST_ORIGIN } from '../../../test/app.js'
import { createTestDatabase, type TestDatabase } from '../../../test/database.js'
import { startServer, type RunningServer } from '../../../test/server-process.js'

let database: TestDatabase
let servers: RunningServer[] = []
const adminEmail = `admin.${Date.now().toString(36)}@example.com`

beforeAll(async () => {
  database = await createTestDatabase()
  const env = {
    DATABASE_URL: database.url ?? '',
    AUTH_SECRET: 'promo-cache-secret-0123456789-abcdefghijklmnop',
    PUBLIC_URL: TEST_ORIGIN,
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    ADMIN_EMAILS: adminEmail,
  }
  servers = await Promise.all([
    startServer({ ...env, DATA_DIR: '/tmp/toolworks-promo-cache-a' }),
    startServer({ ...env, DATA_DIR: '/tmp/toolworks-promo-cache-b' }),
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database.close()
})

const titlesAt = async (base: string) =>
  PromotionListSchema.parse(await (await fetch(`${base}/api/promotion`)).json()).map((p) => p.title)

/** Reads until `ok` holds; fails if that takes longer than a second. */
async function withinOneSecond(read: () => Promise<boolean>) {
  const deadline = Date.now() + 1_000
  for (;;) {
    if (await read()) return
    if (Date.now() > deadline) throw new Error('still stale after one second')
    await new Promise((r) => setTimeout(r, 20))
  }
}

test("a promotion added and deleted through process A is in and out of B's list within one second", async () => {
  const [a, b] = servers.map((s) => s.url) as [string, string]
  const token = await adminTokenThroughOutbox(
    a,
    '/tmp/toolworks-promo-cache-a',
    adminEmail,
    'promo-test-pass',
  )
  // B has today's (empty) list cached.
  expect(await titlesAt(b)).toEqual([])

  const today = shopDate(new Date())
  const created = await fetch(`${a}/api/promotion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      kind: 'free-shipping',
      startsAt: today,
      endsAt: today,
      title: 'Heard across processes',
      text: 'Through LISTEN/NOTIFY.',
    }),
  })
  expect(created.status).toBe(201)
  await withinOneSecond(async () => (await titlesAt(b)).includes('Heard across processes'))

  const { id } = (await created.json()) as { id: string }
  const deleted = await fetch(`${a}/api/promotion/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  })
  expect(deleted.status).toBe(200)
  await withinOneSecond(async () => (await titlesAt(b)).length === 0)
})
