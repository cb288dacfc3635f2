import { expect, test } from 'vitest'

import { newPerson, signUpInBrowser } from './support/accounts.js'
import { seriousViolations } from './support/axe.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'
import { payWith, placeOrder } from './support/orders.js'

const ctx = useBrowser()

/**
 * The daily buyer journey at both sizes: the order's number from the payment page to My Orders,
 * the receipt once paid, "Need a change?" instead of Delete, and the contact form it opens.
 */
test.for([1280, 390])(
  'at %i px: pay an order, read the receipt with its number, find it in My Orders and ask for a change',
  async (width, { onTestFinished }) => {
    const page = await openPage(ctx.browser, onTestFinished, { width, height: 844 })
    await signUpInBrowser(page, ctx.baseUrl, newPerson({ name: 'Receipt Buyer' }))
    const { orderId, toolName } = await placeOrder(page, ctx.baseUrl)

    await page.goto(`${ctx.baseUrl}/dashboard/payment/${orderId}`)
    // The dashboard's welcome leaves the page's own title in view on a phone.
    const title = page.getByRole('heading', { level: 2, name: 'Payment' })
    await title.waitFor()
    const box = await title.boundingBox()
    expect(box && box.y + box.height).toBeLessThan(844)
    // The card button names what it pays.
    await payWith(page, '4242 4242 4242 4242')

    const receipt = page.getByRole('region', { name: 'Payment received' })
    await receipt.waitFor()
    const number = ((await receipt.getByText(/^Order TW-\d+$/).textContent()) ?? '').slice(6)
    expect(number).toMatch(/^TW-\d{5,}$/)
    await receipt.getByText('Transaction reference').waitFor()
    await receipt.getByRole('button', { name: 'Download invoice' }).waitFor()
    expect(await page.getByText(/Please pay|Amount to pay/).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, `receipt-${width}`)

    // Opened again later: the same receipt.
    await page.reload()
    await receipt.waitFor()
    expect(await page.getByText(/Please pay|Amount to pay/).count()).toBe(0)

    await receipt.getByRole('link', { name: 'My Orders' }).click()
    await page.waitForURL(`${ctx.baseUrl}/dashboard/myorder`)
    const row = page.getByRole('row').filter({ hasText: number })
    await row.getByText(toolName).first().waitFor()
    expect(await row.getByRole('button', { name: `Delete: ${toolName}` }).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, `my-orders-${width}`)

    await row.getByRole('link', { name: 'Need a change? Contact us' }).click()
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('order') === number)
    const message = page.getByRole('region', { name: 'Contact With Us' }).getByLabel('Message')
    await expect.poll(() => message.inputValue()).toBe(`About order ${number}: `)
    expect(page.problems).toEqual([])
  },
)
