import { expect, test } from 'vitest'

import { newPerson, signUpInBrowser } from './support/accounts.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'
import { payWith, placeOrder } from './support/orders.js'

const ctx = useBrowser()

test('a customer pays an order with 4242… and My Orders shows Paid with the transaction id', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  await signUpInBrowser(page, ctx.baseUrl, newPerson({ name: 'Paying Customer' }))
  const { orderId, toolName } = await placeOrder(page, ctx.baseUrl)

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
  // The order's own row (its lines sit in a row of their own below it).
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
  const { orderId, toolName } = await placeOrder(page, ctx.baseUrl)

  await page.goto(`${ctx.baseUrl}/dashboard/payment/${orderId}`)
  await payWith(page, '4000 0000 0000 0002')
  await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor()

  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  await page.getByRole('link', { name: `Pay: ${toolName}` }).waitFor()
  expect(page.problems).toEqual([])
})
