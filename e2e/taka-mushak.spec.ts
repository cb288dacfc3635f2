import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { expect, test } from 'vitest'

import { newPerson, signUpInBrowser, verifyEmailOf } from './support/accounts.js'
import { seriousViolations } from './support/axe.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'

const ctx = useBrowser()
const run = promisify(execFile)

// Demo tools (apps/server/src/db/seed/catalog/tools.ts) and the demo's rate, 122.5 taka a dollar.
const BOLTS = 'Hex Bolt Pack M10 × 40 mm (50 pcs)'
const HAMMER = 'Ball-Peen Hammer, 16 oz'

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'toolworks-mushak-'))
  try {
    const file = path.join(dir, 'mushak.pdf')
    await writeFile(file, pdf)
    return (await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'])).stdout
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

test('a buyer switches to BDT, checks out two lines with a BIN, pays in taka through SSLCommerz and reads the Mushak-6.3', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  const header = page.locator('header')
  const main = page.locator('main')
  const buyer = newPerson({ name: 'Karim Engineering Ltd' })
  await signUpInBrowser(page, ctx.baseUrl, buyer)
  await verifyEmailOf(ctx.baseUrl, buyer.email)

  // 1. The header's switch: prices in taka on every card, remembered in a cookie.
  await page.goto(`${ctx.baseUrl}/products`)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await header.getByRole('button', { name: 'BDT (৳)' }).click()
  const hammerCard = page.getByTestId('tool-card').filter({ hasText: HAMMER })
  // $12.99 × 122.5 = 1591.275 → ৳1,591 a unit.
  await hammerCard.getByText('৳1,591.00').waitFor()
  expect((await page.context().cookies()).find((c) => c.name === 'currency')?.value).toBe('BDT')
  // A server-rendered page shows taka at once: the first HTML already holds it.
  const html = await (
    await fetch(`${ctx.baseUrl}/products`, { headers: { cookie: 'currency=BDT' } })
  ).text()
  expect(html).toContain('৳1,591.00')

  // 2. Two lines in the cart.
  for (const name of [BOLTS, HAMMER]) {
    await page
      .getByTestId('tool-card')
      .filter({ hasText: name })
      .getByRole('button', { name: 'Add to cart' })
      .click()
  }
  await header.getByRole('link', { name: 'Cart, 2 items' }).waitFor()
  await page.goto(`${ctx.baseUrl}/cart`)
  await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2)
  // Once both lines are priced: a total in taka.
  await expect
    .poll(async () => (await page.getByTestId('cart-total').textContent()) ?? '')
    .toMatch(/^৳[1-9][\d,]*\.\d\d$/)
  const shownTotal = (await page.getByTestId('cart-total').textContent()) ?? ''

  // 3. Checkout with a BIN, delivered in Bangladesh.
  await main.getByLabel('Phone', { exact: true }).fill('+880 1711 555666')
  await main.getByLabel('Address', { exact: true }).fill('Plot 7, BSCIC, Tongi, Gazipur')
  // The delivery block's city and postcode beside the address line.
  await main.getByLabel('City', { exact: true }).fill('Gazipur')
  await main.getByLabel('Postcode', { exact: true }).fill('1710')
  expect(await main.getByLabel('Delivery country').inputValue()).toBe('BD')
  await main.getByLabel('BIN (optional)').fill('000123456-0101')
  expect(await seriousViolations(page)).toEqual([])
  await screenshot(page, 'cart-bdt-1280')
  await main.getByRole('button', { name: 'Checkout', exact: true }).click()
  await page.waitForURL(/\/dashboard\/payment\//)
  const orderId = page.url().split('/').pop() ?? ''
  await main.getByText(shownTotal).first().waitFor()

  // 4. Paid in taka through the SSLCommerz stand-in.
  await page
    .getByRole('radio', { name: 'bKash, Nagad, cards and internet banking (SSLCommerz)' })
    .check()
  await page.getByRole('button', { name: 'Pay with SSLCommerz' }).click()
  await page.waitForURL(/\/dev\/sslcommerz/)
  await page
    .getByText(/\d\.\d\d BDT/)
    .first()
    .waitFor()
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await page.waitForURL(/\/dashboard\/myorder\?payment=received/)

  // 5. The Mushak-6.3 from My Orders, read back.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const order = (await (
    await fetch(`${ctx.baseUrl}/api/purchase/${orderId}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as {
    currency: string
    exchangeRate: number
    totalMoney: number
    vat: { amount: number }
    mushakSerial: string
  }
  expect(order).toMatchObject({ currency: 'BDT', exchangeRate: 122.5 })
  const download = page.waitForEvent('download')
  await page
    .getByRole('button', { name: new RegExp(`Mushak-6\\.3.*${HAMMER.slice(0, 10)}`) })
    .first()
    .click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^mushak-6\.3-.+\.pdf$/)
  const pdfPath = await file.path()
  const { readFile } = await import('node:fs/promises')
  const text = await pdfText(await readFile(pdfPath))
  const taka = (amount: number) =>
    `৳${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
  expect(text).toContain('মূসক-৬.৩')
  expect(text).toContain('BIN: 000123456-0101')
  expect(text).toContain(order.mushakSerial)
  expect(text).toContain(BOLTS)
  expect(text).toContain(HAMMER)
  const totals = text.split('\n').find((row) => row.trim().startsWith('Totals')) ?? ''
  expect(totals).toContain(taka(order.vat.amount))
  expect(totals).toContain(taka(order.totalMoney))
  expect(page.problems).toEqual([])
})
