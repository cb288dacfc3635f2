import { expect, inject, test } from 'vitest'

import { logInAsAdmin, newPerson, signUpInBrowser, verifyEmailOf } from './support/accounts.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'
import { drawingFiles } from './support/drawings.js'

const ctx = useBrowser()

// A demo tool (apps/server/src/db/seed/catalog/tools.ts): $12.99 from 1.
const HAMMER = 'Ball-Peen Hammer, 16 oz'
const PHONE = '+880 1711 445566'
const ADDRESS = 'Plot 9, BSCIC Industrial Area, Tongi'

test('a buyer requests a quote with a STEP file and an image, the admin quotes two lines, the buyer accepts the second, orders it with a stock tool as one order and pays; the admin ships it', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  const main = page.locator('main')
  const buyer = newPerson({ name: 'Quote Buyer' })
  await signUpInBrowser(page, ctx.baseUrl, buyer)
  // Drawings and an order of $5,612.99 need a verified e-mail ($1,000 unpaid before it).
  await verifyEmailOf(ctx.baseUrl, buyer.email)

  // 1. From the home page's Machining tile to the form, with the process chosen.
  await page.goto(`${ctx.baseUrl}/`)
  await main
    .getByRole('link', { name: /Machining/ })
    .first()
    .click()
  await page.waitForURL(`${ctx.baseUrl}/quote?process=machining`)
  await main.getByRole('heading', { name: 'Request a Quote', level: 1 }).waitFor()
  const partName = `Gearbox flange ${Date.now().toString(36)}`
  await main.getByLabel('Part name', { exact: true }).fill(partName)
  await main.getByLabel('Material', { exact: true }).selectOption('Aluminium 6061')
  await main.getByLabel('Quantity', { exact: true }).fill('100')
  await main.getByRole('button', { name: 'Add a quantity' }).click()
  await main.getByLabel('Quantity 2', { exact: true }).fill('500')
  await main.getByLabel('Drawings').setInputFiles(drawingFiles(['step', 'png']))
  await main.getByLabel('Tolerance', { exact: true }).fill('±0.05 mm')
  await main.getByLabel('Phone', { exact: true }).fill(PHONE)
  await main.getByLabel('Address', { exact: true }).fill(ADDRESS)
  await screenshot(page, 'quote-form-1280')
  await main.getByRole('button', { name: 'Send request' }).click()
  await page.getByText('quote request sent').waitFor()
  await page.waitForURL(/\/dashboard\/myquotes\/[0-9a-f-]{36}$/)
  const requestUrl = page.url()
  await main.getByText('Requested', { exact: true }).first().waitFor()
  await main.getByText('flange.step').waitFor()

  // 2. The admin sees it waiting and quotes both quantities.
  const admin = await openPage(ctx.browser, onTestFinished)
  const adminMain = admin.locator('main')
  await logInAsAdmin(admin, ctx.baseUrl, inject('adminEmail'))
  await admin.goto(`${ctx.baseUrl}/dashboard/quotes?status=requested`)
  await adminMain.getByRole('row').filter({ hasText: partName }).getByRole('link').first().click()
  await adminMain.getByText('flange.step').waitFor()
  await adminMain.getByLabel('Line 1: Unit price', { exact: true }).fill('14.50')
  await adminMain.getByLabel('Line 2: Unit price', { exact: true }).fill('11.20')
  await adminMain.getByLabel('Lead time (days)', { exact: true }).fill('10')
  await adminMain.getByLabel('Note to customer', { exact: true }).fill('Anodised clear.')
  await screenshot(admin, 'quote-admin-1280')
  await adminMain.getByRole('button', { name: 'Send quote' }).click()
  await admin.getByText('Quote sent.').waitFor()

  // 3. The buyer accepts the second line (500 at $11.20): it goes into the cart.
  await page.goto(requestUrl)
  await main.getByText('Quoted', { exact: true }).first().waitFor()
  await main.getByText('$5,600.00').first().waitFor()
  await main.getByRole('button', { name: 'Accept quote' }).click()
  await main.getByRole('radio', { name: /^500 at \$11\.20 each/ }).check()
  await screenshot(page, 'quote-accept-1280')
  await main.getByRole('button', { name: 'Confirm' }).click()
  await page.getByText('Quote accepted and added to your cart.').first().waitFor()

  // 4. A stock tool joins the same cart; one order of both lines, paid with 4242….
  await page.goto(`${ctx.baseUrl}/products`)
  // Clicks before hydration are early-click.spec's subject; here the cart is live first. (CI
  // once saw the count stay short of 2 after an early click here: see the failure artifacts.)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page
    .getByTestId('tool-card')
    .filter({ hasText: HAMMER })
    .getByRole('button', { name: 'Add to cart' })
    .click()
  await page.locator('header').getByRole('link', { name: 'Cart, 2 items' }).waitFor()
  await page.goto(`${ctx.baseUrl}/cart`)
  await main.getByText(`Custom: ${partName}`).waitFor()
  await page.getByTestId('cart-subtotal').getByText('$5,612.99').waitFor()
  await screenshot(page, 'cart-custom-line-1280')
  await main.getByLabel('Phone', { exact: true }).fill(PHONE)
  await main.getByLabel('Address', { exact: true }).fill(ADDRESS)
  // The delivery block's city and postcode beside the address line.
  await main.getByLabel('City', { exact: true }).fill('Tongi')
  await main.getByLabel('Postcode', { exact: true }).fill('1710')
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/api/checkout') && r.request().method() === 'POST',
  )
  await main.getByRole('button', { name: 'Checkout', exact: true }).click()
  const answer = (await (await placed).json()) as {
    insertedId: string
    order: {
      subtotal: number
      totalMoney: number
      lines: { name: string; quantity: number; unitPrice: number; quote: string | null }[]
    }
  }
  expect(answer.order.subtotal).toBe(5612.99)
  expect(answer.order.lines.map((l) => [l.name, l.quantity, l.unitPrice])).toEqual([
    [HAMMER, 1, 12.99],
    [`Custom: ${partName}`, 500, 11.2],
  ])
  await page.waitForURL(`${ctx.baseUrl}/dashboard/payment/${answer.insertedId}`)
  await main
    .getByText(`$${answer.order.totalMoney.toLocaleString('en-US', { minimumFractionDigits: 2 })}`)
    .first()
    .waitFor()
  await main.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242')
  await main.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/34')
  await main.getByLabel('CVC', { exact: true }).fill('123')
  await main.getByRole('button', { name: /^Pay [$৳]/ }).click()
  await page.getByText('Payment successful').waitFor()

  // The request is now Ordered.
  await page.goto(requestUrl)
  await main.getByText('Ordered', { exact: true }).first().waitFor()

  // 5. The admin sees the order paid with its custom line, and ships it.
  await admin.goto(`${ctx.baseUrl}/dashboard/manageorders`)
  const row = adminMain.getByRole('row').filter({ hasText: buyer.email }).first()
  await row.getByText('Paid', { exact: true }).waitFor()
  await adminMain.getByText(`Custom: ${partName}`).first().waitFor()
  await screenshot(admin, 'manage-orders-custom-1280')
  // It asks first, then waits 10 s for an Undo before it is sent.
  let asked = ''
  admin.once('dialog', (dialog) => {
    asked = dialog.message()
    void dialog.accept()
  })
  await row.getByRole('button', { name: 'Mark shipped' }).click()
  expect(asked).toMatch(/^Mark order TW-\d+ as shipped\?$/)
  await admin.getByText(/will be marked shipped/).waitFor()
  await admin.getByText('Order marked as shipped.').waitFor({ timeout: 20_000 })
  await row.getByText('Shipped', { exact: true }).waitFor()

  expect(page.problems).toEqual([])
  expect(admin.problems).toEqual([])
})

test('a buyer withdraws a request before it is quoted; the admin sees it Withdrawn', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  const main = page.locator('main')
  const buyer = newPerson({ name: 'Withdrawing Buyer' })
  await signUpInBrowser(page, ctx.baseUrl, buyer)
  await page.goto(`${ctx.baseUrl}/quote?process=welding`)
  const partName = `Frame ${Date.now().toString(36)}`
  await main.getByLabel('Part name', { exact: true }).fill(partName)
  await main.getByLabel('Material', { exact: true }).selectOption('Mild steel')
  await main.getByLabel('Quantity', { exact: true }).fill('20')
  await main.getByLabel('Phone', { exact: true }).fill(PHONE)
  await main.getByLabel('Address', { exact: true }).fill(ADDRESS)
  await main.getByRole('button', { name: 'Send request' }).click()
  await page.waitForURL(/\/dashboard\/myquotes\/[0-9a-f-]{36}$/)
  // Withdraw asks the browser's confirm first.
  page.once('dialog', (dialog) => void dialog.accept())
  await main.getByRole('button', { name: 'Withdraw request' }).click()
  await main.getByText('Withdrawn', { exact: true }).first().waitFor()
  expect(await main.getByRole('button', { name: 'Accept quote' }).count()).toBe(0)

  const admin = await openPage(ctx.browser, onTestFinished)
  await logInAsAdmin(admin, ctx.baseUrl, inject('adminEmail'))
  await admin.goto(`${ctx.baseUrl}/dashboard/quotes?status=withdrawn`)
  await admin
    .locator('main')
    .getByRole('row')
    .filter({ hasText: partName })
    .getByText('Withdrawn', { exact: true })
    .waitFor()
  expect(page.problems).toEqual([])
  expect(admin.problems).toEqual([])
})
