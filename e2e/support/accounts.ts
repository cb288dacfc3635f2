import type { Page } from 'playwright-core'

import { waitForEmailLink } from './outbox.js'

let sequence = 0

export function newEmail(prefix = 'buyer'): string {
  sequence += 1
  return `${prefix}.${Date.now().toString(36)}.${sequence}@example.com`
}

export type Person = { name: string; email: string; password: string }

export function newPerson(overrides: Partial<Person> = {}): Person {
  return { name: 'Tanvir Ahmed', email: newEmail(), password: 'sturdy-wrench-42', ...overrides }
}

/** Signs up through the Signup page and waits until the app has its token. */
export async function signUpInBrowser(page: Page, baseUrl: string, person: Person): Promise<void> {
  await page.goto(`${baseUrl}/signup`)
  await page.locator('main').getByLabel('Name', { exact: true }).fill(person.name)
  await page.locator('main').getByLabel('Email', { exact: true }).fill(person.email)
  await page.locator('main').getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'SIGNUP' }).click()
  await page.waitForFunction(() => Boolean(localStorage.getItem('accessToken')))
}

/**
 * Follows the verification link the shop mailed to the address, as its owner would: what an
 * unverified account may hold unpaid is bounded, the first-order discount and sending
 * drawings with a quote request need a verified e-mail.
 */
export async function verifyEmailOf(baseUrl: string, email: string): Promise<void> {
  const link = new URL(await waitForEmailLink(email, /\/api\/auth\/verify-email\?/))
  const verified = await fetch(`${baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' })
  if (verified.status >= 400) throw new Error(`verification failed: ${verified.status}`)
}

export async function logInInBrowser(
  page: Page,
  person: Pick<Person, 'email' | 'password'>,
): Promise<void> {
  await page.locator('main').getByLabel('Email', { exact: true }).fill(person.email)
  await page.locator('main').getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.waitForFunction(() => Boolean(localStorage.getItem('accessToken')))
}

export async function signOutInBrowser(page: Page): Promise<void> {
  await page.locator('header').getByRole('button', { name: 'Sign Out' }).first().click()
  await page.waitForFunction(() => !localStorage.getItem('accessToken'))
  await page.locator('header').getByRole('link', { name: 'Login' }).first().waitFor()
}

/**
 * The admin of ADMIN_EMAILS, whichever spec file meets it first: created through the API if
 * it does not exist yet, its email verified through the link in the outbox, which leads to
 * choosing the password (the one typed at sign-up is discarded: whoever signed the address up may not own it), then signed in
 * through the Login page. Spec files run one after the other; a later caller follows the link
 * again, which changes nothing once the address is verified, and keeps the chosen password.
 */
export async function logInAsAdmin(page: Page, baseUrl: string, adminEmail: string): Promise<void> {
  const admin = newPerson({ email: adminEmail, name: 'Shop Admin' })
  await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: admin.name, email: admin.email, password: admin.password }),
  })
  const link = new URL(await waitForEmailLink(adminEmail, /\/api\/auth\/verify-email\?/))
  const verified = await fetch(`${baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' })
  if (verified.status >= 400) throw new Error(`admin verification failed: ${verified.status}`)
  const token = new URL(verified.headers.get('location') ?? '/', baseUrl).searchParams.get('token')
  if (token) {
    const chosen = await fetch(`${baseUrl}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ token, newPassword: admin.password }),
    })
    if (chosen.status !== 200) throw new Error(`admin password not chosen: ${chosen.status}`)
  }
  await page.goto(`${baseUrl}/login`)
  await logInInBrowser(page, admin)
}

/** Throws with the step's name when an HTTP answer is not what the step needs. */
async function expectStatus(step: string, response: Response, ok: (status: number) => boolean) {
  if (!ok(response.status)) {
    throw new Error(`${step}: ${response.status} ${await response.text().catch(() => '')}`)
  }
}

/**
 * An account made over HTTP, the way a client outside the browser makes one: signs up, follows
 * the mailed verification link (and, for an admin address, chooses the password again, as the
 * shop asks after verifying one), signs in and trades the session cookie for the API's bearer
 * token (PUT /api/user/:email). For specs that start their own server with their own DATA_DIR.
 */
export async function verifiedTokenOverHttp(
  baseUrl: string,
  person: Person,
  { origin, dataDir }: { origin: string; dataDir?: string },
): Promise<string> {
  const post = (route: string, body: unknown) =>
    fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    })
  await expectStatus('sign up', await post('/api/auth/sign-up/email', person), (s) => s === 200)
  const link = new URL(await waitForEmailLink(person.email, /\/verify-email\?/, 10_000, dataDir))
  const verified = await fetch(`${baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' })
  await expectStatus('verify', verified, (s) => s < 400)
  const reset = new URL(verified.headers.get('location') ?? '/', origin).searchParams.get('token')
  if (reset) {
    const chosen = await post('/api/auth/reset-password', {
      token: reset,
      newPassword: person.password,
    })
    await expectStatus('choose password', chosen, (s) => s === 200)
  }
  const signIn = await post('/api/auth/sign-in/email', {
    email: person.email,
    password: person.password,
  })
  await expectStatus('sign in', signIn, (s) => s === 200)
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const token = await fetch(`${baseUrl}/api/user/${person.email}`, {
    method: 'PUT',
    headers: { cookie, origin },
  })
  await expectStatus('token', token, (s) => s === 200)
  return ((await token.json()) as { token: string }).token
}
