import { expect, inject, test } from 'vitest'

import { logInAsAdmin, newPerson, signUpInBrowser, verifyEmailOf } from './support/accounts.js'
import { seriousViolations } from './support/axe.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'
import { placeOrder } from './support/orders.js'

const ctx = useBrowser()

const SSLCOMMERZ = 'bKash, Nagad, cards and internet banking (SSLCommerz)'

test('a buyer pays through SSLCommerz: the stand-in’s page, Pay, back to My Orders with Payment received and the order paid', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  await signUpInBrowser(page, ctx.baseUrl, newPerson({ name: 'Gateway Buyer' }))
  const { orderId, toolName } = await placeOrder(page, ctx.baseUrl)

  await page.goto(`${ctx.baseUrl}/dashboard/payment/${orderId}`)
  const methods = page.getByRole('group', { name: 'How would you like to pay?' })
  await methods.waitFor()
  expect(
    await methods.getByRole('radio').evaluateAll((els) => els.map((e) => e.getAttribute('value'))),
  ).toEqual(['sslcommerz', 'bank-transfer', 'card'])
  // No last choice in this browser: Card, as before the other methods came.
  expect(await page.getByRole('radio', { name: 'Card', exact: true }).isChecked()).toBe(true)
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole('radio', { name: SSLCOMMERZ }).check()
  await screenshot(page, 'payment-methods-1280')
  await page.getByRole('button', { name: 'Pay with SSLCommerz' }).click()

  // The stand-in's hosted page, inside the shop under /dev/sslcommerz.
  await page.waitForURL(/\/dev\/sslcommerz/)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()

  await page.waitForURL(/\/dashboard\/myorder\?payment=received/)
  await page.getByRole('status').filter({ hasText: 'Payment received' }).waitFor()
  const row = page
    .getByRole('row')
    .filter({ hasText: toolName })
    .filter({ has: page.getByText('Paid', { exact: true }) })
  await row.waitFor()
  expect(await page.getByRole('link', { name: `Pay: ${toolName}` }).count()).toBe(0)

  // The last choice is remembered for the next order.
  const next = await placeOrder(page, ctx.baseUrl)
  await page.goto(`${ctx.baseUrl}/dashboard/payment/${next.orderId}`)
  await page.getByRole('group', { name: 'How would you like to pay?' }).waitFor()
  expect(await page.getByRole('radio', { name: SSLCOMMERZ }).isChecked()).toBe(true)
  expect(page.problems).toEqual([])
})

test('a buyer pays by bank transfer and an admin marks it received in Manage Orders', async ({
  onTestFinished,
}) => {
  const buyer = newPerson({ name: 'Transfer Buyer' })
  const page = await openPage(ctx.browser, onTestFinished)
  await signUpInBrowser(page, ctx.baseUrl, buyer)
  // Bank transfer is offered only to a verified account.
  await verifyEmailOf(ctx.baseUrl, buyer.email)
  const { orderId, toolName, totalMoney } = await placeOrder(page, ctx.baseUrl)

  await page.goto(`${ctx.baseUrl}/dashboard/payment/${orderId}`)
  await page.getByRole('radio', { name: 'Bank transfer', exact: true }).check()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Pay by bank transfer' }).click()
  const reference = (await page.getByTestId('payment-reference').textContent()) ?? ''
  expect(reference.length).toBeGreaterThan(10)
  expect((await download).suggestedFilename()).toBe(`proforma-${reference}.pdf`)

  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  await page
    .getByRole('row')
    .filter({ hasText: toolName })
    .getByText('Awaiting transfer')
    .first()
    .waitFor()

  const admin = await openPage(ctx.browser, onTestFinished)
  await logInAsAdmin(admin, ctx.baseUrl, inject('adminEmail'))
  await admin.goto(`${ctx.baseUrl}/dashboard/manageorders?q=${encodeURIComponent(buyer.email)}`)
  await admin.getByRole('button', { name: `Mark received: ${toolName}, ${buyer.email}` }).click()
  const dialog = admin.getByRole('dialog')
  // The admin types what the statement says; the server compares it with what is due.
  expect(await dialog.getByLabel('Amount received').inputValue()).toBe('')
  await dialog.getByLabel('Amount received').fill(totalMoney.toFixed(2))
  await dialog.getByLabel('Bank reference').fill(`DBBL-${Date.now().toString(36)}`)
  await dialog.getByRole('button', { name: 'Mark received' }).click()
  await admin.getByText('Transfer recorded; the order is paid.').waitFor()
  await admin
    .getByRole('row')
    .filter({ hasText: buyer.email })
    .getByText('Bank transfer · Payment received')
    .waitFor()
  expect(admin.problems).toEqual([])

  await page.reload()
  await page
    .getByRole('row')
    .filter({ hasText: toolName })
    .filter({ has: page.getByText('Paid', { exact: true }) })
    .waitFor()
  expect(page.problems).toEqual([])
})
