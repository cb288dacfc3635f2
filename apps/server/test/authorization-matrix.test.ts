import { expect, test } from 'vitest'

import { bearer, signUp, uniqueEmail, type TestUser } from './accounts.js'
import { buildTestApp } from './app.js'
import { useTestDatabase } from './database.js'
import { insertTool } from './factories.js'

const database = useTestDatabase()

type Role = 'anonymous' | 'customerA' | 'customerB' | 'admin'
type Case = {
  route: string
  method: 'GET' | 'PUT' | 'POST' | 'DELETE'
  url: (ctx: { a: TestUser; b: TestUser; admin: TestUser; toolId: string }) => string
  payload?: object
  expect: Record<Role, number>
}

const profile = {
  phone: '+880 1700 000000',
  location: 'Dhaka',
  education: 'Diploma',
  linkedin: 'https://linkedin.com/in/x',
}

/**
 * Every /api route of the spec that exists so far, as each kind of caller, with the status
 * each must get. Customer A acts on A's own data; B's column shows that A's data is out of
 * B's reach. New routes join this table in their issue.
 */
const cases: Case[] = [
  {
    route: 'GET /api/tool',
    method: 'GET',
    url: () => '/api/tool',
    expect: { anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'GET /api/tool/{id}',
    method: 'GET',
    url: (c) => `/api/tool/${c.toolId}`,
    expect: { anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'GET /api/admin/{A}',
    method: 'GET',
    url: (c) => `/api/admin/${c.a.email}`,
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/user?email={A}',
    method: 'GET',
    url: (c) => `/api/user?email=${c.a.email}`,
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  },
  {
    route: 'PUT /api/updateduser?email={A}',
    method: 'PUT',
    url: (c) => `/api/updateduser?email=${c.a.email}`,
    payload: profile,
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  },
  {
    route: 'GET /api/users',
    method: 'GET',
    url: () => '/api/users',
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'PUT /api/user/admin/{email}',
    method: 'PUT',
    url: () => `/api/user/admin/${uniqueEmail('nobody')}`,
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 404 },
  },
]

test('every spec route answers each kind of caller as the rules say', async ({
  onTestFinished,
}) => {
  const adminEmail = uniqueEmail('admin')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
  const a = await signUp(app)
  const b = await signUp(app)
  const admin = await signUp(app, { email: adminEmail })
  const tool = await insertTool(database.current.db)
  const ctx = { a, b, admin, toolId: tool.id }
  const callers: Record<Role, TestUser | undefined> = {
    anonymous: undefined,
    customerA: a,
    customerB: b,
    admin,
  }

  const got: Record<string, Record<Role, number>> = {}
  const want: Record<string, Record<Role, number>> = {}
  for (const c of cases) {
    want[c.route] = c.expect
    got[c.route] = {} as Record<Role, number>
    for (const role of Object.keys(callers) as Role[]) {
      const caller = callers[role]
      const res = await app.inject({
        method: c.method,
        url: c.url(ctx),
        headers: caller ? bearer(caller) : {},
        ...(c.payload ? { payload: c.payload } : {}),
      })
      got[c.route]![role] = res.statusCode
    }
  }
  expect(got).toEqual(want)
})
