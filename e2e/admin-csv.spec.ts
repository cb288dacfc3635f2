import { mkdirSync, readFileSync } from 'node:fs'

import { parse } from 'csv-parse/sync'
import { expect, inject, test } from 'vitest'

import { logInAsAdmin } from './support/accounts.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'

const ctx = useBrowser()

const HEADER =
  'id,name,description,price,quantity,minimum,pack_size,price_breaks,made_to_order,lead_time_days,image'

test('an admin exports the products, then imports one new and one updated product', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  await logInAsAdmin(page, ctx.baseUrl, inject('adminEmail'))
  await page.goto(`${ctx.baseUrl}/dashboard/manageproduct`)
  const main = page.locator('main')
  await main.getByRole('row').nth(1).waitFor()

  // Export: the download arrives under the server's name, BOM and header first.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/)
  const bytes = readFileSync(await download.path())
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  // Every cell quoted, the header too.
  const quotedHeader = HEADER.split(',')
    .map((c) => `"${c}"`)
    .join(',')
  // Then the search's part number, category and one spec.<key> per attribute key.
  const header = bytes.subarray(3).toString('utf8').split('\r\n')[0] ?? ''
  expect(header.startsWith(`${quotedHeader},"partNumber","category","spec.`)).toBe(true)
  const rows = parse<Record<string, string>>(bytes, { bom: true, columns: true })
  const first = rows[0]!
  expect(rows.length).toBeGreaterThan(0)

  // Import: the first product with a new price (matched by its id) and a new product.
  const name = `Imported bench vise ${Date.now().toString(36)}`
  const csv = [
    HEADER,
    [
      first.id,
      first.name,
      first.description,
      '77.00',
      first.quantity,
      first.minimum,
      first.pack_size,
      first.price_breaks,
      first.made_to_order,
      first.lead_time_days,
      first.image,
    ]
      .map((cell) => `"${(cell ?? '').replaceAll('"', '""')}"`)
      .join(','),
    `,${name},"A cast iron vise, 100 mm jaws.",45.00,12,1,1,,no,,${first.image}`,
  ].join('\r\n')
  await main.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import products from CSV' })
  await dialog.getByLabel('CSV or ZIP file').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  })
  await dialog.getByText('Preview: 1 new, 1 to update, 0 with errors').waitFor()
  const previewRows = dialog.getByRole('row')
  expect(await previewRows.nth(1).textContent()).toContain('update')
  expect(await previewRows.nth(2).textContent()).toContain(name)
  expect(await previewRows.nth(2).textContent()).toContain('new')
  mkdirSync('/tmp/shots', { recursive: true })
  await page.screenshot({ path: '/tmp/shots/csv-import-preview.png' })
  await screenshot(page, 'admin-csv-import-preview')

  await dialog.getByRole('button', { name: 'Confirm import' }).click()
  await page.getByText('Imported: 1 new, 1 updated.', { exact: true }).waitFor()
  await dialog.waitFor({ state: 'detached' })
  await main.getByRole('row').filter({ hasText: name }).waitFor()
  await page.screenshot({ path: '/tmp/shots/csv-manage-products.png' })

  const tool = (await (await fetch(`${ctx.baseUrl}/api/tool/${first.id}`)).json()) as {
    price: number
  }
  expect(tool.price).toBe(77)
  expect(page.problems).toEqual([])
})
