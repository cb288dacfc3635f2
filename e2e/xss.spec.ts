import type { Page } from 'playwright-core'
import { expect, inject, test } from 'vitest'

import { logInAsAdmin, logInInBrowser, newPerson } from './support/accounts.js'
import { nextClientAddress, openPage, useBrowser } from './support/browser.js'

/**
 * Names, profile fields, addresses and review text holding HTML or script payloads
 * render as text. A customer made of payloads (through the API, as an attacker would) writes
 * a review and places an order; the home page's reviews, My Profile, and the admin's All Users
 * and Manage Orders show the payloads as visible text, and none of them ever runs.
 */

const ctx = useBrowser()

const tag = Date.now().toString(36)
// Each payload sets window.__xss if the browser ever treats it as markup or script.
const NAME = `<img src=x onerror="window.__xss=1">Mallory ${tag}`
const PHONE = `<script>window.__xss=1</script>${tag}`
const ADDRESS = `<svg onload="window.__xss=1"></svg><b>Road</b> ${tag}`
const EDUCATION = `"><iframe srcdoc="<script>parent.__xss=1</script>"></iframe>${tag}`
const REVIEW = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script> great ${tag}`

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${res.url}: ${await res.text()}`)
  return (await res.json()) as T
}

/** The customer, a profile, a review and an order, all through the API. */
async function plantPayloads(baseUrl: string) {
  const person = newPerson({ name: NAME })
  // A visitor of its own, as each browser page is: the other specs' sign-ups through the API
  // from this process's address must not use up this one's per-address limit.
  const visitor = {
    'content-type': 'application/json',
    origin: baseUrl,
    'x-forwarded-for': nextClientAddress(),
  }
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: visitor,
    body: JSON.stringify(person),
  })
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`)
  // Sign-up makes no session: the visitor signs in next, as the Signup page does.
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: visitor,
    body: JSON.stringify({ email: person.email, password: person.password }),
  })
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`)
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const { token } = await json<{ token: string }>(
    await fetch(`${baseUrl}/api/user/${encodeURIComponent(person.email)}`, {
      method: 'PUT',
      headers: { cookie, origin: baseUrl },
    }),
  )
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  await json(
    await fetch(`${baseUrl}/api/updateduser?email=${encodeURIComponent(person.email)}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        phone: PHONE,
        address: ADDRESS,
        education: EDUCATION,
        linkedin: `javascript:window.__xss=1//${tag}`,
      }),
    }),
  )
  await json(
    await fetch(`${baseUrl}/api/review`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ reviewText: REVIEW, stars: 5 }),
    }),
  )
  const tools = await json<{ _id: string; quantity: number; minimum: number }[]>(
    await fetch(`${baseUrl}/api/tool`),
  )
  const tool = tools.find((t) => t.quantity >= t.minimum + 5)
  if (!tool) throw new Error('no tool in stock')
  await json(
    await fetch(`${baseUrl}/api/purchase`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        toolsId: tool._id,
        purchaseQuantity: tool.minimum,
        phone: PHONE,
        address: ADDRESS,
      }),
    }),
  )
  return person
}

/** The payload shows as text on the page, and nothing has run. */
async function seesText(page: Page, text: string) {
  await page.locator('main').getByText(text).first().waitFor()
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
}

async function noScriptRan(page: Page) {
  // Give onerror/onload handlers a moment: a broken image fails within milliseconds.
  await page.waitForTimeout(300)
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
  // No element the payloads would have created exists in the page.
  expect(await page.locator('main img[src="x"], main svg[onload], main iframe').count()).toBe(0)
}

test('payloads in a name, a profile, a review and an order render as text and never run', async ({
  onTestFinished,
}) => {
  const person = await plantPayloads(ctx.baseUrl)

  const page = await openPage(ctx.browser, onTestFinished)
  // The home page with its reviews block (server-rendered data first, then the client).
  await page.goto(`${ctx.baseUrl}/`)
  await seesText(page, REVIEW)
  await noScriptRan(page)

  await page.goto(`${ctx.baseUrl}/login`)
  await logInInBrowser(page, person)
  await page.goto(`${ctx.baseUrl}/dashboard`)
  await seesText(page, NAME)
  await seesText(page, PHONE)
  await seesText(page, ADDRESS)
  await seesText(page, EDUCATION)
  await noScriptRan(page)
  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  await seesText(page, NAME)
  await noScriptRan(page)
  expect(page.problems).toEqual([])

  const admin = await openPage(ctx.browser, onTestFinished)
  await logInAsAdmin(admin, ctx.baseUrl, inject('adminEmail'))
  await admin.goto(`${ctx.baseUrl}/dashboard/users`)
  await seesText(admin, NAME)
  await noScriptRan(admin)
  await admin.goto(`${ctx.baseUrl}/dashboard/manageorders`)
  await seesText(admin, NAME)
  await noScriptRan(admin)
  expect(admin.problems).toEqual([])
})
