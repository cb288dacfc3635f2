import { readFileSync } from 'node:fs'

import { ToolListSchema } from '@toolworks/shared'
import { expect, inject, test } from 'vitest'

import { logInAsAdmin } from './support/accounts.js'
import { seriousViolations } from './support/axe.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'

const ctx = useBrowser()

// The demo catalogue's DIN 338 drills (apps/server/src/db/seed/catalog/range.ts): 8 to 12 mm
// are 8, 8.5, 9, 10, 10.2, 11 and 12 mm, each in HSS and in HSS-Co.
const DRILL = 'HSS-Co Twist Drill 12 mm, DIN 338 (2 pcs)'
const DRILL_PART = 'TW-DB-338C-120'
/** The demo's own datasheet of the family: a static file of the web app. */
const DEMO_DATASHEET = 'HSS-Co twist drills DIN 338, datasheet (PDF)'
const UPLOADED = 'Test report TW-DB-338C-120'

let uploaded: Promise<void> | undefined
/** The 12 mm drill's test report, uploaded once as an admin does (a small PDF, sniffed). */
function uploadTestReport(onTestFinished: Parameters<typeof openPage>[1]): Promise<void> {
  uploaded ??= (async () => {
    const drill = (await (await fetch(`${ctx.baseUrl}/api/tool/part/${DRILL_PART}`)).json()) as {
      _id: string
      documents?: { name: string }[]
    }
    if (drill.documents?.some((d) => d.name === UPLOADED)) return
    const page = await openPage(ctx.browser, onTestFinished)
    await logInAsAdmin(page, ctx.baseUrl, inject('adminEmail'))
    const token = await page.evaluate(() => localStorage.getItem('accessToken'))
    const form = new FormData()
    form.append('kind', 'certificate')
    form.append('name', UPLOADED)
    form.append('file', new Blob([new Uint8Array(REPORT)]), 'tw-db-338c-120-report.pdf')
    const res = await fetch(`${ctx.baseUrl}/api/tool/${drill._id}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    if (res.status !== 201) throw new Error(`report not added: ${res.status} ${await res.text()}`)
  })()
  return uploaded
}

/** A small PDF: what the buyer downloads must be these bytes exactly. */
const REPORT = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% TW-DB-338C-120 test report\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
)

const searchBox = 'Search by name, part number or spec'

test.for([1280, 390])(
  'at %i px: filter drill bits by diameter and material, open one, download its datasheet',
  async (width, { onTestFinished }) => {
    await uploadTestReport(onTestFinished)
    const page = await openPage(ctx.browser, onTestFinished, { width, height: 900 })
    await page.goto(`${ctx.baseUrl}/products?category=drill-bits`)
    await page.getByRole('heading', { level: 1, name: 'Drill bits' }).waitFor()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    if (width < 1024) {
      const filters = page.getByRole('button', { name: 'Filters' })
      await filters.click()
      expect(await filters.getAttribute('aria-expanded')).toBe('true')
    }
    expect(await seriousViolations(page)).toEqual([])

    // Diameter 8..12 leaves the seven sizes from 8 to 12 mm, in both materials.
    const diameter = page.getByRole('form', { name: 'Diameter' })
    await diameter.getByLabel('Diameter, minimum').fill('8')
    await diameter.getByLabel('Diameter, maximum').fill('12')
    await diameter.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(/spec\.diameter=8\.\.12/)
    await page.getByText('Showing 1–14 of 14 tools').waitFor()

    // HSS-Co among them: its count is disjunctive, HSS still counts its seven.
    await page.getByRole('checkbox', { name: 'HSS 7', exact: true }).waitFor()
    // A click, not check(): the box turns checked once the navigation it starts has landed
    // (the new URL is the filter's state), which on a loaded machine is not at once.
    const cobalt = page.getByRole('checkbox', { name: 'HSS-Co 7' })
    await cobalt.click()
    await page.waitForURL(
      `${ctx.baseUrl}/products?category=drill-bits&spec.diameter=8..12&spec.material=HSS-Co`,
    )
    await expect.poll(() => cobalt.isChecked()).toBe(true)
    await page.getByText('Showing 1–7 of 7 tools').waitFor()
    await page.getByRole('checkbox', { name: 'HSS 7', exact: true }).waitFor()
    await screenshot(page, `drill-bits-filtered-${width}`)

    // Back undoes the material; forward puts it back.
    await page.goBack()
    await page.getByText('Showing 1–14 of 14 tools').waitFor()
    await page.goForward()
    await page.getByText('Showing 1–7 of 7 tools').waitFor()

    // The card's name opens the public page, server-rendered with its own title.
    await page.getByRole('link', { name: DRILL }).first().click()
    await page.waitForURL(/\/products\/[^/?]+$/)
    await page.getByRole('heading', { level: 1, name: DRILL }).waitFor()
    expect(await page.title()).toBe(`${DRILL} · Toolworks`)
    expect(await page.getByTestId('part-number').textContent()).toBe('TW-DB-338C-120')
    const specs = page.getByRole('table', { name: 'Specifications' })
    await specs.getByRole('row', { name: 'Diameter 12 mm' }).waitFor()
    await specs.getByRole('row', { name: 'Material HSS-Co' }).waitFor()
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' })
    await crumbs.getByRole('link', { name: 'Cutting tools' }).waitFor()
    // The demo's datasheet downloads: a real PDF, saved by the browser.
    const documents = page.getByTestId('documents')
    const datasheet = documents.getByRole('link', { name: `Download ${DEMO_DATASHEET}` })
    const [sheet] = await Promise.all([page.waitForEvent('download'), datasheet.click()])
    expect(sheet.suggestedFilename()).toBe('tw-din338-hssco-datasheet.pdf')
    expect(
      readFileSync(await sheet.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-')
    // The uploaded report downloads as an attachment: the same bytes, a fixed type, nosniff.
    const report = documents.getByRole('link', { name: `Download ${UPLOADED}` })
    const [download] = await Promise.all([page.waitForEvent('download'), report.click()])
    expect(download.suggestedFilename()).toBe('tw-db-338c-120-report.pdf')
    expect(readFileSync(await download.path()).equals(REPORT)).toBe(true)
    const served = await fetch(new URL((await report.getAttribute('href')) ?? '', ctx.baseUrl))
    expect(served.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tw-db-338c-120-report\.pdf"/,
    )
    expect(served.headers.get('content-type')).toBe('application/pdf')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    await page.getByRole('link', { name: 'Sign in to order' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, `product-page-${width}`)

    // A reload is the server's page: the title and part number are in its HTML.
    const html = await (await fetch(page.url())).text()
    expect(html).toContain(`<title>${DRILL} · Toolworks</title>`)
    expect(html).toContain('TW-DB-338C-120')
    expect(page.problems).toEqual([])
  },
)

test.for([1280, 390])(
  'at %i px: search "torq wrnch" and add the first result to the cart',
  async (width, { onTestFinished }) => {
    const page = await openPage(ctx.browser, onTestFinished, { width, height: 900 })
    await page.goto(`${ctx.baseUrl}/products`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    const box = page.getByRole('combobox', { name: searchBox })

    // Suggestions as you type: the demo's three torque wrenches, and nothing else.
    await box.fill('torq')
    const options = page.getByRole('option', { name: /Torque Wrench/ })
    const option = options.first()
    await option.waitFor()
    expect(await options.count()).toBe(3)
    expect(await box.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('ArrowDown')
    expect(await option.getAttribute('aria-selected')).toBe('true')
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, `suggestions-${width}`)
    await page.keyboard.press('Escape')

    // Two letters wrong still find it, first.
    await box.fill('torq wrnch')
    await box.press('Enter')
    await page.waitForURL(/\/products\?q=torq(%20|\+)wrnch$/)
    const first = page.getByTestId('tool-card').first()
    await first.getByRole('heading', { name: /Torque Wrench/ }).waitFor()
    await first.getByRole('button', { name: 'Add to cart' }).click()
    await page.locator('header').getByRole('link', { name: 'Cart, 1 item' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    expect(page.problems).toEqual([])
  },
)

test('every demo document downloads from the shop: the file, of its kind', async () => {
  const tools = ToolListSchema.parse(await (await fetch(`${ctx.baseUrl}/api/tool`)).json())
  // The demo's own files (apps/web/public/docs); uploaded ones are the journey's above.
  const documents = [
    ...new Map(
      tools
        .flatMap((t) => t.documents ?? [])
        .filter((d) => d.url.startsWith('/docs/'))
        .map((d) => [d.url, d]),
    ).values(),
  ]
  expect(documents.length).toBeGreaterThanOrEqual(8)
  expect(new Set(documents.map((d) => d.kind))).toEqual(
    new Set(['datasheet', 'cad', 'manual', 'certificate']),
  )
  for (const d of documents) {
    const res = await fetch(`${ctx.baseUrl}${d.url}`)
    expect(res.status, d.url).toBe(200)
    const body = Buffer.from(await res.arrayBuffer())
    expect(body.length, d.url).toBeGreaterThan(100)
    // The file itself, not the app's page for an unknown address.
    expect(res.headers.get('content-type') ?? '', d.url).not.toMatch(/text\/html/)
    if (d.url.endsWith('.pdf')) {
      expect(res.headers.get('content-type')).toBe('application/pdf')
      expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    } else if (d.url.endsWith('.step')) expect(body.toString('utf8')).toMatch(/^ISO-10303-21;/)
    else expect(body.toString('utf8')).toMatch(/ENTITIES[\s\S]*EOF/)
  }
})
