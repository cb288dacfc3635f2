import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { expect, test } from 'vitest'

import { newPerson, signUpInBrowser } from './support/accounts.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'

const ctx = useBrowser()
const run = promisify(execFile)

test('a customer pays an order in the sandbox and downloads its invoice from My Orders', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  await signUpInBrowser(page, ctx.baseUrl, newPerson({ name: 'Invoice Customer' }))

  // The order, through the API with the page's own token, as the Purchase page would.
  const tools = (await (await fetch(`${ctx.baseUrl}/api/tool`)).json()) as {
    _id: string
    name: string
    minimum: number
  }[]
  const tool = tools.find((t) => t.minimum === 1) ?? tools[0]
  if (!tool) throw new Error('no demo tool')
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const placed = await fetch(`${ctx.baseUrl}/api/purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      toolsId: tool._id,
      purchaseQuantity: tool.minimum,
      phone: '+880 1700 000000',
      address: 'Dhaka',
    }),
  })
  expect(placed.status).toBe(201)
  const { insertedId: orderId, order } = (await placed.json()) as {
    insertedId: string
    order: { totalMoney: number }
  }

  // Paid with the sandbox's 4242… card on the payment page.
  await page.goto(`${ctx.baseUrl}/dashboard/payment/${orderId}`)
  const main = page.locator('main')
  await main.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242')
  await main.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/34')
  await main.getByLabel('CVC', { exact: true }).fill('123')
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main button')].some(
      (b) => b.textContent?.trim() === 'Pay' && !(b as HTMLButtonElement).disabled,
    ),
  )
  await main.getByRole('button', { name: 'Pay', exact: true }).click()
  await page.getByText('Payment successful').waitFor()

  // My Orders: Invoice (PDF) on the paid order; the download is the PDF the server named.
  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  const button = page.getByRole('button', { name: `Invoice (PDF): ${tool.name}` })
  await button.waitFor()
  await screenshot(page, 'invoice-my-orders-1280')
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
  const name = download.suggestedFilename()
  expect(name).toMatch(/^invoice-INV-\d{6}\.pdf$/)
  const number = name.replace(/^invoice-|\.pdf$/g, '')

  const dir = await mkdtemp(path.join(os.tmpdir(), 'toolworks-invoice-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  const file = path.join(dir, name)
  await download.saveAs(file)
  expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-')
  const { stdout: text } = await run('pdftotext', ['-layout', file, '-'])
  expect(text).toContain(`Invoice number: ${number}`)
  const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
    order.totalMoney,
  )
  expect(text).toMatch(new RegExp(`Total\\s+${total.replace(/[$.]/g, '\\$&')}`))
  expect(text).toContain('Invoice Customer')
  expect(page.problems).toEqual([])
})
