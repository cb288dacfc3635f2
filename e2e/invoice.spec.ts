import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { expect, test } from 'vitest'

import { newPerson, signUpInBrowser } from './support/accounts.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'
import { payWith, placeOrder } from './support/orders.js'

const ctx = useBrowser()
const run = promisify(execFile)

test('a customer pays an order in the sandbox and downloads its invoice from My Orders', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  await signUpInBrowser(page, ctx.baseUrl, newPerson({ name: 'Invoice Customer' }))

  const { orderId, toolName, totalMoney } = await placeOrder(page, ctx.baseUrl)

  // Paid with the sandbox's 4242… card on the payment page.
  await page.goto(`${ctx.baseUrl}/dashboard/payment/${orderId}`)
  await payWith(page, '4242 4242 4242 4242')
  await page.getByText('Payment successful').waitFor()

  // My Orders: Invoice (PDF) on the paid order; the download is the PDF the server named.
  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  const button = page.getByRole('button', { name: `Invoice (PDF): ${toolName}` })
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
    totalMoney,
  )
  expect(text).toMatch(new RegExp(`Total\\s+${total.replace(/[$.]/g, '\\$&')}`))
  expect(text).toContain('Invoice Customer')
  expect(page.problems).toEqual([])
})
