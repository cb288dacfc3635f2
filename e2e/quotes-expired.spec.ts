import pg from 'pg'
import { expect, inject, test } from 'vitest'

import { logInAsAdmin, newPerson, signUpInBrowser, verifyEmailOf } from './support/accounts.js'
import { openPage, useBrowser } from './support/browser.js'
import { drawingFiles } from './support/drawings.js'

const ctx = useBrowser()

/**
 * The expired path needs an offer whose Valid until has passed, and the API refuses to write
 * one: the test moves the date back in the server's own PostgreSQL database. So this journey
 * runs only where the server is on PostgreSQL (E2E_DATABASE_URL, see e2e/vitest.config.ts).
 */
const databaseUrl = process.env.E2E_DATABASE_URL ?? ''

async function tokenOf(page: { evaluate: <T>(fn: () => T) => Promise<T> }) {
  return page.evaluate(() => localStorage.getItem('accessToken') ?? '')
}

test('a quote past its Valid until shows Expired, cannot be accepted, and is sent again as a new request in one click', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  const main = page.locator('main')
  const buyer = newPerson({ name: 'Late Buyer' })
  await signUpInBrowser(page, ctx.baseUrl, buyer)
  // Drawings need a verified e-mail.
  await verifyEmailOf(ctx.baseUrl, buyer.email)
  const buyerToken = await tokenOf(page)

  // The request and its quote go through the API; the browser part is what the buyer sees.
  const partName = `Hinge plate ${Date.now().toString(36)}`
  const form = new FormData()
  for (const [name, value] of Object.entries({
    process: 'stamping',
    partName,
    material: 'Stainless steel 304',
    quantities: '200',
    phone: '+880 1711 223344',
    address: 'House 4, Road 2, Savar',
  }))
    form.append(name, value)
  const [step] = drawingFiles(['step'])
  if (!step) throw new Error('no drawing')
  form.append('drawings', new Blob([step.buffer]), step.name)
  const sent = await fetch(`${ctx.baseUrl}/api/quote`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyerToken}` },
    body: form,
  })
  expect(sent.status, await sent.clone().text()).toBe(201)
  const { _id: id } = (await sent.json()) as { _id: string }

  const admin = await openPage(ctx.browser, onTestFinished)
  await logInAsAdmin(admin, ctx.baseUrl, inject('adminEmail'))
  const adminToken = await tokenOf(admin)
  const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10)
  const offered = await fetch(`${ctx.baseUrl}/api/quote/${id}/offer`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: [{ quantity: 200, unitPrice: 3.4 }],
      leadTimeDays: 8,
      validUntil: today,
    }),
  })
  expect(offered.status, await offered.clone().text()).toBe(200)

  // Time passes: the offer's last day is yesterday.
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  onTestFinished(() => client.end())
  await client.query(
    `update quote_offers set valid_until = valid_until - 1 where request_id = $1`,
    [id],
  )

  const accept = await fetch(`${ctx.baseUrl}/api/quote/${id}/accept`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ quantity: 200 }),
  })
  expect(accept.status).toBe(409)
  expect(await accept.text()).toContain('expired')

  await page.goto(`${ctx.baseUrl}/dashboard/myquotes/${id}`)
  await main.getByText('Expired', { exact: true }).first().waitFor()
  expect(await main.getByRole('button', { name: 'Accept quote' }).count()).toBe(0)
  await main.getByRole('button', { name: 'Send again as a new request' }).click()
  await page.getByText('quote request sent').waitFor()
  await page.waitForURL(
    (url) =>
      /\/dashboard\/myquotes\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(id),
  )
  await main.getByText('Requested', { exact: true }).first().waitFor()
  await main.getByText('flange.step').waitFor()
  expect(page.problems).toEqual([])
  expect(admin.problems).toEqual([])
})
