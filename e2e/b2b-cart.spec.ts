import { expect, inject, test } from 'vitest'

import { logInAsAdmin, newPerson, signUpInBrowser, verifyEmailOf } from './support/accounts.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'

const ctx = useBrowser()

// Demo tools (apps/server/src/db/seed/catalog/tools.ts): bolts in packs of 10 from 20, $13.75,
// $12.75 from 100; the hammer at $12.99 from 1.
const BOLTS = 'Hex Bolt Pack M10 × 40 mm (50 pcs)'
const HAMMER = 'Ball-Peen Hammer, 16 oz'

test('a visitor fills a cart, signs up, passes a price break, checks out with the capped first-order discount and pays; the admin sees both lines', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  const header = page.locator('header')
  const main = page.locator('main')

  // 1. Anonymous: two tools into the browser's cart from their cards.
  await page.goto(`${ctx.baseUrl}/products`)
  // This journey is about the cart; clicks before hydration are early-click.spec.ts's.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  for (const name of [BOLTS, HAMMER]) {
    await page
      .getByTestId('tool-card')
      .filter({ hasText: name })
      .getByRole('button', { name: 'Add to cart' })
      .click()
  }
  await header.getByRole('link', { name: 'Cart, 2 items' }).waitFor()

  // 2. Signing up keeps the cart: it moves to the account.
  const buyer = newPerson({ name: 'Cart Buyer' })
  await signUpInBrowser(page, ctx.baseUrl, buyer)
  // An order over $1,000 and the first-order discount need a verified e-mail.
  await verifyEmailOf(ctx.baseUrl, buyer.email)
  await page.goto(`${ctx.baseUrl}/cart`)
  await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2)
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  await expect
    .poll(async () => {
      const res = await fetch(`${ctx.baseUrl}/api/cart`, {
        headers: { authorization: `Bearer ${token}` },
      })
      return ((await res.json()) as { lines: unknown[] }).lines.length
    })
    .toBe(2)

  // 3. Past the bolts' first break the unit price drops from $13.75 to $12.75.
  const bolts = page.getByTestId('cart-line').filter({ hasText: BOLTS })
  await bolts.getByTestId('unit-price').getByText('$13.75').waitFor()
  await main.getByLabel(`Quantity of ${BOLTS}`, { exact: true }).fill('100')
  await bolts.getByTestId('unit-price').getByText('$12.75').waitFor()
  await bolts.getByTestId('line-total').getByText('$1,275.00').waitFor()
  await page.getByTestId('cart-subtotal').getByText('$1,287.99').waitFor()
  await page.getByTestId('cart-totals').getByText('Free', { exact: true }).waitFor()
  await screenshot(page, 'cart-1280')

  // 4. Checkout: one order of both lines with the first-order discount, 50% capped at $100.
  // A phone and an address of this run's own: the discount is once per phone and per address.
  const unique = String(Date.now()).slice(-6)
  await main.getByLabel('Phone', { exact: true }).fill(`+880 1911 ${unique}`)
  await main
    .getByLabel('Address', { exact: true })
    .fill(`Plot ${unique}, BSCIC Industrial Area, Gazipur`)
  // The delivery block's city and postcode beside the address line.
  await main.getByLabel('City', { exact: true }).fill('Gazipur')
  await main.getByLabel('Postcode', { exact: true }).fill('1703')
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/api/checkout') && r.request().method() === 'POST',
  )
  await main.getByRole('button', { name: 'Checkout', exact: true }).click()
  const answer = (await (await placed).json()) as {
    insertedId: string
    order: {
      subtotal: number
      totalMoney: number
      discount: { label: string; amount: number } | null
      lines: { name: string; quantity: number; unitPrice: number }[]
    }
  }
  expect(answer.order.subtotal).toBe(1287.99)
  // The cap set the amount: the order's label says so, as the cart's did.
  expect(answer.order.discount).toEqual({
    label: 'First-order discount (50%, capped at $100.00)',
    amount: 100,
  })
  expect(answer.order.totalMoney).toBe(1187.99)
  expect(answer.order.lines.map((l) => [l.name, l.quantity, l.unitPrice])).toEqual([
    [BOLTS, 100, 12.75],
    [HAMMER, 1, 12.99],
  ])

  // 5. The payment page asks for the discounted total, paid with 4242….
  await page.waitForURL(`${ctx.baseUrl}/dashboard/payment/${answer.insertedId}`)
  await main.getByText('$1,187.99').first().waitFor()
  await main.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242')
  await main.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/34')
  await main.getByLabel('CVC', { exact: true }).fill('123')
  await screenshot(page, 'payment-discounted-1280')
  await main.getByRole('button', { name: /^Pay [$৳]/ }).click()
  await page.getByText('Payment successful').waitFor()
  await header.getByRole('link', { name: 'Cart, 0 items' }).waitFor()

  // 6. The admin sees one paid order with both lines.
  const admin = await openPage(ctx.browser, onTestFinished)
  await logInAsAdmin(admin, ctx.baseUrl, inject('adminEmail'))
  await admin.goto(`${ctx.baseUrl}/dashboard/manageorders`)
  const orders = admin.locator('main').getByRole('row').filter({ hasText: buyer.email })
  await orders.first().getByText('Paid', { exact: true }).waitFor()
  expect(await orders.count()).toBe(1)
  const listed = await admin.locator('main').textContent()
  expect(listed).toContain(BOLTS)
  expect(listed).toContain(HAMMER)
  await screenshot(admin, 'manage-orders-lines-1280')
  expect(page.problems).toEqual([])
  expect(admin.problems).toEqual([])
})
