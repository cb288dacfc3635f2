import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

import { chromiumLaunchOptions } from './chromium.js'

export { CHROMIUM_ARGS } from './chromium.js'

/** What openPage needs of vitest's TestContext when a test has finished. */
type FinishedTest = { task: { name: string; result?: { state?: string } } }

export const artifactsDir = fileURLToPath(new URL('../artifacts', import.meta.url))

/**
 * One Chromium per spec file; each test opens its own context (fresh cookies and storage). A
 * browser shared by the whole run (launchServer and connect) was tried: a connected client
 * cannot read a download's file (`download.path()`), which the CSV and datasheet journeys do.
 */
export function useBrowser(): { readonly browser: Browser; readonly baseUrl: string } {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunchOptions())
  })
  afterAll(async () => {
    await browser?.close()
  })
  return {
    get browser() {
      if (!browser) throw new Error('browser not started')
      return browser
    },
    get baseUrl() {
      return inject('baseUrl')
    },
  }
}

let clients = 0
/** A made-up client address from the documentation range 198.18.0.0/15, unique per page. */
export function nextClientAddress(): string {
  clients += 1
  return `198.18.${(process.pid + clients) % 256}.${clients % 250}`
}

/** A page that collects console errors, uncaught page errors and unexpected failed requests. */
export async function openPage(
  browser: Browser,
  onTestFinished: (fn: (context: FinishedTest) => Promise<void>) => void,
  viewport = { width: 1280, height: 900 },
  /** Failed answers the test provokes on purpose (a wrong password, a refused role). */
  expectedFailures: RegExp[] = [],
): Promise<Page & { problems: string[] }> {
  // Each page is its own visitor: a different client address (the server trusts the loopback
  // proxy, TRUST_PROXY in global-setup), so one spec's sign-ins never use up another's limits.
  const context = await browser.newContext({
    viewport,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress() },
  })
  const page = await context.newPage()
  const problems: string[] = []
  onTestFinished(async ({ task }) => {
    // A failed test leaves what the page showed and the route it was on (CI keeps artifacts):
    // a flake that cannot be seen cannot be fixed.
    if (task.result?.state === 'fail') {
      const name = `failed-${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}-${viewport.width}`
      mkdirSync(artifactsDir, { recursive: true })
      await page.screenshot({ path: path.join(artifactsDir, `${name}.png`) }).catch(() => {})
      process.stderr.write(
        `failed at ${page.url()}; screenshot ${name}.png; problems: ${JSON.stringify(problems)}\n`,
      )
    }
    await context.close()
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('response', (response) => {
    const url = response.url()
    if (
      response.status() >= 400 &&
      !expectedFailures.some((re) => re.test(new URL(url).pathname))
    ) {
      problems.push(`HTTP ${response.status()}: ${url}`)
    }
  })
  page.on('console', (message) => {
    // Failed requests are judged by the response listener above.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console.error: ${message.text()}`)
    }
  })
  return Object.assign(page, { problems })
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true })
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true })
}
