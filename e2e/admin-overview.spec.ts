import { copyFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'

import type { Page } from 'playwright-core'
import { expect, inject, test } from 'vitest'

import { logInAsAdmin, newPerson, signUpInBrowser } from './support/accounts.js'
import { seriousViolations } from './support/axe.js'
import { artifactsDir, openPage, screenshot, useBrowser } from './support/browser.js'

const ctx = useBrowser()
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

type Overview = { days: number; revenueByDay: { date: string; revenue: number }[] }

/** The API's answer, asked from the page with the admin's own token (docs/product.md §3: localStorage). */
function fetchOverview(page: Page, days: number): Promise<Overview> {
  return page.evaluate(async (d) => {
    const res = await fetch(`/api/stats/overview?days=${d}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
    })
    return (await res.json()) as Overview
  }, days)
}

/** The revenue table's rows as [date, dollars shown]. */
function tableRows(page: Page): Promise<[string, string][]> {
  return page
    .getByRole('table', { name: /Paid revenue per day/ })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row): [string, string] => [
        row.getAttribute('data-date') ?? '',
        row.querySelector('td')?.textContent?.trim() ?? '',
      ]),
    )
}

const expectedRows = (answer: Overview) =>
  [...answer.revenueByDay].reverse().map((d): [string, string] => [d.date, usd.format(d.revenue)])

/** A customer orders the cheapest-minimum demo tool and pays it in the sandbox, all by API. */
async function paidOrderToday(onTestFinished: Parameters<typeof openPage>[1]) {
  const buyer = await openPage(ctx.browser, onTestFinished)
  await signUpInBrowser(buyer, ctx.baseUrl, newPerson({ name: 'Overview Buyer' }))
  const token = await buyer.evaluate(() => localStorage.getItem('accessToken'))
  const call = async (method: string, url: string, body: unknown) => {
    const res = await fetch(`${ctx.baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
    expect(res.status, `${method} ${url}`).toBeLessThan(300)
    return (await res.json()) as Record<string, unknown>
  }
  const tools = (await (await fetch(`${ctx.baseUrl}/api/tool`)).json()) as {
    _id: string
    minimum: number
  }[]
  const tool = tools.find((t) => t.minimum === 1) ?? tools[0]
  if (!tool) throw new Error('no demo tool')
  const order = await call('POST', '/api/purchase', {
    toolsId: tool._id,
    purchaseQuantity: tool.minimum,
    phone: '+880 1700 000000',
    address: 'Dhaka',
  })
  const orderId = String(order.insertedId)
  const intent = await call('POST', '/api/create-payment-intent', { orderId })
  const confirmed = (await call('POST', '/api/sandbox/payment_intents/confirm', {
    clientSecret: intent.clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
  })) as { paymentIntent: { id: string } }
  await call('PATCH', `/api/purchase/${orderId}`, { transactionId: confirmed.paymentIntent.id })
}

async function shot(page: Page, name: string) {
  await screenshot(page, name)
  mkdirSync('/tmp/shots', { recursive: true })
  copyFileSync(path.join(artifactsDir, `${name}.png`), `/tmp/shots/${name}.png`)
}

// The admin's Dashboard link opens the Overview; the chart is drawn and its table
// says what the API says, for 30 days and then 7.
test('an admin opens the overview: chart drawn, table matching the API, 7-day switch', async ({
  onTestFinished,
}) => {
  await paidOrderToday(onTestFinished)
  const admin = await openPage(ctx.browser, onTestFinished)
  await logInAsAdmin(admin, ctx.baseUrl, inject('adminEmail'))
  // The header's link points at the Overview once the server has said this is an admin.
  const dashboardLink = admin
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Dashboard' })
  await admin
    .locator('nav[aria-label="Main menu"] a[href="/dashboard/overview"]')
    .waitFor({ timeout: 10_000 })
  await dashboardLink.click()
  await admin.waitForURL(`${ctx.baseUrl}/dashboard/overview`)

  await admin.getByRole('table', { name: 'Paid revenue per day, the last 30 days' }).waitFor()
  await admin.locator('[data-testid="revenue-chart"] canvas').waitFor()
  const month = await fetchOverview(admin, 30)
  expect(month.revenueByDay).toHaveLength(30)
  // At least today's paid order.
  expect(month.revenueByDay.some((d) => d.revenue > 0)).toBe(true)
  expect(await tableRows(admin)).toEqual(expectedRows(month))
  await shot(admin, 'overview-1280')

  const violations = await seriousViolations(admin)
  expect(violations).toEqual([])

  const weekRequest = admin.waitForRequest((req) =>
    req.url().endsWith('/api/stats/overview?days=7'),
  )
  await admin.getByRole('button', { name: '7 days' }).click()
  await weekRequest
  await admin.getByRole('table', { name: 'Paid revenue per day, the last 7 days' }).waitFor()
  expect(await admin.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe(
    'true',
  )
  expect(await tableRows(admin)).toEqual(expectedRows(await fetchOverview(admin, 7)))
  await admin.locator('[data-testid="revenue-chart"] canvas').waitFor()
  expect(admin.problems).toEqual([])

  // A phone's width: the same screen, one column.
  const phone = await openPage(ctx.browser, onTestFinished, { width: 375, height: 812 })
  await logInAsAdmin(phone, ctx.baseUrl, inject('adminEmail'))
  await phone.goto(`${ctx.baseUrl}/dashboard/overview`)
  await phone.locator('[data-testid="revenue-chart"] canvas').waitFor()
  await shot(phone, 'overview-375')
  // Nothing makes the page scroll sideways (wide tables scroll inside their own box).
  const overflow = await phone.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  expect(phone.problems).toEqual([])
})
