import sharp from 'sharp'
import { expect, inject, test } from 'vitest'

import { logInAsAdmin, newPerson, signUpInBrowser } from './support/accounts.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'

const ctx = useBrowser()

/** A real photo-sized PNG with a gradient, so the upload has something to re-encode. */
async function productPhoto(): Promise<Buffer> {
  const width = 1200
  const height = 900
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      raw[i] = (x * 255) / width
      raw[i + 1] = (y * 255) / height
      raw[i + 2] = 140
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

test('an admin adds a product with an image, sees it on Products, then deletes it', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  await logInAsAdmin(page, ctx.baseUrl, inject('adminEmail'))
  const name = `Knurled torque wrench ${Date.now().toString(36)}`

  await page.goto(`${ctx.baseUrl}/dashboard/addproduct`)
  const main = page.locator('main')
  await main.getByRole('heading', { name: 'Add Product' }).waitFor()
  // An empty submit shows the spec's messages and sends nothing.
  await main.getByRole('button', { name: 'Add Product' }).click()
  for (const message of [
    'name is required',
    'quantity is required',
    'price is required',
    'description is required',
    'image is required',
  ]) {
    await main.getByText(message, { exact: true }).waitFor()
  }

  await main.getByLabel('Name', { exact: true }).fill(name)
  await main.getByLabel('Quantity', { exact: true }).fill('25')
  await main.getByLabel('Price', { exact: true }).fill('49.99')
  await main.getByLabel('Minimum order quantity', { exact: true }).fill('2')
  await main
    .getByLabel('Description', { exact: true })
    .fill('A 1/2" drive click torque wrench, 40 to 200 Nm, with a knurled steel grip.')
  await main.getByLabel('Image', { exact: true }).setInputFiles({
    name: 'wrench.png',
    mimeType: 'image/png',
    buffer: await productPhoto(),
  })
  await screenshot(page, 'add-product-1280')
  await main.getByRole('button', { name: 'Add Product' }).click()
  await page.getByText('new product added', { exact: true }).waitFor()

  await page.goto(`${ctx.baseUrl}/products`)
  const card = page.getByTestId('tool-card').filter({ hasText: name })
  await card.waitFor()
  const img = card.locator('img')
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBeGreaterThan(0)
  const src = await img.getAttribute('src')
  expect(src).toMatch(/^\/media\/[0-9a-f]{32}-800\.webp$/)
  expect(await img.getAttribute('srcset')).toContain('-400.webp 400w')
  const media = await fetch(`${ctx.baseUrl}${src}`)
  expect(media.headers.get('content-type')).toBe('image/webp')
  expect(media.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  expect(await card.textContent()).toContain('$49.99')

  await page.goto(`${ctx.baseUrl}/dashboard/manageproduct`)
  const row = main.getByRole('row').filter({ hasText: name })
  await row.waitFor()
  await screenshot(page, 'manage-products-1280')
  let asked = ''
  page.once('dialog', (dialog) => {
    asked = dialog.message()
    void dialog.accept()
  })
  await main.getByRole('button', { name: `Delete: ${name}` }).click()
  await page.getByText('tool deleted successfully', { exact: true }).waitFor()
  expect(asked).toContain(name)
  await row.waitFor({ state: 'detached' })

  await page.goto(`${ctx.baseUrl}/products`)
  await page.getByTestId('tool-card').first().waitFor()
  expect(await page.getByTestId('tool-card').filter({ hasText: name }).count()).toBe(0)
  expect(page.problems).toEqual([])
})

test('a customer adds a review and sees it first among the home page reviews', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  const customer = newPerson({ name: 'Nusrat Jahan' })
  await signUpInBrowser(page, ctx.baseUrl, customer)
  const text = `The bench vise arrived in two days <b>and</b> holds like a rock ${Date.now().toString(36)}`

  await page.goto(`${ctx.baseUrl}/dashboard/addreview`)
  const main = page.locator('main')
  await main.getByRole('heading', { name: 'Add Review' }).waitFor()
  await main.getByLabel('Your review', { exact: true }).fill(text)
  await main.getByLabel('Stars', { exact: true }).selectOption('4')
  await main.getByRole('button', { name: 'Add Review' }).click()
  await page.getByText('review added successfully', { exact: true }).waitFor()

  await page.goto(`${ctx.baseUrl}/`)
  const section = page.locator('section').filter({
    has: page.getByRole('heading', { name: 'Customer reviews' }),
  })
  const first = section.getByTestId('review-card').first()
  await first.waitFor()
  await first.scrollIntoViewIfNeeded()
  // The markup in the text is shown as text, never rendered.
  expect(await first.textContent()).toContain(`“${text}”`)
  expect(await first.locator('b').count()).toBe(0)
  expect(await first.textContent()).toContain('Nusrat Jahan')
  expect(await first.textContent()).toContain('Stars: 4')
  expect(await section.getByTestId('review-card').count()).toBeLessThanOrEqual(8)
  await screenshot(page, 'home-reviews-1280')
  expect(page.problems).toEqual([])
})
