import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

import { expect, test } from 'vitest'

/**
 * The first load: what the home page's HTML makes the browser fetch before the first
 * screen (its script, modulepreloads and stylesheets), gzipped at level 9.
 *
 * Targets: JS ≤ 80 KB, CSS ≤ 15 KB. The CSS met its target until custom parts came (15.2 KB). The JS does not, and cannot
 * with the fixed stack: react-dom (62.0 KB), React Router (30.2 KB), react and scheduler
 * (4.4 KB) alone are 95.8 KB. Measured on 2026-11-22 (before → after this work): 176.2 → 153.2 KB
 * JS, 18.6 → 14.7 KB CSS. What stays besides React and React Router: zod (24.5 KB; every
 * shared contract the first screen calls is a zod schema), TanStack Query (10.1 KB), the
 * shared messages (7.1 KB) and our code (~16 KB). So the JS bound is the measured figure plus
 * under 2 KB: growth fails the test, and the 73 KB gap to the target stays visible here.
 */
const JS_TARGET_KB = 80
// 155 → 157 (wave 2): the session retry and connection notice and the buying rules (schemas
// and messages on the first screen) measured 155.7 KB. The 110 KB first-load goal
// (docs/performance.md) is what this bound works towards. 157 → 158 (the cart): the header's cart link, the
// cards' Add to cart stand-ins and the loader of the cart's chunk measured 157.97 KB (from
// 157.0); the cart's logic itself loads after the first render (features/cart/lazy-cart.tsx).
// 158 → 159: today's promotions on the home page (their query and schema) measured 158.8 KB.
// 159 → 160 (quotes): the Custom Parts link, the six tiles as links, the product
// page's quote line and the cart lines that can hold a quote measured 159.6 KB; the quote words
// and schemas stay out of the first load (shared/messages-quotes.ts, quote-processes.ts).
// 160 → 133 (goal 110 KB): zod (24.5 KB) left the first load. The first screen's
// lists and Better Auth's session load their contracts, and zod with them, on their first call
// (lazyEndpoint in lib/api-client.ts; the answer is still parsed by its schema before a screen
// sees it, and the server-rendered first screen's data comes in the page's JSON block), error
// bodies are checked by a module loaded with the first error, and main.tsx sets zod's jitless
// option without loading zod. Measured 132.3 KB: react-dom, React Router, react and scheduler
// 95.9 KB, TanStack Query 10.0 KB, the shared messages 9.1 KB, our code ~17 KB. The 110 KB goal
// is not met: what is left over React is 36 KB, of which the words of screens the home page
// does not show (about 4 KB in messages.ts) are the next step.
// 133 → 135 (first paint before the scripts): the HTML now carries one small script,
// boot.ts, which asks for main.tsx's chunks once the server's markup is painted. Its import
// helper (1.2 KB) and the chunks it splits off (constants, paths, query keys: gzip's overhead
// per file) measured 134.4 KB, for LCP 2.0 → 1.1 s in Lighthouse on most pages.
// 135 → 135.5 (a click before hydration is never lost): boot.ts holds early clicks
// (lib/event-replay.ts) and the header's menu button and the session links replay or share
// them: measured 135.04 KB.
// 135.5 → 140.5 (the catalogue on /products): the URL ⇄ filters rules
// (products-search.ts, and spec-filters.ts without zod), the facets column, the search box with
// its suggestions, the facets' and categories' queries and the first screen's words
// (messages-catalog.ts) measured 140.2 KB. Loading the column and the box lazily measured
// 138.6 KB but cannot hydrate here: React completes a server-rendered lazy boundary with an
// inline script, which the CSP refuses. The product page and the admin's pages are lazy routes.
// 140.5 → 142.8: the header's currency switch and the taka price of every card
// (lib/currency.ts, the shared inCurrency and formatAmount; its contracts and zod stay lazy):
// measured 142.4 KB.
// 142.8 → 143.2: the header cart's menu with Quick order, Add to cart's
// "2 packs of 10 added" with View cart, and the first-order promotion's cap on the home page:
// measured 143.0 KB.
// 143.2 → 143.5 (the product page's LCP): the Bengali face left the stylesheet for a
// FontFace registered by main.tsx after the first paint (lib/bengali-font.ts, the font file's
// URL and the face's settings): +0.38 KB here, −0.15 KB of CSS (bound 16.8 → 16.7 below):
// measured 143.38 KB and 16.61 KB.
// 143.5 → 143.8: the demo notice on every page while payments are simulated (its component, its
// words and the site configuration's query, whose contract and zod stay lazy) and the refusals
// the shop's words gained with payment records: measured 143.61 KB. The payment screens' words
// (messages-payments.ts) stay out: messages.ts must not import from that module.
const JS_BOUND_KB = 143.8
// 15 → 15.5: Tailwind emits one stylesheet for every screen, so the quote screens'
// few new utilities land in the first load too: 15.2 KB measured, just over the 15 KB target.
const CSS_TARGET_KB = 15
// 15.5 → 15.8: Tailwind makes one stylesheet from every screen's classes, and the
// admin's overview, import preview, activity log and invoice buttons brought new ones: measured
// 15.51 KB. Splitting the admin screens' utilities into a stylesheet of their own is the way back
// under 15 KB.
// 15.8 → 16.1: the facets column, product page and category admin's utilities
// measured 16.0 KB.
// 16.1 → 16.3: the switch's join buttons and the Bengali font's face (the taka
// sign; the font itself loads only on a page that shows it): measured 16.2 KB.
// 16.3 → 16.5: the product forms' specification and documents inputs, the
// receipt, Manage Orders' pager and the cards' price row: measured 16.4 KB.
// 16.5 → 16.8 (helper A): the dashboard tables' cards below 640 px (`.card-table` in
// index.css, written as plain CSS to keep it small) and Manage Orders' fitting classes: +0.35 KB,
// measured 16.76 KB (JS unchanged, 143.0 KB).
// 16.8 → 16.7: the Bengali @font-face moved to main.tsx (see the JS bound above).
// 16.7 → 16.8: the demo notice's strip and the payments-and-refunds tables' utilities: measured
// 16.71 KB.
const CSS_BOUND_KB = 16.8

const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url))

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }

/**
 * The scripts and stylesheets of the page's HTML (one script, boot.ts, and the stylesheet), and
 * what boot.ts then loads, always: main.tsx's chunk with everything it imports statically. The
 * first load counts them all, though main's come after the first paint: they are
 * what a visitor downloads before the page works. Lazy screens are not followed.
 */
function firstLoad() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>
  const inHtml = [...html.matchAll(/<(script|link)\b[^>]*>/g)]
    .map(([tag]) => {
      const rel = /\brel="([^"]+)"/.exec(tag)?.[1]
      const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1]
      const loads = tag.startsWith('<script') || rel === 'modulepreload' || rel === 'stylesheet'
      return loads && url?.startsWith('/assets/') ? url : undefined
    })
    .filter((url): url is string => url !== undefined)
  const urls = new Set(inHtml)
  const follow = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || urls.has(`/${chunk.file}`)) return
    urls.add(`/${chunk.file}`)
    for (const css of chunk.css ?? []) urls.add(`/${css}`)
    for (const imported of chunk.imports ?? []) follow(imported)
  }
  const entry = manifest['index.html']
  expect(entry?.dynamicImports).toEqual(['src/main.tsx'])
  expect(inHtml).toContain(`/${entry?.file}`)
  follow('src/main.tsx')
  return [...urls].map((url) => ({
    url,
    gzipBytes: gzipSync(readFileSync(path.join(dist, url)), { level: 9 }).length,
  }))
}

const kb = (files: { gzipBytes: number }[]) => files.reduce((sum, f) => sum + f.gzipBytes, 0) / 1024

test('the home page first load stays within its JavaScript and CSS budgets', () => {
  const files = firstLoad()
  const js = files.filter((f) => f.url.endsWith('.js'))
  const css = files.filter((f) => f.url.endsWith('.css'))
  expect(js.length).toBeGreaterThan(0)
  expect(css.length).toBeGreaterThan(0)

  const report = files.map((f) => `${(f.gzipBytes / 1024).toFixed(1)} KB ${f.url}`).join('\n')
  console.info(
    `first load (gzip -9):\n${report}\nJS ${kb(js).toFixed(1)} KB (target ${JS_TARGET_KB}), CSS ${kb(css).toFixed(1)} KB (target ${CSS_TARGET_KB})`,
  )
  expect(kb(js), report).toBeLessThanOrEqual(JS_BOUND_KB)
  expect(kb(css), report).toBeLessThanOrEqual(CSS_BOUND_KB)
})

test('before the first paint the HTML asks only for its stylesheet and boot.ts, not for React', () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
  const scripts = [
    ...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.js)"/g),
  ]
    .map((match) => match[1]!)
    .map((url) => ({
      url,
      gzipBytes: gzipSync(readFileSync(path.join(dist, url)), { level: 9 }).length,
    }))
  expect(scripts.map((s) => s.url).join(' ')).not.toMatch(/react|vendor|main/)
  expect(kb(scripts)).toBeLessThan(2)
  expect(html).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/index-[^"]+\.css"/)
})

test('dashboard, admin, payment and auth screens are not in the first load', () => {
  const names = firstLoad().map((f) => path.basename(f.url))
  for (const lazy of [
    'dashboard-layout',
    'payment',
    'login',
    'signup',
    'manage-products',
    'toasts',
  ])
    expect(names.some((name) => name.startsWith(`${lazy}-`))).toBe(false)
})

test('zod is not in the first load: it comes with the first contract a screen calls', () => {
  for (const { url } of firstLoad().filter((f) => f.url.endsWith('.js'))) {
    // 'invalid_type' is zod's issue code for a value of the wrong type: in zod's code only.
    expect(readFileSync(path.join(dist, url), 'utf8'), url).not.toContain('invalid_type')
  }
  const lazy = readdirSync(path.join(dist, 'assets')).filter((name) => name.endsWith('.js'))
  expect(
    lazy.some((name) =>
      readFileSync(path.join(dist, 'assets', name), 'utf8').includes('invalid_type'),
    ),
  ).toBe(true)
})
