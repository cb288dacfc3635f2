import type { Page, Route } from 'playwright-core'
import { expect, inject, test } from 'vitest'

import { logInAsAdmin, newPerson, signUpInBrowser } from './support/accounts.js'
import { openPage, useBrowser } from './support/browser.js'

const ctx = useBrowser()

/**
 * Answers the first `times` requests for `path` with a 503 (as a proxy in front of the shop
 * would during a restart), then lets the rest through. Returns how many were failed.
 */
async function failTwice(page: Page, path: RegExp, times = 2): Promise<() => number> {
  let failed = 0
  await page.route(path, async (route: Route) => {
    if (failed < times) {
      failed += 1
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Try again' } }),
      })
      return
    }
    await route.continue()
  })
  return () => failed
}

const NOTICE = 'Connection trouble, retrying…'

test('get-session failing twice with 503 on a dashboard page: the notice shows, then the page loads signed in', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished, undefined, [
    /^\/api\/auth\/get-session$/,
  ])
  const customer = newPerson({ name: 'Steady Customer' })
  await signUpInBrowser(page, ctx.baseUrl, customer)

  const failures = await failTwice(page, /\/api\/auth\/get-session$/)
  await page.goto(`${ctx.baseUrl}/dashboard`)

  await page.getByRole('status').filter({ hasText: NOTICE }).waitFor()
  await page.getByRole('heading', { level: 2, name: 'My Profile' }).waitFor()
  expect(failures()).toBe(2)
  expect(new URL(page.url()).pathname).toBe('/dashboard')
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy()
  await page.locator('header').getByRole('button', { name: 'Sign Out' }).first().waitFor()
  // Once the check went through, the notice is gone.
  await page.getByText(NOTICE).waitFor({ state: 'detached' })
  expect(page.problems).toEqual([])
})

test('the admin check failing twice with 503 on an admin page: the admin stays in', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished, undefined, [/^\/api\/admin\//])
  await logInAsAdmin(page, ctx.baseUrl, inject('adminEmail'))

  const failures = await failTwice(page, /\/api\/admin\/[^/]+$/)
  let signOuts = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/sign-out') signOuts += 1
  })
  await page.goto(`${ctx.baseUrl}/dashboard/users`)

  await page.getByRole('status').filter({ hasText: NOTICE }).waitFor()
  await page.getByRole('heading', { level: 2, name: /All Users/ }).waitFor()
  expect(failures()).toBe(2)
  expect(signOuts).toBe(0)
  expect(new URL(page.url()).pathname).toBe('/dashboard/users')
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy()
  expect(page.problems).toEqual([])
})

test('My Orders with a token the server refuses: signed out, token cleared, and the page ends on /', async ({
  onTestFinished,
}) => {
  // The refused token answers 401 on the bearer calls; that is the point of this test.
  const page = await openPage(ctx.browser, onTestFinished, undefined, [
    /^\/api\/purchase$/,
    /^\/api\/admin\//,
    /^\/api\/cart$/,
  ])
  const customer = newPerson({ name: 'Expired Token' })
  await signUpInBrowser(page, ctx.baseUrl, customer)
  await page.evaluate(() => localStorage.setItem('accessToken', 'garbage.not-a.jwt'))

  // Every address the page shows, in-app navigations included.
  const visited: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
  })
  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)

  await page.waitForFunction(() => !localStorage.getItem('accessToken'))
  await page.locator('header').getByRole('link', { name: 'Login' }).first().waitFor()
  // The home page's own content, fetched after the redirect, has arrived: the app has settled.
  await page.getByTestId('tool-card').first().waitFor({ state: 'attached' })
  expect(new URL(page.url()).pathname).toBe('/')
  // Before the fix the guard around My Orders won the race and the page went on to /login.
  expect(visited).not.toContain('/login')
  const session = await page.evaluate(async () => {
    const body: unknown = await (await fetch('/api/auth/get-session')).json()
    return body
  })
  expect(session).toBeNull()
  expect(page.problems).toEqual([])
})
