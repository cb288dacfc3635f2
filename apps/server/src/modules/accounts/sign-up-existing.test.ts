import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import { messages, signUpAttemptMailWords } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { bearer, linksSentTo, signUp, uniqueEmail } from '../../../test/accounts.js'
import { buildTestApp, TEST_ORIGIN, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import type { App } from '../../app.js'
import { claimSignUpAttemptMail } from './accounts.queries.js'
import { SIGN_UP_ATTEMPT_MAIL_WINDOW_MS } from './auth.js'

// Runs in both projects: PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
const database = useTestDatabase()
const testApp = useTestApp(database)

const signUpRaw = (app: App, email: string, password: string, name = 'Someone Else') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { name, email, password },
  })

const signIn = (app: App, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  })

/** The mails in the outbox to the address, as text (quoted-printable soft breaks joined). */
async function mailsTo(app: App, email: string): Promise<string[]> {
  const outbox = path.join(app.config.dataDir, 'outbox')
  const files = (await readdir(outbox).catch(() => [])).sort()
  const texts = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')))
  return texts
    .map((t) => t.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((t) => t.includes(`To: ${email}`))
}

const attemptMails = async (app: App, email: string) =>
  (await mailsTo(app, email)).filter((t) =>
    t.includes(`Subject: ${signUpAttemptMailWords.subject}`),
  )

/** The answer with what differs between any two accounts (id, address, times) blanked. */
function shapeOf(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(shapeOf)
  if (body === null || typeof body !== 'object') return body
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      ['id', 'email', 'createdAt', 'updatedAt'].includes(key)
        ? `<${typeof value}>`
        : shapeOf(value),
    ]),
  )
}

describe('sign-up of an address that already has an account', () => {
  test('is answered exactly as a new address: status, keys, kinds of values, headers, no cookie', async () => {
    const app = testApp.current
    const owner = await signUp(app, { name: 'Owner Person' })
    // A name with spaces around it is kept trimmed: the made-up user's must be too.
    const fresh = await signUpRaw(app, uniqueEmail('fresh'), 'new-one-pass', '  Someone Else ')
    const taken = await signUpRaw(app, owner.email, 'attacker-pass', '  Someone Else ')

    expect(taken.statusCode).toBe(200)
    expect(fresh.statusCode).toBe(200)
    expect(taken.headers['set-cookie']).toBeUndefined()
    expect(fresh.headers['set-cookie']).toBeUndefined()
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort())
    // The same keys in the same order, the same values but for id, address and times.
    expect(JSON.stringify(shapeOf(taken.json()))).toBe(JSON.stringify(shapeOf(fresh.json())))
    const user = taken.json<{ token: unknown; user: Record<string, unknown> }>()
    expect(user.token).toBeNull()
    expect(user.user).toMatchObject({
      name: 'Someone Else',
      role: 'customer',
      emailVerified: false,
    })
    // The made-up user is nobody's: not the owner's id, not the owner's name.
    expect(taken.body).not.toContain('Owner Person')
  })

  test('mails the owner once, however often it is tried; a new address gets only its verification', async () => {
    const app = testApp.current
    const owner = await signUp(app)
    const other = await signUp(app)
    const fresh = uniqueEmail('fresh')
    expect(await attemptMails(app, owner.email)).toEqual([])

    expect((await signUpRaw(app, owner.email, 'first-guess')).statusCode).toBe(200)
    expect((await signUpRaw(app, owner.email.toUpperCase(), 'second-guess')).statusCode).toBe(200)
    expect((await signUpRaw(app, fresh, 'fresh-pass-1')).statusCode).toBe(200)
    // Another owner is told too: the limit is per account, not for everyone.
    expect((await signUpRaw(app, other.email, 'third-guess')).statusCode).toBe(200)

    const [mail, ...more] = await attemptMails(app, owner.email)
    expect(more).toEqual([])
    expect(mail).toContain(signUpAttemptMailWords.happened.slice(0, 60))
    expect(mail).toContain(`${app.config.publicUrl}/login`)
    expect(mail).toContain(signUpAttemptMailWords.ifNot)
    // Whoever tried typed the name: it is not in the owner's mail, and no link signs anyone in.
    expect(mail).not.toContain('Someone Else')
    expect(mail).not.toMatch(/verify-email|reset-password|token=/)
    expect(await attemptMails(app, other.email)).toHaveLength(1)

    const freshMails = await mailsTo(app, fresh)
    expect(freshMails).toHaveLength(1)
    expect(freshMails[0]).toContain('Subject: Confirm your email for Toolworks')
    expect(await linksSentTo(app, fresh)).toEqual([expect.stringContaining('/verify-email?')])
  })

  test("leaves the account as it was: the owner's password and sessions work, the other password does not", async () => {
    const app = testApp.current
    const owner = await signUp(app, { name: 'Owner Person' })
    expect((await signUpRaw(app, owner.email, 'attacker-pass', 'Attacker')).statusCode).toBe(200)

    expect((await signIn(app, owner.email, 'attacker-pass')).statusCode).toBe(401)
    const again = await signIn(app, owner.email, owner.password)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ user: { email: owner.email, name: 'Owner Person' } })
    // The session and the token from before still work.
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: owner.cookie },
    })
    expect(session.json()).toMatchObject({ user: { email: owner.email, name: 'Owner Person' } })
    const profile = await app.inject({
      method: 'GET',
      url: `/api/user?email=${owner.email}`,
      headers: bearer(owner),
    })
    expect(profile.statusCode).toBe(200)
    expect(profile.json()).toMatchObject({ name: 'Owner Person' })
  })

  test('an ADMIN_EMAILS address is answered the same whether it has an account or not', async ({
    onTestFinished,
  }) => {
    const taken = uniqueEmail('boss')
    const fresh = uniqueEmail('boss')
    const app = await buildTestApp(database.current, onTestFinished, {
      adminEmails: [taken, fresh],
    })
    const owner = await signUp(app, { email: taken, password: 'owner-chosen' })

    const answers = [
      await signUpRaw(app, taken, 'attacker-1'),
      await signUpRaw(app, fresh, 'x-12345'),
    ]
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['set-cookie']).toBeUndefined()
      expect(answer.json()).toEqual({
        token: null,
        user: null,
        confirmEmail: true,
        message: messages.accounts.adminCheckMailbox,
      })
    }
    expect(answers[0]?.body).toBe(answers[1]?.body)
    expect(Object.keys(answers[0]?.headers ?? {}).sort()).toEqual(
      Object.keys(answers[1]?.headers ?? {}).sort(),
    )
    // The owner is told and keeps the password chosen through the mailed link.
    expect(await attemptMails(app, taken)).toHaveLength(1)
    expect((await signIn(app, taken, 'attacker-1')).statusCode).toBe(401)
    expect((await signIn(app, taken, owner.password)).statusCode).toBe(200)
    expect(await linksSentTo(app, fresh)).toEqual([expect.stringContaining('/verify-email?')])
  })
})

test('the mail about a sign-up attempt goes at most once per account in its window, in the shared store', async () => {
  const { db } = database.current
  const id = `attempt-${Date.now().toString(36)}`
  const start = Date.now()
  const window = SIGN_UP_ATTEMPT_MAIL_WINDOW_MS
  expect(window).toBe(15 * 60 * 1000)
  expect(await claimSignUpAttemptMail(db, id, window, start)).toBe(true)
  expect(await claimSignUpAttemptMail(db, id, window, start + 1)).toBe(false)
  expect(await claimSignUpAttemptMail(db, `${id}-other`, window, start + 1)).toBe(true)
  expect(await claimSignUpAttemptMail(db, id, window, start + window - 1)).toBe(false)
  // Once the window has passed, the owner may be told again.
  expect(await claimSignUpAttemptMail(db, id, window, start + window)).toBe(true)
  expect(await claimSignUpAttemptMail(db, id, window, start + window + 1)).toBe(false)
})
