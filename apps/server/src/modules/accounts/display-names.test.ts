import { messages } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

import { signUp, uniqueEmail, verifyEmail } from '../../../test/accounts.js'
import { buildTestApp, TEST_ORIGIN, useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { startGoogleStandIn } from '../../../test/oidc-server.js'
import type { App } from '../../app.js'
import { users } from '../../db/schema/index.js'

const database = useTestDatabase()
const testApp = useTestApp(database)
const v = messages.validation

const signUpWith = (app: App, name: string, email = uniqueEmail('named')) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { name, email, password: 'correct horse' },
  })

const storedName = async (email: string) =>
  (
    await database.current.db.select({ name: users.name }).from(users).where(eq(users.email, email))
  )[0]?.name

/** The text of every e-mail in the app's outbox sent to the address. */
async function mailsTo(app: App, email: string): Promise<string[]> {
  const outbox = path.join(app.config.dataDir, 'outbox')
  const files = (await readdir(outbox).catch(() => [])).sort()
  const texts = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')))
  return texts.filter((t) => t.includes(`To: ${email}`))
}

describe('display names are checked on the server', () => {
  test('a 300,000-character name is refused at sign-up and at update-user, and nothing changes', async () => {
    const app = testApp.current
    const huge = 'A'.repeat(300_000)
    const email = uniqueEmail('huge')
    const refused = await signUpWith(app, huge, email)
    expect(refused.statusCode).toBe(400)
    expect(refused.json<{ message: string }>().message).toBe(v.nameTooLong)
    expect(await storedName(email)).toBeUndefined()

    const user = await signUp(app, { name: 'Rahim Uddin' })
    const update = await app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: { name: huge },
    })
    expect(update.statusCode).toBe(400)
    expect(update.json<{ message: string }>().message).toBe(v.nameTooLong)
    expect(await storedName(user.email)).toBe('Rahim Uddin')
  })

  test('a name with a line break or another control character is refused; blank is refused', async () => {
    const app = testApp.current
    for (const name of [
      'Rahim\nClick https://evil.example',
      'Rahim\r\nBcc: x',
      'Ra\u0000him',
      'Ra\u2028him',
      // Bidirectional overrides and isolates read the text around them backwards.
      'Rahim\u202egnp.exe',
      'Ra\u2066him\u2069',
    ]) {
      const res = await signUpWith(app, name)
      expect(res.statusCode, JSON.stringify(name)).toBe(400)
      expect(res.json<{ message: string }>().message).toBe(v.nameControlCharacters)
    }
    const blank = await signUpWith(app, '   ')
    expect(blank.statusCode).toBe(400)
    expect(blank.json<{ message: string }>().message).toBe(v.nameRequired)

    const user = await signUp(app, { name: 'Karim' })
    const update = await app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: { name: 'Karim\nVisit https://evil.example' },
    })
    expect(update.statusCode).toBe(400)
    expect(await storedName(user.email)).toBe('Karim')
  })

  test('a name of 100 characters is accepted at sign-up and update-user; 101 is not', async () => {
    const app = testApp.current
    const hundred = 'ক'.repeat(50) + 'b'.repeat(50)
    const email = uniqueEmail('hundred')
    expect((await signUpWith(app, `  ${hundred}  `, email)).statusCode).toBe(200)
    expect(await storedName(email)).toBe(hundred)
    expect((await signUpWith(app, `${hundred}x`)).statusCode).toBe(400)

    const user = await signUp(app)
    const update = await app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: { name: 'z'.repeat(100) },
    })
    expect(update.statusCode).toBe(200)
    expect(await storedName(user.email)).toBe('z'.repeat(100))
  })

  test('a Google name is made to fit: one line, at most 100 characters', async ({
    onTestFinished,
  }) => {
    const google = await startGoogleStandIn()
    onTestFinished(() => google.stop())
    const app = await buildTestApp(database.current, onTestFinished, {
      google: {
        clientId: 'toolworks-test',
        clientSecret: 'test-client-secret',
        discoveryUrl: google.discoveryUrl,
      },
    })
    const email = uniqueEmail('gname')
    google.signInAs({ email, name: `Nusrat\nJahan https://evil.example ${'x'.repeat(300)}` })
    const start = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: TEST_ORIGIN },
      payload: { provider: 'google', callbackURL: '/dashboard' },
    })
    const consent = await fetch(new URL(start.json<{ url: string }>().url), { redirect: 'manual' })
    const callback = new URL(consent.headers.get('location') ?? '')
    const cookie = ([] as string[])
      .concat(start.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ')
    const done = await app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie },
    })
    expect(done.statusCode).toBe(302)
    const name = (await storedName(email)) ?? ''
    expect(name.startsWith('Nusrat Jahan https://evil.example x')).toBe(true)
    expect(Array.from(name)).toHaveLength(100)
  })
})

/** The text of a mail after its headers, soft line breaks joined. */
const bodyOf = (mail: string) =>
  mail
    .replace(/=\r?\n/g, '')
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n')

describe('e-mails carry the name as one line of plain text', () => {
  test('an older row whose name holds line breaks and a URL cannot add lines to the reset mail', async () => {
    const app = testApp.current
    const user = await signUp(app)
    await verifyEmail(app, user.email)
    // Rows written before the server checked names are left as they are.
    const old =
      'Rahim\n\nYour account is locked. Unlock it at https://evil.example/unlock\r\nBcc: x'
    await database.current.db.update(users).set({ name: old }).where(eq(users.email, user.email))

    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, redirectTo: '/reset-password' },
    })
    expect(reset.statusCode).toBe(200)

    const mail = (await mailsTo(app, user.email)).pop() ?? ''
    expect(mail).toContain('Reset your Toolworks password')
    const lines = bodyOf(mail).split(/\r?\n/)
    // The greeting is a single line; no line of the body starts with the name's text.
    const greeting = lines.find((l) => l.startsWith('Hello'))
    expect(greeting).toContain('Rahim')
    expect(greeting).toContain('Unlock it at')
    expect(lines.some((l) => l.startsWith('Your account is locked'))).toBe(false)
    expect(lines.some((l) => l.startsWith('Bcc:'))).toBe(false)
    expect(mail).not.toMatch(/^Bcc:/m)
  })

  test('mails to an unverified address carry no text the registrant typed', async () => {
    const app = testApp.current
    const typed = 'Your parcel is held, pay at evil.example'
    const user = await signUp(app, { name: typed })
    await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, redirectTo: '/reset-password' },
    })
    const mails = await mailsTo(app, user.email)
    expect(mails.map((m) => /Subject: (.*)/.exec(m)?.[1])).toEqual([
      'Confirm your email for Toolworks',
      'Reset your Toolworks password',
    ])
    for (const mail of mails) {
      expect(bodyOf(mail)).toMatch(/^Hello,\r?\n/)
      expect(mail).not.toContain('evil.example')
    }
    // Once the owner proved the mailbox, the name they keep is theirs to be greeted by.
    await verifyEmail(app, user.email)
    await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, redirectTo: '/reset-password' },
    })
    expect(bodyOf((await mailsTo(app, user.email)).pop() ?? '')).toMatch(
      /^Hello Your parcel is held/,
    )
  })
})
