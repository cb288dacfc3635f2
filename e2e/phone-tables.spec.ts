import { copyFileSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import type { Locator, Page } from 'playwright-core'
import { expect, inject, test } from 'vitest'

import { messages } from '@toolworks/shared'

import { logInAsAdmin, newPerson, signUpInBrowser, verifyEmailOf } from './support/accounts.js'
import { seriousViolations } from './support/axe.js'
import { artifactsDir, openPage, screenshot, useBrowser } from './support/browser.js'
import { payWith, placeOrder } from './support/orders.js'

const ctx = useBrowser()

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }
const docsImages = fileURLToPath(new URL('../docs/images', import.meta.url))

// A long address, so Manage Orders has an e-mail to cut at 1280 px and a phone to fit.
const buyer = newPerson({
  name: 'Phone Table Buyer',
  email: `procurement.northern.plant.${Date.now().toString(36)}@buyers.example.com`,
})

/** The screenshot the docs show (docs/product.md), a copy of the artifact. */
async function docsScreenshot(page: Page, name: string): Promise<void> {
  // From the top, so the sticky header sits where a reader sees it.
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, name)
  mkdirSync(docsImages, { recursive: true })
  copyFileSync(`${artifactsDir}/${name}.png`, `${docsImages}/${name}.png`)
}

/**
 * Nothing in the page scrolls sideways: not the document, not a table's box, not a card (each
 * row of an outer table); each one that is wider than it shows is named.
 */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wide: string[] = []
    const doc = document.documentElement
    if (doc.scrollWidth > doc.clientWidth) wide.push(`document ${doc.scrollWidth}`)
    const boxes = [...document.querySelectorAll('main div[tabindex="0"]:has(> table)')]
    const cards = [...document.querySelectorAll('main table > tbody > tr')]
    for (const el of [...boxes, ...cards]) {
      if (el.scrollWidth > el.clientWidth)
        wide.push(
          `${el.tagName} ${el.scrollWidth} > ${el.clientWidth}: ${el.textContent?.slice(0, 40)}`,
        )
    }
    return wide
  })
}

/** Every amount in the tables, on one line (never wrapped mid-figure); how many there are. */
async function amountsOnOneLine(page: Page): Promise<{ count: number; wrapped: string[] }> {
  return page.evaluate(() => {
    const amounts = [...document.querySelectorAll('main table [data-amount]')]
    return {
      count: amounts.length,
      wrapped: amounts
        .filter((el) => el.getClientRects().length !== 1)
        .map((el) => el.textContent ?? ''),
    }
  })
}

/** A button fully on screen sideways (a card never pushes its actions out of view). */
async function expectOnScreen(button: Locator, width: number): Promise<void> {
  await button.waitFor()
  expect(await button.isVisible()).toBe(true)
  const box = await button.boundingBox()
  expect(box).not.toBeNull()
  if (!box) return
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(width)
}

async function expectPhoneTable(page: Page, minAmounts: number): Promise<void> {
  await page.locator('main table').first().waitFor()
  expect(await sidewaysOverflow(page)).toEqual([])
  const amounts = await amountsOnOneLine(page)
  expect(amounts.count).toBeGreaterThanOrEqual(minAmounts)
  expect(amounts.wrapped).toEqual([])
  expect(await seriousViolations(page)).toEqual([])
}

/** Pairs of buttons (or button links) in the table whose boxes overlap. */
async function overlappingButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const buttons = [...document.querySelectorAll('main table :is(button, a.btn)')]
    const boxes = buttons.map((b) => ({ name: b.textContent ?? '', r: b.getBoundingClientRect() }))
    const overlaps: string[] = []
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!.r
        const b = boxes[j]!.r
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left)
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
        if (x > 0.5 && y > 0.5) overlaps.push(`${boxes[i]!.name} / ${boxes[j]!.name}`)
      }
    }
    return overlaps
  })
}

test('at 390 px the buyer reads My Orders, the payment page, the cart and My Quotes as cards: no sideways scrolling, Pay, Invoice and Remove in view, amounts on one line', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished, PHONE)
  const main = page.locator('main')
  await signUpInBrowser(page, ctx.baseUrl, buyer)
  // A quote request needs a verified e-mail.
  await verifyEmailOf(ctx.baseUrl, buyer.email)
  // One order paid (Invoice), one waiting (Pay).
  const paid = await placeOrder(page, ctx.baseUrl)
  await page.goto(`${ctx.baseUrl}/dashboard/payment/${paid.orderId}`)
  await payWith(page, '4242 4242 4242 4242')
  await page.getByRole('region', { name: 'Payment received' }).waitFor()
  const unpaid = await placeOrder(page, ctx.baseUrl)

  // The payment page's order lines fit too, with Pay in view.
  await page.goto(`${ctx.baseUrl}/dashboard/payment/${unpaid.orderId}`)
  await expectPhoneTable(page, 2)
  await screenshot(page, 'phone-payment-390')

  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  await expectOnScreen(main.getByRole('link', { name: `Pay: ${unpaid.toolName}` }), PHONE.width)
  await expectOnScreen(
    main.getByRole('button', { name: `Delete: ${unpaid.toolName}` }),
    PHONE.width,
  )
  await expectOnScreen(main.getByRole('button', { name: /^Invoice/ }).first(), PHONE.width)
  // Each field says what it is, the column's heading as its label.
  const firstCell = main.locator('table > tbody > tr > td[data-label="Order money"]').first()
  expect(await firstCell.evaluate((el) => getComputedStyle(el, '::before').content)).toBe(
    '"Order money"',
  )
  await expectPhoneTable(page, 2)
  await docsScreenshot(page, 'my-orders-390')

  // The cart: a tool from its card, its line a card with Remove.
  await page.goto(`${ctx.baseUrl}/products`)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.getByTestId('tool-card').first().getByRole('button', { name: 'Add to cart' }).click()
  // Added once the header counts the line (going on sooner once left the cart empty).
  await page
    .locator('header')
    .getByRole('link', { name: messages.cart.headerButton(1) })
    .waitFor()
  await page.goto(`${ctx.baseUrl}/cart`)
  await main.getByTestId('cart-line').locator('img').waitFor()
  await expectOnScreen(main.getByRole('button', { name: /^Remove/ }).first(), PHONE.width)
  await expectPhoneTable(page, 2)
  await screenshot(page, 'phone-cart-390')

  // My Quotes: a request sent from the form.
  await page.goto(`${ctx.baseUrl}/quote?process=machining`)
  const partName = `Phone bracket ${Date.now().toString(36)}`
  await main.getByLabel('Part name', { exact: true }).fill(partName)
  await main.getByLabel('Material', { exact: true }).selectOption('Aluminium 6061')
  await main.getByLabel('Quantity', { exact: true }).fill('100')
  await main.getByLabel('Phone', { exact: true }).fill('+880 1711 445566')
  await main.getByLabel('Address', { exact: true }).fill('Plot 9, BSCIC Industrial Area, Tongi')
  await main.getByRole('button', { name: 'Send request' }).click()
  await page.waitForURL(/\/dashboard\/myquotes\/[0-9a-f-]{36}$/)
  await page.goto(`${ctx.baseUrl}/dashboard/myquotes`)
  await expectOnScreen(main.getByRole('link', { name: new RegExp(partName) }).first(), PHONE.width)
  await expectPhoneTable(page, 0)
  await screenshot(page, 'phone-my-quotes-390')
  expect(page.problems).toEqual([])
})

test('at 1280 px My Orders and Manage Orders fit: every column and action in view, no two buttons overlapping, a long e-mail cut whole on hover', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished, DESKTOP)
  await page.goto(`${ctx.baseUrl}/login`)
  await page.locator('main').getByLabel('Email', { exact: true }).fill(buyer.email)
  await page.locator('main').getByLabel('Password', { exact: true }).fill(buyer.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.waitForFunction(() => Boolean(localStorage.getItem('accessToken')))
  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  await page.locator('main table').waitFor()
  expect(await sidewaysOverflow(page)).toEqual([])
  expect(await overlappingButtons(page)).toEqual([])
  await docsScreenshot(page, 'my-orders-1280')

  const admin = await openPage(ctx.browser, onTestFinished, DESKTOP)
  const main = admin.locator('main')
  await logInAsAdmin(admin, ctx.baseUrl, inject('adminEmail'))
  await admin.goto(`${ctx.baseUrl}/dashboard/manageorders`)
  const row = main.getByRole('row').filter({ hasText: buyer.email.slice(0, 20) })
  await row.first().waitFor()
  // The Date column, and the toolbar's Export CSV beside the filters.
  await main.getByRole('columnheader', { name: 'Date' }).waitFor()
  await main
    .getByRole('search')
    .getByRole('button', { name: /Export CSV/ })
    .waitFor()
  expect(await sidewaysOverflow(admin)).toEqual([])
  expect(await overlappingButtons(admin)).toEqual([])
  // Every button of the table within the table's box (none pushed past its right edge).
  const outside = await admin.evaluate(() => {
    const box = document
      .querySelector('main div[tabindex="0"]:has(> table)')!
      .getBoundingClientRect()
    return [...document.querySelectorAll('main table :is(button, a.btn)')]
      .map((b) => b.getBoundingClientRect())
      .filter((r) => r.right > box.right || r.left < box.left).length
  })
  expect(outside).toBe(0)
  // The long e-mail is one line, cut with an ellipsis, whole in its title.
  const email = row.first().getByTitle(buyer.email)
  expect(await email.evaluate((el) => el.getClientRects().length)).toBe(1)
  expect(await email.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  expect(await seriousViolations(admin)).toEqual([])
  await docsScreenshot(admin, 'manage-orders-1280')
  expect(page.problems).toEqual([])
  expect(admin.problems).toEqual([])
})

test('at 390 px the admin reads Manage Orders, Manage Products, Quote Requests, All Users and the activity log as cards', async ({
  onTestFinished,
}) => {
  const admin = await openPage(ctx.browser, onTestFinished, PHONE)
  const main = admin.locator('main')
  await logInAsAdmin(admin, ctx.baseUrl, inject('adminEmail'))

  await admin.goto(`${ctx.baseUrl}/dashboard/manageorders`)
  const row = main.getByRole('row').filter({ hasText: buyer.email.slice(0, 20) })
  await row.first().waitFor()
  await expectOnScreen(main.getByRole('button', { name: /^Mark shipped/ }).first(), PHONE.width)
  await expectOnScreen(main.getByRole('button', { name: /^Invoice/ }).first(), PHONE.width)
  await expectOnScreen(main.getByRole('button', { name: /Export CSV/ }), PHONE.width)
  await expectPhoneTable(admin, 2)
  expect(await overlappingButtons(admin)).toEqual([])
  await docsScreenshot(admin, 'manage-orders-390')

  await admin.goto(`${ctx.baseUrl}/dashboard/manageproduct`)
  await expectOnScreen(main.getByRole('button', { name: /^Delete: / }).first(), PHONE.width)
  await expectPhoneTable(admin, 0)
  await screenshot(admin, 'phone-manage-products-390')

  await admin.goto(`${ctx.baseUrl}/dashboard/quotes`)
  await expectOnScreen(main.getByRole('link', { name: /Phone bracket/ }).first(), PHONE.width)
  await expectPhoneTable(admin, 0)
  await screenshot(admin, 'phone-quote-requests-390')

  await admin.goto(`${ctx.baseUrl}/dashboard/users`)
  await main.getByText(buyer.email).waitFor()
  await expectOnScreen(main.getByRole('button', { name: /^Make Admin/ }).first(), PHONE.width)
  await expectPhoneTable(admin, 0)
  await screenshot(admin, 'phone-users-390')

  await admin.goto(`${ctx.baseUrl}/dashboard/activity`)
  await expectPhoneTable(admin, 0)
  await screenshot(admin, 'phone-activity-390')
  expect(admin.problems).toEqual([])
})
