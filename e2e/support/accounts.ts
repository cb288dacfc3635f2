import type { Page } from 'playwright-core'

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
 * it does not exist yet, then signed in through the Login page.
 */
export async function logInAsAdmin(page: Page, baseUrl: string, adminEmail: string): Promise<void> {
  const admin = newPerson({ email: adminEmail, name: 'Shop Admin' })
  await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: admin.name, email: admin.email, password: admin.password }),
  })
  await page.goto(`${baseUrl}/login`)
  await logInInBrowser(page, admin)
}
