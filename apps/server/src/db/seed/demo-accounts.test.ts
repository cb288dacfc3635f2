import { readFileSync, statSync } from 'node:fs'

import { count, inArray } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { buildTestApp, TEST_ORIGIN } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { passwordsInFile, signIn } from '../../../test/demo-accounts.js'
import type { App } from '../../app.js'
import { loadConfig } from '../../config.js'
import { accounts, users } from '../schema/index.js'
import {
  DEMO_ACCOUNTS,
  demoAccountsAllowed,
  demoAccountsFile,
  demoStartNotice,
} from './demo-accounts.js'
import { seedDemoData } from './seed.js'

const database = useTestDatabase()

/** What the server does at start (server.ts): Better Auth's own hasher, the app's DATA_DIR. */
async function seed(app: App) {
  const hashPassword = (await app.services.auth.$context).password.hash
  return seedDemoData(database.current.db, app.services.media, {
    dataDir: app.config.dataDir,
    hashPassword,
  })
}

const ZERO_ID = '00000000-0000-4000-8000-000000000000'

/** Every admin route, with what an admin gets: 2xx, or the rule's 400/404 past the role check. */
const adminRoutes = [
  { method: 'GET', url: '/api/users', admin: 200 },
  { method: 'GET', url: '/api/purchase/admin', admin: 200 },
  { method: 'GET', url: '/api/contact', admin: 200 },
  { method: 'GET', url: '/api/promotion/admin', admin: 200 },
  { method: 'POST', url: '/api/tool', payload: {}, admin: 400 },
  { method: 'POST', url: '/api/media', payload: { image: 'x' }, admin: 400 },
  { method: 'POST', url: '/api/promotion', payload: {}, admin: 400 },
  { method: 'PUT', url: '/api/user/admin/nobody@example.com', admin: 404 },
  { method: 'PATCH', url: `/api/purchase/${ZERO_ID}/status`, payload: { status: 'shipped' } },
  { method: 'PUT', url: `/api/promotion/${ZERO_ID}`, payload: { title: 'Edited' } },
  { method: 'DELETE', url: `/api/promotion/${ZERO_ID}` },
  { method: 'DELETE', url: `/api/tool/${ZERO_ID}` },
] as const

test('the demo data brings a verified admin and buyer whose passwords are in a 0600 file', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished)
  const result = await seed(app)
  expect(result.accounts).toBe(2)

  const file = demoAccountsFile(app.config.dataDir)
  expect(statSync(file).mode & 0o777).toBe(0o600)
  const text = readFileSync(file, 'utf8')
  expect(text.split('\n')[0]).toMatch(/development only/i)
  const inFile = passwordsInFile(app.config.dataDir)
  expect([...inFile.keys()].sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort())
  expect(inFile.get('admin@demo.toolworks.test')?.role).toBe('admin')
  expect(inFile.get('buyer@demo.toolworks.test')?.role).toBe('customer')
  // Generated, not a fixed word: two different, long passwords.
  const passwords = [...inFile.values()].map((v) => v.password)
  expect(new Set(passwords).size).toBe(2)
  for (const p of passwords) expect(p.length).toBeGreaterThanOrEqual(20)

  const rows = await database.current.db
    .select({ email: users.email, role: users.role, verified: users.emailVerified })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    )
  expect(rows.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
    { email: 'admin@demo.toolworks.test', role: 'admin', verified: true },
    { email: 'buyer@demo.toolworks.test', role: 'customer', verified: true },
  ])
  // Better Auth's hash, not the password itself.
  const stored = await database.current.db.select({ password: accounts.password }).from(accounts)
  for (const row of stored) expect(passwords).not.toContain(row.password)
})

test('the demo admin signs in with the file password and reaches every admin route; the buyer reaches none', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished)
  await seed(app)
  const inFile = passwordsInFile(app.config.dataDir)

  const admin = await signIn(
    app,
    'admin@demo.toolworks.test',
    inFile.get('admin@demo.toolworks.test')?.password ?? '',
  )
  const buyer = await signIn(
    app,
    'buyer@demo.toolworks.test',
    inFile.get('buyer@demo.toolworks.test')?.password ?? '',
  )
  expect(admin.status).toBe(200)
  expect(buyer.status).toBe(200)

  const adminCheck = await app.inject({
    method: 'GET',
    url: '/api/admin/admin@demo.toolworks.test',
    headers: { authorization: `Bearer ${admin.token}` },
  })
  expect(adminCheck.json()).toEqual({ admin: true })

  for (const route of adminRoutes) {
    const ask = (token: string | undefined) =>
      app.inject({
        method: route.method,
        url: route.url,
        headers: { authorization: `Bearer ${token}` },
        ...('payload' in route ? { payload: route.payload } : {}),
      })
    const asAdmin = await ask(admin.token)
    const expected = 'admin' in route ? [route.admin] : [200, 404]
    expect(expected, `${route.method} ${route.url}: ${asAdmin.body}`).toContain(asAdmin.statusCode)
    const asBuyer = await ask(buyer.token)
    expect(asBuyer.statusCode, `${route.method} ${route.url} as the buyer`).toBe(403)
  }
})

test('a second start makes no accounts and leaves the passwords and the file as they were', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished)
  await seed(app)
  const file = demoAccountsFile(app.config.dataDir)
  const before = readFileSync(file, 'utf8')
  const [hashesBefore] = [await database.current.db.select().from(accounts)]

  const second = await seed(app)
  expect(second.accounts).toBe(0)
  expect(readFileSync(file, 'utf8')).toBe(before)
  const [userCount] = await database.current.db.select({ n: count() }).from(users)
  // The two demo accounts and the demo shop's four other buyers, once.
  expect(userCount?.n).toBe(6)
  expect(await database.current.db.select().from(accounts)).toEqual(hashesBefore)

  const password = passwordsInFile(app.config.dataDir).get('admin@demo.toolworks.test')?.password
  expect((await signIn(app, 'admin@demo.toolworks.test', password ?? '')).status).toBe(200)
})

test('an address that already has an account is never taken over', async ({ onTestFinished }) => {
  const app = await buildTestApp(database.current, onTestFinished)
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { name: 'Someone', email: 'admin@demo.toolworks.test', password: 'their own one' },
  })
  expect(res.statusCode).toBe(200)
  const result = await seed(app)
  expect(result.tools).toBeGreaterThan(0)
  expect(result.accounts).toBe(0)
  expect((await signIn(app, 'admin@demo.toolworks.test', 'their own one')).status).toBe(200)
  expect(() => statSync(demoAccountsFile(app.config.dataDir))).toThrow()
})

test('production never makes them nor names them at start, even with SEED_DEMO=true', () => {
  const secret = 'production-secret-that-is-long-enough-0123456789'
  const production = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, SEED_DEMO: 'true' })
  expect(production.seedDemo).toBe(true)
  expect(demoAccountsAllowed(production)).toBe(false)
  expect(demoStartNotice(production)).toBeUndefined()
  expect(demoAccountsAllowed({ env: 'development', seedDemo: false })).toBe(false)
  expect(demoAccountsAllowed({ env: 'development', seedDemo: true })).toBe(true)
  // The browser journeys (NODE_ENV=test, SEED_DEMO=true) keep a shop without demo history.
  expect(demoAccountsAllowed({ env: 'test', seedDemo: true })).toBe(false)
})

test('the start notice names the file and the admin, never a password', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished)
  const config = { ...app.config, env: 'development' as const, seedDemo: true }
  expect(demoStartNotice(config)).toBeUndefined()
  await seed(app)
  const notice = demoStartNotice(config)
  const file = demoAccountsFile(app.config.dataDir)
  expect(notice?.line).toContain(`admin@demo.toolworks.test (password in ${file})`)
  expect(notice?.line).toContain(`${app.config.publicUrl}/api/docs`)
  expect(notice?.line).toContain(`${app.config.dataDir}/outbox`)
  expect(notice?.line).toContain(app.config.publicUrl)
  expect(notice?.line.split('\n')).toHaveLength(1)
  const printed = [notice?.line ?? '', ...(notice?.lines ?? [])].join('\n')
  for (const { password } of passwordsInFile(app.config.dataDir).values())
    expect(printed).not.toContain(password)
  expect(notice?.lines.join('\n')).toContain(file)
})
