import { expect, inject, test } from 'vitest'

import { logInAsAdmin, newPerson, signUpInBrowser } from './support/accounts.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'

const ctx = useBrowser()

type ApiTool = { _id: string; name: string; quantity: number; minimum: number; price: number }

async function toolById(id: string): Promise<ApiTool> {
  return (await (await fetch(`${ctx.baseUrl}/api/tool/${id}`)).json()) as ApiTool
}

test('a customer orders a tool, sees it in My Orders, deletes it and the stock comes back; the admin sees all orders', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  const customer = newPerson({ name: 'Order Person' })
  await signUpInBrowser(page, ctx.baseUrl, customer)

  const tools = (await (await fetch(`${ctx.baseUrl}/api/tool`)).json()) as ApiTool[]
  const tool = tools.find((t) => t.minimum === 1 && t.quantity > 10) ?? tools[0]
  if (!tool) throw new Error('no demo tool')
  const before = tool.quantity

  await page.goto(`${ctx.baseUrl}/products`)
  await page
    .getByTestId('tool-card')
    .filter({ hasText: tool.name })
    .getByRole('link', { name: 'Buy Now' })
    .click()
  await page.waitForURL(`${ctx.baseUrl}/purchase/${tool._id}`)
  const main = page.locator('main')
  await main.getByLabel('Phone', { exact: true }).fill('+880 1711 556677')
  await main.getByLabel('Address', { exact: true }).fill('Plot 7, BSCIC Industrial Area, Gazipur')
  await main.getByLabel('Order quantity', { exact: true }).fill('3')
  await screenshot(page, 'purchase-1280')
  await main.getByRole('button', { name: 'Purchase' }).click()
  await page.getByText('purchased', { exact: true }).waitFor()
  expect((await toolById(tool._id)).quantity).toBe(before - 3)
  await main
    .getByText(String(before - 3), { exact: true })
    .first()
    .waitFor()

  // More than the stock: the button is disabled and the spec's message shows.
  await main.getByLabel('Order quantity', { exact: true }).fill(String(before + 1))
  await main.getByText('Please enter valid quantity').first().waitFor()
  expect(await main.getByRole('button', { name: 'Purchase' }).isDisabled()).toBe(true)

  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  await page.getByRole('heading', { name: 'My Orders (1)' }).waitFor()
  const row = page.getByRole('row').filter({ hasText: tool.name })
  await row.getByRole('link', { name: `Pay: ${tool.name}` }).waitFor()
  await screenshot(page, 'my-orders-1280')

  // A second order stays for the admin to see.
  await page.goto(`${ctx.baseUrl}/purchase/${tool._id}`)
  await main.getByLabel('Phone', { exact: true }).fill('+880 1711 556677')
  await main.getByLabel('Address', { exact: true }).fill('Plot 7, BSCIC Industrial Area, Gazipur')
  await main.getByRole('button', { name: 'Purchase' }).click()
  await page.getByText('purchased', { exact: true }).first().waitFor()

  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  await page.getByRole('heading', { name: 'My Orders (2)' }).waitFor()
  let asked = ''
  page.once('dialog', (dialog) => {
    asked = dialog.message()
    void dialog.accept()
  })
  await page
    .getByRole('button', { name: `Delete: ${tool.name}` })
    .first()
    .click()
  await page.getByText('order deleted successfully').waitFor()
  expect(asked).toBe('Do you delete this item?')
  await page.getByRole('heading', { name: 'My Orders (1)' }).waitFor()
  const remaining = (await toolById(tool._id)).quantity
  expect([before - 1, before - 3]).toContain(remaining)
  expect(page.problems).toEqual([])

  const adminPage = await openPage(ctx.browser, onTestFinished)
  await logInAsAdmin(adminPage, ctx.baseUrl, inject('adminEmail'))
  await adminPage.goto(`${ctx.baseUrl}/dashboard/manageorders`)
  const adminRows = adminPage.getByRole('row').filter({ hasText: customer.email })
  await adminRows.first().waitFor()
  // The admin sees both of the customer's orders: the live one and the cancelled one.
  const texts = await adminRows.allTextContents()
  expect(texts).toHaveLength(2)
  expect(texts.every((t) => t.includes(tool.name))).toBe(true)
  expect(texts.some((t) => t.includes('Unpaid'))).toBe(true)
  expect(texts.some((t) => t.includes('Cancelled'))).toBe(true)
  await screenshot(adminPage, 'manage-orders-1280')
  expect(adminPage.problems).toEqual([])
})
