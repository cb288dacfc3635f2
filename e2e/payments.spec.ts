import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'

import { newPerson, signUpInBrowser } from './support/accounts.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'

const ctx = useBrowser()

/** Places an order through the API with the page's own token, as the Purchase page would. */
async function placeOrder(page: Page): Promise<{ orderId: string; toolName: string }> {
  const tools = (await (await fetch(`${ctx.baseUrl}/api/tool`)).json()) as {
    _id: string
    name: string
    minimum: number
  }[]
  const tool = tools.find((t) => t.minimum === 1) ?? tools[0]
  if (!tool) throw new Error('no demo tool')
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const res = await fetch(`${ctx.baseUrl}/api/purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      toolsId: tool._id,
      purchaseQuantity: tool.minimum,
      phone: '+880 1700 000000',
      address: 'Dhaka',
    }),
  })
  expect(res.status).toBe(201)
  return { orderId: ((await res.json()) as { insertedId: string }).insertedId, toolName: tool.name }
}

async function payWith(page: Page, number: string) {
  const main = page.locator('main')
  await main.getByLabel('Card number', { exact: true }).fill(number)
  await main.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/34')
  await main.getByLabel('CVC', { exact: true }).fill('123')
  const pay = main.getByRole('button', { name: 'Pay', exact: true })
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main button')].some(
      (b) => b.textContent?.trim() === 'Pay' && !(b as HTMLButtonElement).disabled,
    ),
  )
  await pay.click()
}

test('a customer pays an order with 4242… and My Orders shows Paid with the transaction id', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  await signUpInBrowser(page, ctx.baseUrl, newPerson({ name: 'Paying Customer' }))
  const { orderId, toolName } = await placeOrder(page)

  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  await page.getByRole('link', { name: `Pay: ${toolName}` }).click()
  await page.waitForURL(`${ctx.baseUrl}/dashboard/payment/${orderId}`)
  await page.getByText('Paying Customer', { exact: false }).first().waitFor()
  await screenshot(page, 'payment-1280')
  await payWith(page, '4242 4242 4242 4242')
  await page.getByText('Payment successful').waitFor()
  await page.getByText('Congrats! Your payment is completed.').waitFor()
  const txn = (await page.locator('main').textContent())?.match(/pi_sandbox_[0-9a-f]+/)?.[0]
  expect(txn).toBeTruthy()

  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  // The order's own row (its lines sit in a row of their own below it, issue 14).
  const row = page
    .getByRole('row')
    .filter({ hasText: toolName })
    .filter({ has: page.getByText('Paid', { exact: true }) })
  await row.waitFor()
  expect(await row.textContent()).toContain(txn ?? 'missing')
  expect(page.problems).toEqual([])
})

test('a declined card shows Stripe’s message and the order stays unpaid', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished, undefined, [
    /\/api\/sandbox\/payment_intents\/confirm$/,
  ])
  await signUpInBrowser(page, ctx.baseUrl, newPerson())
  const { orderId, toolName } = await placeOrder(page)

  await page.goto(`${ctx.baseUrl}/dashboard/payment/${orderId}`)
  await payWith(page, '4000 0000 0000 0002')
  await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor()

  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  await page.getByRole('link', { name: `Pay: ${toolName}` }).waitFor()
  expect(page.problems).toEqual([])
})
