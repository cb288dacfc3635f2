import { expect, test } from 'vitest'

import { newPerson, signUpInBrowser } from './support/accounts.js'
import { seriousViolations } from './support/axe.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'
import { placeOrder } from './support/orders.js'

const ctx = useBrowser()

const WIDTHS = [1280, 390] as const

// Demo part numbers (apps/server/src/db/seed/catalog/tools.ts), each at a quantity its minimum
// and pack size take; the second line's hammer number has two digits swapped.
const PASTED = [
  'TW-WR-CS819 2',
  'TW-HM-BP61 5',
  'TW-PT-KC13\t10',
  'TW-FB-M1040, 40',
  'TW-MS-VC150;1',
].join('\n')

/** The number of lines in the signed-in buyer's server cart. */
async function cartLineCount(page: Awaited<ReturnType<typeof openPage>>): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const res = await fetch(`${ctx.baseUrl}/api/cart`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return ((await res.json()) as { lines: unknown[] }).lines.length
}

test.for(WIDTHS)(
  'paste a quick order of 5 lines with one bad part number, fix it from the suggestion, add to the cart (%i px)',
  async (width, { onTestFinished }) => {
    // The first try is refused on purpose: a 422 naming the bad line.
    const page = await openPage(ctx.browser, onTestFinished, { width, height: 900 }, [
      /^\/api\/cart\/quick$/,
    ])
    await signUpInBrowser(page, ctx.baseUrl, newPerson({ name: 'Quick Buyer' }))
    await page.goto(`${ctx.baseUrl}/cart`)
    await page
      .locator('main')
      .getByRole('link', { name: /Quick order/ })
      .click()
    await page.waitForURL(`${ctx.baseUrl}/quick-order`)
    const main = page.locator('main')
    await main.getByRole('heading', { name: 'Quick order' }).waitFor()

    const text = main.getByLabel('Part numbers and quantities', { exact: true })
    await text.fill(PASTED)
    await main.getByRole('button', { name: 'Add to cart' }).click()

    const refused = main.getByTestId('refused-line')
    await refused.first().waitFor()
    expect(await refused.count()).toBe(1)
    await refused.getByText('Unknown part number. Did you mean TW-HM-BP16?').waitFor()
    expect(await refused.locator('td').first().textContent()).toBe('2')
    expect(await cartLineCount(page)).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, `quick-order-refused-${width}`)
    // Nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)

    await refused.getByRole('button', { name: /Fix: TW-HM-BP16/ }).click()
    expect(await text.inputValue()).toContain('\nTW-HM-BP16 5\n')
    await main.getByRole('button', { name: 'Add to cart' }).click()

    await page.waitForURL(`${ctx.baseUrl}/cart`)
    await page.getByText('5 lines added to your cart.').waitFor()
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(5)
    expect(await cartLineCount(page)).toBe(5)
    await page.locator('header').getByRole('link', { name: 'Cart, 5 items' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, `quick-order-cart-${width}`)
    expect(page.problems).toEqual([])
  },
)

test.for(WIDTHS)('reorder a past order (%i px)', async (width, { onTestFinished }) => {
  const page = await openPage(ctx.browser, onTestFinished, { width, height: 900 })
  await signUpInBrowser(page, ctx.baseUrl, newPerson({ name: 'Repeat Buyer' }))
  const placed = await placeOrder(page, ctx.baseUrl)

  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  const main = page.locator('main')
  const again = main.getByRole('button', { name: `Order again: ${placed.toolName}` })
  await again.waitFor()
  expect(await seriousViolations(page)).toEqual([])
  await again.click()
  await page.getByText('The order’s tools are in your cart.').waitFor()
  await page.locator('header').getByRole('link', { name: 'Cart, 1 item' }).waitFor()
  expect(await cartLineCount(page)).toBe(1)
  expect(await seriousViolations(page)).toEqual([])
  await screenshot(page, `my-orders-order-again-${width}`)

  await page.goto(`${ctx.baseUrl}/cart`)
  await page.getByTestId('cart-line').filter({ hasText: placed.toolName }).waitFor()
  expect(page.problems).toEqual([])
})
