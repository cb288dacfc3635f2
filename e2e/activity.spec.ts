import { expect, inject, test } from 'vitest'

import { logInAsAdmin } from './support/accounts.js'
import { seriousViolations } from './support/axe.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'

const ctx = useBrowser()

/** The admin's bearer token, as the app keeps it after signing in. */
const tokenOf = (page: Awaited<ReturnType<typeof openPage>>) =>
  page.evaluate(() => localStorage.getItem('accessToken') ?? '')

// What an admin changes shows on Activity with who, what and the values.
test('an admin edits a promotion and Activity shows it, filtered, at 1280 and 375 px', async ({
  onTestFinished,
}) => {
  const admin = await openPage(ctx.browser, onTestFinished)
  const adminEmail = inject('adminEmail')
  await logInAsAdmin(admin, ctx.baseUrl, adminEmail)
  const token = await tokenOf(admin)
  const api = (method: string, url: string, body?: object) =>
    fetch(`${ctx.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body && { body: JSON.stringify(body) }),
    })

  // A promotion added, then edited, through the API as the signed-in admin.
  const title = `Audit offer ${Date.now().toString(36)}`
  const created = await api('POST', '/api/promotion', {
    kind: 'first-order',
    percent: 10,
    cap: 25,
    startsAt: '2026-01-01',
    endsAt: '2026-12-31',
    title,
    text: 'First order.',
  })
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as { id: string }
  expect((await api('PUT', `/api/promotion/${id}`, { percent: 15, cap: 30 })).status).toBe(200)

  await admin.goto(`${ctx.baseUrl}/dashboard`)
  await admin
    .getByRole('navigation', { name: /dashboard/i })
    .getByRole('link', { name: 'Activity' })
    .click()
  await admin.waitForURL(`${ctx.baseUrl}/dashboard/activity`)
  const edit = admin.getByRole('row').filter({ hasText: `Edited the promotion “${title}”` })
  await edit.waitFor()
  expect(await edit.textContent()).toContain('Cap: $25.00 → $30.00')
  expect(await edit.textContent()).toContain('Percent: 10 → 15')
  expect(await edit.textContent()).toContain(adminEmail)

  // The kind filter goes into the address and keeps only that kind.
  await admin.getByLabel('Kind').selectOption({ label: 'Promotion added' })
  await admin.getByRole('button', { name: 'Apply filters' }).click()
  await admin.waitForURL(/kind=promotion\.create/)
  // The edit leaves the table once the filtered page arrives; the creation stays.
  await edit.waitFor({ state: 'detached' })
  expect(
    await admin
      .getByRole('row')
      .filter({ hasText: `Added the promotion “${title}”` })
      .count(),
  ).toBe(1)
  await admin.getByRole('button', { name: 'Clear filters' }).click()
  await edit.waitFor()

  const violations = await seriousViolations(admin)
  expect(violations).toEqual([])
  await screenshot(admin, 'dashboard-activity-1280')

  await admin.setViewportSize({ width: 375, height: 800 })
  await edit.waitFor()
  // Nothing wider than the screen at 375 px: the rows become cards.
  const overflow = await admin.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  await screenshot(admin, 'dashboard-activity-375')
})
