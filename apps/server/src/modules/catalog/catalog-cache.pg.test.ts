import { ToolSchema } from '@toolworks/shared'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { adminTokenThroughOutbox, signInCookieAt } from '../../../test/accounts.js'
import { TEST_ORIGIN } from '../../../test/app.js'
import { createTestDatabase, type TestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { startServer, type RunningServer } from '../../../test/server-process.js'

let database: TestDatabase
let servers: RunningServer[] = []
const adminEmail = `admin.${Date.now().toString(36)}@example.com`

beforeAll(async () => {
  database = await createTestDatabase()
  const env = {
    DATABASE_URL: database.url ?? '',
    AUTH_SECRET: 'cache-test-secret-0123456789-abcdefghijklmnop',
    PUBLIC_URL: TEST_ORIGIN,
    NODE_ENV: 'test',
    ADMIN_EMAILS: adminEmail,
  }
  servers = await Promise.all([
    startServer({ ...env, DATA_DIR: '/tmp/toolworks-cache-a' }),
    startServer({ ...env, DATA_DIR: '/tmp/toolworks-cache-b' }),
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await database.close()
})

async function tokenFor(base: string, email: string): Promise<string> {
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ name: 'Cache Person', email, password: 'cache-test-pass' }),
  })
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`)
  const cookie = await signInCookieAt(base, email, 'cache-test-pass')
  const token = await fetch(`${base}/api/user/${email}`, { method: 'PUT', headers: { cookie } })
  return ((await token.json()) as { token: string }).token
}

async function toolAt(base: string, id: string) {
  return ToolSchema.parse(await (await fetch(`${base}/api/tool/${id}`)).json())
}

/** Reads from `base` until `ok` holds; fails if that takes longer than a second. */
async function freshWithinOneSecond(read: () => Promise<boolean>) {
  const deadline = Date.now() + 1_000
  for (;;) {
    if (await read()) return
    if (Date.now() > deadline) throw new Error('still stale after one second')
    await new Promise((r) => setTimeout(r, 20))
  }
}

test('a product edited through process A is served fresh by process B within one second', async () => {
  const [a, b] = servers.map((s) => s.url) as [string, string]
  // ADMIN_EMAILS: the mailbox owner follows the link and chooses the password.
  const admin = await adminTokenThroughOutbox(
    a,
    '/tmp/toolworks-cache-a',
    adminEmail,
    'cache-test-pass',
  )
  const customer = await tokenFor(b, `buyer.${Date.now().toString(36)}@example.com`)
  const row = await insertTool(database.db, { priceCents: 1000, quantity: 50 })

  // B has both answers cached.
  expect(await toolAt(b, row.id)).toMatchObject({ price: 10, quantity: 50 })
  await fetch(`${b}/api/tool`)

  const edit = await fetch(`${a}/api/tool/${row.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ price: 15.5, name: 'Edited through A' }),
  })
  expect(edit.status).toBe(200)
  await freshWithinOneSecond(async () => (await toolAt(b, row.id)).price === 15.5)
  await freshWithinOneSecond(async () => {
    const list = (await (await fetch(`${b}/api/tool`)).json()) as { name: string }[]
    return list[0]?.name === 'Edited through A'
  })

  // An order through B moves stock that A has cached.
  expect((await toolAt(a, row.id)).quantity).toBe(50)
  const order = await fetch(`${b}/api/purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${customer}` },
    body: JSON.stringify({ toolsId: row.id, purchaseQuantity: 4, phone: '017', address: 'Dhaka' }),
  })
  expect(order.status).toBe(201)
  await freshWithinOneSecond(async () => (await toolAt(a, row.id)).quantity === 46)
})
