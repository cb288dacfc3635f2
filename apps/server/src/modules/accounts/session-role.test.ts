import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { bearer, signUp, uniqueEmail } from '../../../test/accounts.js'
import { buildTestApp, TEST_ORIGIN } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import type { App } from '../../app.js'
import { users } from '../../db/schema/index.js'

// Better Auth's get-session shows the role the shop acts on, the same one as
// GET /api/admin/{email} and the users list, not the stored column.
const database = useTestDatabase()

async function sessionRole(app: App, cookie: string): Promise<string | null> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie, origin: TEST_ORIGIN },
  })
  expect(res.statusCode).toBe(200)
  const body = res.json<{ user: { role: string; email: string } } | null>()
  return body ? body.user.role : null
}

async function adminAnswer(app: App, who: { email: string; token: string }) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/admin/${who.email}`,
    headers: bearer(who),
  })
  return res.json<{ admin: boolean }>().admin
}

test('get-session shows the derived role of an ADMIN_EMAILS address: no session while its mailbox is unproven, admin after, whatever is stored', async ({
  onTestFinished,
}) => {
  const { db } = database.current
  const email = uniqueEmail('boss')
  // The account and its session were made before its address was listed (an ordinary sign-up,
  // mailbox not yet proven); then the shop lists it in ADMIN_EMAILS.
  const before = await buildTestApp(database.current, onTestFinished)
  const { cookie } = await signUp(before, { email })
  expect(await sessionRole(before, cookie)).toBe('customer')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [email] })

  // Unproven: stored customer, shown as no session at all (nobody is signed in to it).
  expect(await sessionRole(app, cookie)).toBeNull()
  // Stored admin (as an older account's row may say), still unproven: no session either.
  await db.update(users).set({ role: 'admin' }).where(eq(users.email, email))
  expect(await sessionRole(app, cookie)).toBeNull()

  // Proven: an admin, though the stored role says customer.
  await db
    .update(users)
    .set({ role: 'customer', emailVerified: true })
    .where(eq(users.email, email))
  expect(await sessionRole(app, cookie)).toBe('admin')
  const token = await app.inject({
    method: 'PUT',
    url: `/api/user/${email}`,
    headers: { cookie, origin: TEST_ORIGIN },
  })
  expect(await adminAnswer(app, { email, token: token.json<{ token: string }>().token })).toBe(true)
})

test('get-session shows a stored admin (Make Admin) as admin and a customer as customer, as the admin check does', async ({
  onTestFinished,
}) => {
  const { db } = database.current
  const app = await buildTestApp(database.current, onTestFinished, {
    adminEmails: [uniqueEmail('boss')],
  })
  const customer = await signUp(app)
  const promoted = await signUp(app)
  await db.update(users).set({ role: 'admin' }).where(eq(users.email, promoted.email))
  expect(await sessionRole(app, customer.cookie)).toBe('customer')
  expect(await adminAnswer(app, customer)).toBe(false)
  expect(await sessionRole(app, promoted.cookie)).toBe('admin')
  expect(await adminAnswer(app, promoted)).toBe(true)
  // No cookie: still Better Auth's own null.
  expect(await sessionRole(app, '')).toBeNull()
})
