import type { Page } from 'playwright-core'
import { expect } from 'vitest'

export type PlacedOrder = { orderId: string; toolName: string; totalMoney: number }

/**
 * Places an order for a demo tool (one bought one at a time where there is one) through the
 * API with the page's own token, as the Purchase page would.
 */
export async function placeOrder(page: Page, baseUrl: string): Promise<PlacedOrder> {
  const tools = (await (await fetch(`${baseUrl}/api/tool`)).json()) as {
    _id: string
    name: string
    minimum: number
  }[]
  const tool = tools.find((t) => t.minimum === 1) ?? tools[0]
  if (!tool) throw new Error('no demo tool')
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const res = await fetch(`${baseUrl}/api/purchase`, {
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
  const { insertedId, order } = (await res.json()) as {
    insertedId: string
    order: { totalMoney: number }
  }
  return { orderId: insertedId, toolName: tool.name, totalMoney: order.totalMoney }
}

/** Fills the payment page's card form with a sandbox card and presses Pay once it is enabled. */
export async function payWith(page: Page, number: string): Promise<void> {
  const main = page.locator('main')
  await main.getByLabel('Card number', { exact: true }).fill(number)
  await main.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/34')
  await main.getByLabel('CVC', { exact: true }).fill('123')
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main button')].some(
      (b) => /^Pay [$৳]/.test(b.textContent?.trim() ?? '') && !(b as HTMLButtonElement).disabled,
    ),
  )
  await main.getByRole('button', { name: /^Pay [$৳]/ }).click()
}
