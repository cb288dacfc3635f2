import { hashPassword, verifyPassword } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { signUp, uniqueEmail } from '../../../test/accounts.js'
import { testConfig, TEST_ORIGIN } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { buildApp } from '../../app.js'
import { accounts, users } from '../../db/schema/index.js'
import { HASHES_AT_ONCE, hashingLoad, scryptPasswordHasher } from './password-hash.js'

const database = useTestDatabase()

/**
 * The other suites hash with test/password-hasher.ts (a cheaper scrypt); this one builds the
 * app as production does, with no hasher given, and checks what Better Auth stores and accepts.
 */
test('without a test hasher, passwords are stored as Better Auth’s scrypt and checked by it', async ({
  onTestFinished,
}) => {
  const app = await buildApp({ config: testConfig(), database: database.current, logger: false })
  onTestFinished(() => app.close())
  await app.ready()
  const email = uniqueEmail('hashing')
  const user = await signUp(app, { email, password: 'a long passphrase' })

  const [stored] = await database.current.db
    .select({ password: accounts.password })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(users.email, email))
  const hash = stored?.password ?? ''
  // Better Auth's format: a hex salt and a hex 64-byte key.
  expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/)
  expect(await verifyPassword({ hash, password: 'a long passphrase' })).toBe(true)

  const signIn = (password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, password },
    })
  expect((await signIn('a long passphrase')).statusCode).toBe(200)
  expect((await signIn('not the passphrase')).statusCode).toBe(401)
})

test('a hash made by Better Auth’s own code is accepted, and a wrong password refused', async () => {
  const hash = await hashPassword('ünïcode passphrase')
  // NFKC, as Better Auth normalises: the decomposed spelling is the same password.
  const decomposed = 'ünïcode passphrase'.normalize('NFD')
  expect(await scryptPasswordHasher.verify({ hash, password: decomposed })).toBe(true)
  expect(await scryptPasswordHasher.verify({ hash, password: 'unicode passphrase' })).toBe(false)
  await expect(scryptPasswordHasher.verify({ hash: 'no-colon', password: 'x' })).rejects.toThrow()
})

test('at most HASHES_AT_ONCE hashes run together; the rest wait and all finish', async () => {
  let mostRunning = 0
  let mostWaiting = 0
  let done = false
  const watching = (async () => {
    while (!done) {
      const { running, waiting } = hashingLoad()
      mostRunning = Math.max(mostRunning, running)
      mostWaiting = Math.max(mostWaiting, waiting)
      await new Promise((r) => setTimeout(r, 1))
    }
  })()
  const hashes = await Promise.all(
    Array.from({ length: 6 }, (_, i) => scryptPasswordHasher.hash(`password ${i}`)),
  )
  done = true
  await watching
  expect(mostRunning).toBe(HASHES_AT_ONCE)
  expect(mostWaiting).toBeGreaterThan(0)
  expect(new Set(hashes).size).toBe(6)
  expect(await verifyPassword({ hash: hashes[5] ?? '', password: 'password 5' })).toBe(true)
})
