import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'

import { useBrowser } from './support/browser.js'

/**
 * The public pages come rendered from the server and React attaches to that markup
 * (hydration) instead of replacing it. A mismatch makes React 19 throw the server's markup
 * away and render again, and report it on the console; this test fails on either.
 */
const ctx = useBrowser()

const PAGES = [
  { path: '/', h1: 'Standard and custom parts and tools, built to last' },
  { path: '/products', h1: 'Our Products' },
  { path: '/products?page=2', h1: 'Our Products' },
  { path: '/myportfolio', h1: 'About Us' },
  { path: '/blogs', h1: 'Questions and Answers' },
  { path: '/login', h1: 'Login' },
  { path: '/signup', h1: 'Signup' },
  { path: '/no-such-page', h1: 'Page not found' },
] as const

/** Every console error or warning, uncaught error and CSP violation of a page. */
async function watchedPage(onTestFinished: (fn: () => Promise<void>) => void) {
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } })
  onTestFinished(() => context.close())
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`console.${message.type()}: ${message.text()}`)
    }
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  // Before any of the app's scripts run (they are modules, so they wait for the parse):
  // remember the h1 the server wrote, to check later that React kept that very element.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      const marks = window as unknown as { serverH1: Element | null; serverText: string }
      marks.serverH1 = document.querySelector('#root h1')
      marks.serverText = document.getElementById('root')?.textContent ?? ''
    })
  })
  return Object.assign(page, { problems })
}

async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.waitForLoadState('networkidle')
}

test.for(PAGES)(
  '$path is hydrated from the server markup without a warning',
  async ({ path, h1 }, { onTestFinished }) => {
    const page = await watchedPage(onTestFinished)
    const answer = await page.goto(ctx.baseUrl + path)
    // The 404 page answers 404; Chromium logs that status of the document itself.
    const notFound = path === '/no-such-page'
    expect(answer?.status()).toBe(notFound ? 404 : 200)
    await waitForHydration(page)

    const kept = await page.evaluate(() => {
      const marks = window as unknown as { serverH1: Element | null; serverText: string }
      const current = document.querySelector('#root h1')
      return {
        serverH1: marks.serverH1?.textContent ?? null,
        serverTextLength: marks.serverText.length,
        same: marks.serverH1 !== null && marks.serverH1 === current,
      }
    })
    expect(kept.serverH1, 'the server wrote the heading').toContain(h1)
    expect(kept.same, 'React kept the server-rendered heading element').toBe(true)
    const documentStatus =
      'console.error: Failed to load resource: the server responded with a status of 404 (Not Found)'
    expect(page.problems.filter((p) => !(notFound && p === documentStatus))).toEqual([])
  },
)

test('a visitor with no session is sent from a purchase page to the login at once, hydrated without a warning', async ({
  onTestFinished,
}) => {
  const page = await watchedPage(onTestFinished)
  const answer = await fetch(`${ctx.baseUrl}/purchase/some-tool`, { redirect: 'manual' })
  expect(answer.status).toBe(302)
  expect(answer.headers.get('location')).toBe('/login?from=%2Fpurchase%2Fsome-tool')
  await page.goto(`${ctx.baseUrl}/purchase/some-tool`)
  expect(new URL(page.url()).pathname).toBe('/login')
  expect(await page.locator('h1').textContent()).toBe('Login')
  await waitForHydration(page)
  expect(page.problems).toEqual([])
})

test('without JavaScript the pages still read, link and show their forms disabled', async ({
  onTestFinished,
}) => {
  const context = await ctx.browser.newContext({ javaScriptEnabled: false })
  onTestFinished(() => context.close())
  const page = await context.newPage()
  await page.goto(`${ctx.baseUrl}/login`)
  expect(await page.locator('h1').textContent()).toBe('Login')
  expect(await page.locator('main input[type=email]').isDisabled()).toBe(true)
  expect(await page.locator('main button[type=submit]').isDisabled()).toBe(true)
  expect(await page.locator('footer input').first().isDisabled()).toBe(true)
  // Links are real links: following one loads the next page, rendered too.
  await page.locator('header a[href="/products"]').first().click()
  await page.waitForURL(/\/products$/)
  expect(await page.locator('h1').textContent()).toBe('Our Products')
  expect(await page.locator('#root a[href^="/purchase/"]').count()).toBeGreaterThan(0)
})

test('the forms of a hydrated page are enabled', async ({ onTestFinished }) => {
  const page = await watchedPage(onTestFinished)
  await page.goto(`${ctx.baseUrl}/login`)
  await waitForHydration(page)
  await page.locator('main input[type=email]').fill('someone@example.com')
  expect(await page.locator('main input[type=email]').inputValue()).toBe('someone@example.com')
  expect(page.problems).toEqual([])
})

test('a product page shows the taka sign in the Bengali face, asked for only after the first paint', async ({
  onTestFinished,
}) => {
  // The stylesheet of the first paint names no Bengali file (lib/bengali-font.ts says why).
  const html = await (await fetch(`${ctx.baseUrl}/products`)).text()
  const cssPath = /<link rel="stylesheet"[^>]* href="([^"]+\.css)"/.exec(html)?.[1]
  expect(cssPath, 'the page links its stylesheet').toBeDefined()
  const css = await (await fetch(ctx.baseUrl + cssPath)).text()
  expect(css).toContain('Toolworks Bengali')
  expect(css).not.toMatch(/noto-sans-bengali|@font-face/)

  const tools = (await (await fetch(`${ctx.baseUrl}/api/tool`)).json()) as { _id: string }[]
  const page = await watchedPage(onTestFinished)
  await page.goto(`${ctx.baseUrl}/products/${tools[0]?._id}`)
  await waitForHydration(page)
  // The page prices in dollars with the taka beside them ("≈ ৳3,061.00").
  await page
    .getByText(/≈ ৳[\d,]+\.\d\d/)
    .first()
    .waitFor()
  const font = await page.evaluate(async () => {
    // Settles once the face that draws the sign has loaded (at once if it already has).
    await document.fonts.load('16px "Toolworks Bengali"', '৳')
    // Chromium gives the family back quoted.
    const face = [...document.fonts].find((f) => f.family.replace(/"/g, '') === 'Toolworks Bengali')
    const paint = performance.getEntriesByName('first-contentful-paint')[0]
    const file = performance
      .getEntriesByType('resource')
      .find((entry) => entry.name.includes('noto-sans-bengali'))
    return {
      status: face?.status,
      covers: document.fonts.check('16px "Toolworks Bengali"', '৳'),
      paintedAt: paint?.startTime,
      askedAt: file?.startTime,
    }
  })
  expect(font.status).toBe('loaded')
  expect(font.covers).toBe(true)
  expect(font.paintedAt).toBeGreaterThan(0)
  // This machine's Chromium has no Bengali font of its own, so the file is downloaded.
  expect(font.askedAt).toBeGreaterThan(font.paintedAt ?? Infinity)
  expect(page.problems).toEqual([])
})
