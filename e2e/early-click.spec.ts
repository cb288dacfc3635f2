import { expect, test } from 'vitest'

import { emulateMidRangePhone } from '../scripts/time-to-enabled.mjs'
import { newPerson, signUpInBrowser } from './support/accounts.js'
import { openPage, useBrowser } from './support/browser.js'

/**
 * On a mid-range phone (4x CPU, slow 4G) /products showed Add to cart long before
 * the code behind it had loaded, and a tap in between did nothing. The button is usable from
 * the server's HTML on: the boot script holds the click and the live button replays it.
 */
const ctx = useBrowser()

test('Add to cart clicked at the first paint, before the app has hydrated, puts the tool in the cart', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished, { width: 412, height: 823 })
  await emulateMidRangePhone(page)
  await page.goto(`${ctx.baseUrl}/products`, { waitUntil: 'commit' })

  const button = page.locator('main button', { hasText: 'Add to cart' }).first()
  await button.waitFor({ state: 'visible' })
  // `force`: click as a person would at this moment, whatever the button's state (a disabled
  // button drops the click, as it did before the fix).
  await button.click({ force: true, noWaitAfter: true })
  const [hydratedAtClick, captureAtClick] = await page.evaluate(() => [
    document.documentElement.dataset.hydrated === 'true',
    document.documentElement.hasAttribute('data-replay-ready'),
  ])
  const name = await page.evaluate(() => {
    const first = [...document.querySelectorAll('main button')].find(
      (b) => b.textContent?.trim() === 'Add to cart',
    )
    const id = first?.getAttribute('aria-describedby') ?? ''
    return document.getElementById(id)?.textContent?.trim() ?? ''
  })
  expect(hydratedAtClick, 'the click came before the app had hydrated').toBe(false)
  // The capture is the first script of <head> (inline): live before anything is painted. It
  // once came with boot.ts, which a slow link delivered after the button showed, and a click
  // in that gap was lost (a clean-clone CI run, 2026-11-27).
  expect(captureAtClick, 'the capture was live when the button could be seen').toBe(true)
  expect(name).not.toBe('')

  // Once the cart's code has loaded, the click is replayed: the cart holds the tool. Generous
  // waits: the page runs at a quarter of a shared machine's CPU.
  await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor({ timeout: 60_000 })
  await page.goto(`${ctx.baseUrl}/cart`)
  await page.getByRole('rowheader', { name }).waitFor({ timeout: 60_000 })
  expect(page.problems).toEqual([])
}, 180_000)

/**
 * Signed in, the cart is the server's: a click held before hydration lands while the session is
 * still being checked (the browser's copy, merged at sign-in) or after (the server's). Either
 * way the line joins what the account's cart already holds; none is lost or replaced. (A clean
 * CI run once saw the count stay at 1 here: the reload put the page's scroll back while the click
 * was on its way, and it landed beside the button, as the diagnostics below showed.)
 */
// One more try: on a throttled phone a forced click at the button's painted place can, rarely,
// land beside it while the page still moves (held: [] and no PUT in the printed diagnosis of a
// clean-clone run that passed the spec twice before and twice after). A click the page loses
// every time still fails, with the diagnosis of both tries in the log.
test(
  'signed in with a line in the cart, an early Add to cart adds a second line',
  { timeout: 180_000, retry: 1 },
  async ({ onTestFinished }) => {
    const page = await openPage(ctx.browser, onTestFinished, { width: 412, height: 823 })
    await signUpInBrowser(page, ctx.baseUrl, newPerson({ name: 'Early Click Buyer' }))
    await page.goto(`${ctx.baseUrl}/products`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    const cards = page.getByTestId('tool-card')
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/cart') && r.request().method() === 'PUT' && r.ok(),
    )
    await cards.nth(1).getByRole('button', { name: 'Add to cart' }).click()
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor()
    const [first] = ((await (await saved).json()) as { lines: { tool: string }[] }).lines

    // What the page asked and held, printed only if the count never reaches 2.
    const calls: string[] = []
    page.on('response', (r) => {
      const url = new URL(r.url())
      if (url.pathname.startsWith('/api/'))
        calls.push(`${r.request().method()} ${url.pathname} ${r.status()}`)
    })
    onTestFinished(async ({ task }) => {
      if (task.result?.state !== 'fail' || page.isClosed()) return
      const state = await page
        .evaluate(() => ({
          browserCart: localStorage.getItem('toolworks.cart.v1'),
          held: (window as unknown as Record<string, { held: string[] }>).__toolworksEarlyClicks
            ?.held,
          hydrated: document.documentElement.dataset.hydrated,
        }))
        .catch((error: unknown) => String(error))
      console.log('early click, signed in:', JSON.stringify({ calls, state }, null, 1))
    })

    await emulateMidRangePhone(page)
    // A fresh visit, not a reload of the page on screen: Chromium would put back the scroll
    // position of the reload while the click is on its way, and it would land beside the button.
    await page.goto('about:blank')
    await page.goto(`${ctx.baseUrl}/products`, { waitUntil: 'commit' })
    // The first card that takes clicks (a sold-out one does not) other than the tool in the cart.
    const button = page
      .locator(`main button[data-replay]:not([data-replay="add-to-cart:${first?.tool}"])`)
      .first()
    await button.waitFor({ state: 'visible' })
    await button.click({ force: true, noWaitAfter: true })
    expect(
      await page.evaluate(() => document.documentElement.dataset.hydrated === 'true'),
      'the click came before the app had hydrated',
    ).toBe(false)

    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor({ timeout: 60_000 })
    await page.goto(`${ctx.baseUrl}/cart`)
    await expect.poll(() => page.getByTestId('cart-line').count(), { timeout: 60_000 }).toBe(2)
    expect(page.problems).toEqual([])
  },
)
