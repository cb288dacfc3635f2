import { expect, inject, test } from 'vitest'

import { logInAsAdmin } from './support/accounts.js'
import { seriousViolations } from './support/axe.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'

const ctx = useBrowser()

/** The text React will hydrate: what the server wrote into #root, before any script ran. */
async function serverRenderedHome(): Promise<string> {
  const html = await (await fetch(`${ctx.baseUrl}/`)).text()
  return /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? ''
}

// What an admin writes on the Promotions page is what the home page promises, in the
// server's HTML at once (the page cache hears the change), and gone again once deleted.
test('an admin adds a promotion, the home page shows it, and it goes when deleted', async ({
  onTestFinished,
}) => {
  const admin = await openPage(ctx.browser, onTestFinished)
  await logInAsAdmin(admin, ctx.baseUrl, inject('adminEmail'))
  await admin.goto(`${ctx.baseUrl}/dashboard`)
  await admin
    .getByRole('navigation', { name: /dashboard/i })
    .getByRole('link', { name: 'Promotions' })
    .click()
  await admin.waitForURL(`${ctx.baseUrl}/dashboard/promotions`)
  // The demo data's two offers are listed and active.
  await admin.getByRole('row').filter({ hasText: '50% off your first order' }).waitFor()
  expect(await admin.getByText('Active now').count()).toBeGreaterThanOrEqual(2)

  const title = `Weekend offer ${Date.now().toString(36)}`
  // The shop's date (Dhaka, UTC+6), which decides what is active.
  const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10)
  const form = admin.getByRole('form', { name: 'Add a promotion' })
  await form.getByLabel('Kind').selectOption('free-shipping')
  await form.getByLabel('Active from').fill(today)
  await form.getByLabel('Active to').fill(today)
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Text shown on the home page').fill('Today only, on every order.')
  await form.getByRole('button', { name: 'Add promotion' }).click()
  await admin.getByRole('row').filter({ hasText: title }).waitFor()

  const violations = await seriousViolations(admin)
  expect(violations).toEqual([])
  await screenshot(admin, 'dashboard-promotions-1280')

  expect(await serverRenderedHome()).toContain(title)

  admin.once('dialog', (dialog) => void dialog.accept())
  await admin.getByRole('button', { name: `Delete: ${title}` }).click()
  await admin.getByText('Promotion deleted.').waitFor()
  expect(await serverRenderedHome()).not.toContain(title)
  expect(await serverRenderedHome()).toContain('50% off your first order')
  expect(admin.problems).toEqual([])
})
