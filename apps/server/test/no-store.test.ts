import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { users } from '../src/db/schema/index.js'
import { bearer } from './accounts.js'
import { createUser } from './users.js'
import { buildTestApp, TEST_ORIGIN } from './app.js'
import { useTestDatabase } from './database.js'
import { insertTool } from './factories.js'

const database = useTestDatabase()

// A shared computer's browser, a proxy or a CDN must not keep anyone's data.
test('personal answers carry Cache-Control: no-store; public lists keep revalidation', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished)
  const customer = await createUser(app)
  const admin = await createUser(app)
  await database.current.db
    .update(users)
    .set({ role: 'admin', emailVerified: true })
    .where(eq(users.email, admin.email))
  const tool = await insertTool(database.current.db)
  const placed = await app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(customer),
    payload: { toolsId: tool.id, purchaseQuantity: 1, phone: '+880 1700 000000', address: 'Dhaka' },
  })
  expect(placed.statusCode).toBe(201)
  const orderId = placed.json<{ insertedId: string }>().insertedId
  const email = encodeURIComponent(customer.email)

  const personal = [
    {
      method: 'PUT' as const,
      url: `/api/user/${email}`,
      headers: { cookie: customer.cookie, origin: TEST_ORIGIN },
      payload: { email: customer.email },
    },
    { method: 'GET' as const, url: `/api/user?email=${email}`, headers: bearer(customer) },
    { method: 'GET' as const, url: `/api/admin/${email}`, headers: bearer(customer) },
    { method: 'GET' as const, url: `/api/purchase?customer=${email}`, headers: bearer(customer) },
    { method: 'GET' as const, url: `/api/purchase/${orderId}`, headers: bearer(customer) },
    { method: 'GET' as const, url: '/api/users', headers: bearer(admin) },
    { method: 'GET' as const, url: '/api/purchase/admin', headers: bearer(admin) },
    { method: 'GET' as const, url: '/api/contact', headers: bearer(admin) },
    { method: 'GET' as const, url: '/api/promotion/admin', headers: bearer(admin) },
    {
      method: 'GET' as const,
      url: '/api/auth/get-session',
      headers: { cookie: customer.cookie },
    },
  ]
  const got: Record<string, string> = {}
  for (const call of personal) {
    const res = await app.inject(call)
    expect(res.statusCode, `${call.method} ${call.url}`).toBe(200)
    got[`${call.method} ${call.url}`] = String(res.headers['cache-control'])
  }
  expect(got).toEqual(Object.fromEntries(Object.keys(got).map((k) => [k, 'no-store'])))

  // Refusals are personal too: a 401 must not be cached in place of the data.
  const refused = await app.inject({ method: 'GET', url: '/api/users' })
  expect(refused.statusCode).toBe(401)
  expect(refused.headers['cache-control']).toBe('no-store')

  const catalogue = await app.inject({ method: 'GET', url: '/api/tool' })
  expect(catalogue.headers['cache-control']).toBe('no-cache')
  expect(catalogue.headers.etag).toBeDefined()
  const promotions = await app.inject({ method: 'GET', url: '/api/promotion' })
  expect(promotions.headers['cache-control']).toBe('no-cache')
  expect(promotions.headers.etag).toBeDefined()
})
