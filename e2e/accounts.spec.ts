import { expect, inject, test } from 'vitest'

import {
  logInAsAdmin,
  logInInBrowser,
  newPerson,
  signOutInBrowser,
  signUpInBrowser,
} from './support/accounts.js'
import { openPage, screenshot, useBrowser } from './support/browser.js'
import { waitForEmailLink } from './support/outbox.js'

const ctx = useBrowser()

test('a customer signs up, signs out, and signing in again returns them to where they were going', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  const person = newPerson()
  await signUpInBrowser(page, ctx.baseUrl, person)
  // Opened directly, the signup page remembers no origin: the app goes to /home (docs/product.md §2).
  await page.waitForURL(`${ctx.baseUrl}/home`)
  await page.locator('header').getByRole('button', { name: 'Sign Out' }).first().waitFor()

  await signOutInBrowser(page)
  await page.goto(`${ctx.baseUrl}/dashboard`)
  // Sent by the server at once (no session cookie), with the page to come back to.
  await page.waitForURL(`${ctx.baseUrl}/login?from=%2Fdashboard`)
  await logInInBrowser(page, person)
  await page.waitForURL(`${ctx.baseUrl}/dashboard`)
  await page.getByRole('heading', { name: 'WELCOME TO DASHBOARD' }).waitFor()
  const menu = page.getByRole('navigation', { name: /dashboard/i })
  for (const item of ['My Profile', 'My Orders', 'Add Review'])
    await menu.getByRole('link', { name: item }).waitFor()
  expect(await menu.getByRole('link', { name: 'All Users' }).count()).toBe(0)

  // A reload keeps the customer signed in.
  await page.reload()
  await page.getByRole('heading', { name: 'WELCOME TO DASHBOARD' }).waitFor()
  await screenshot(page, 'dashboard-customer-1280')
  expect(page.problems).toEqual([])
})

test('the login and signup forms show the spec’s validation messages and identity errors in red', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished, undefined, [
    /\/api\/auth\/sign-in\/email$/,
  ])
  await page.goto(`${ctx.baseUrl}/login`)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByText('email is required').waitFor()
  await page.getByText('password is required').waitFor()
  await page.locator('main').getByLabel('Email', { exact: true }).fill('not-an-email')
  await page.locator('main').getByLabel('Password', { exact: true }).fill('123')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByText('provide valid email').waitFor()
  await page.getByText('must be 6 character long').waitFor()

  await page
    .locator('main')
    .getByLabel('Email', { exact: true })
    .fill('jane.doe+tools@mail.example.company')
  await page.locator('main').getByLabel('Password', { exact: true }).fill('wrong-password')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })
  await alert.waitFor()
  expect(await alert.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(0, 0, 0)')

  await page.goto(`${ctx.baseUrl}/signup`)
  await page.getByRole('button', { name: 'SIGNUP' }).click()
  await page.getByText('name is required').waitFor()
  await page.getByText('email is required').waitFor()
  expect(page.problems).toEqual([])
})

test('a customer updates the profile and sees it on the info card', async ({ onTestFinished }) => {
  const page = await openPage(ctx.browser, onTestFinished)
  await signUpInBrowser(page, ctx.baseUrl, newPerson({ name: 'Profile Person' }))
  await page.goto(`${ctx.baseUrl}/dashboard`)
  await page.locator('main').getByLabel('Phone', { exact: true }).fill('+880 1711 223344')
  await page.locator('main').getByLabel('Location', { exact: true }).fill('Chattogram')
  await page
    .locator('main')
    .getByLabel('Education', { exact: true })
    .fill('Diploma in Mechanical Engineering')
  await page
    .locator('main')
    .getByLabel('LinkedIn', { exact: true })
    .fill('https://www.linkedin.com/in/profile-person')
  await page.getByRole('button', { name: 'Update Profile' }).click()
  await page.getByText('Updated Profile successfully').waitFor()
  await page.getByText('Chattogram').first().waitFor()
  await page.reload()
  await page.getByText('Diploma in Mechanical Engineering').first().waitFor()
  expect(page.problems).toEqual([])
})

test('a customer on an admin page is signed out and sent to login', async ({ onTestFinished }) => {
  const page = await openPage(ctx.browser, onTestFinished)
  await signUpInBrowser(page, ctx.baseUrl, newPerson())
  await page.goto(`${ctx.baseUrl}/dashboard/users`)
  await page.waitForURL(`${ctx.baseUrl}/login`)
  await page.waitForFunction(() => !localStorage.getItem('accessToken'))
  await page.locator('header').getByRole('link', { name: 'Login' }).first().waitFor()
  expect(page.problems).toEqual([])
})

test('an admin sees the admin dashboard and makes a customer admin', async ({ onTestFinished }) => {
  const customerPage = await openPage(ctx.browser, onTestFinished)
  const customer = newPerson({ name: 'Future Admin' })
  await signUpInBrowser(customerPage, ctx.baseUrl, customer)

  const page = await openPage(ctx.browser, onTestFinished)
  await logInAsAdmin(page, ctx.baseUrl, inject('adminEmail'))
  await page.goto(`${ctx.baseUrl}/dashboard`)
  await page.getByRole('heading', { name: 'WELCOME TO ADMIN DASHBOARD' }).waitFor()
  const menu = page.getByRole('navigation', { name: /dashboard/i })
  for (const item of [
    'My Profile',
    'All Users',
    'Add Product',
    'Manage Product',
    'Manage Orders',
  ]) {
    await menu.getByRole('link', { name: item }).waitFor()
  }
  expect(await menu.getByRole('link', { name: 'My Orders' }).count()).toBe(0)
  expect(await menu.getByRole('link', { name: 'Add Review' }).count()).toBe(0)

  await menu.getByRole('link', { name: 'All Users' }).click()
  await page.getByRole('heading', { name: /All Users \(\d+\)/ }).waitFor()
  await screenshot(page, 'all-users-1280')
  const makeAdmin = page.getByRole('button', { name: `Make Admin: ${customer.email}` })
  await makeAdmin.click()
  await page.getByText('sucessfully made admin').waitFor()
  await makeAdmin.waitFor({ state: 'detached' })
  // Admins have no Make Admin button, the new one included.
  expect(
    await page.getByRole('button', { name: `Make Admin: ${inject('adminEmail')}` }).count(),
  ).toBe(0)
  expect(page.problems).toEqual([])
})

test('a forgotten password is reset through the emailed link', async ({ onTestFinished }) => {
  const page = await openPage(ctx.browser, onTestFinished)
  const person = newPerson()
  await signUpInBrowser(page, ctx.baseUrl, person)
  await signOutInBrowser(page)

  await page.goto(`${ctx.baseUrl}/login`)
  await page.locator('main').getByLabel('Email', { exact: true }).fill(person.email)
  await page.getByRole('button', { name: 'Reset password' }).click()
  await page.getByText('If this email has an account, a reset link is on its way.').waitFor()

  const link = await waitForEmailLink(person.email, /reset-password/)
  await page.goto(link)
  await page.waitForURL(
    (url) => url.pathname === '/reset-password' && url.searchParams.has('token'),
  )
  await page
    .locator('main')
    .getByLabel('New password', { exact: true })
    .fill('a-brand-new-password')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await page.waitForURL(`${ctx.baseUrl}/login`)
  await logInInBrowser(page, { email: person.email, password: 'a-brand-new-password' })
  expect(page.problems).toEqual([])
})

test('Continue with Google signs in through the OpenID Connect provider', async ({
  onTestFinished,
}) => {
  const page = await openPage(ctx.browser, onTestFinished)
  const google = inject('googleUser')
  await page.goto(`${ctx.baseUrl}/dashboard`)
  // Sent by the server at once (no session cookie), with the page to come back to.
  await page.waitForURL(`${ctx.baseUrl}/login?from=%2Fdashboard`)
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await page.waitForURL(`${ctx.baseUrl}/dashboard`)
  await page.waitForFunction(() => Boolean(localStorage.getItem('accessToken')))
  await page.getByRole('heading', { name: 'WELCOME TO DASHBOARD' }).waitFor()
  await page.getByText(google.email).first().waitFor()
  expect(page.problems).toEqual([])
})

test.for(['/.//example.invalid', '/./%5Cexample.invalid', '/a/..//example.invalid/x'])(
  'signing in from /login?from=%s ends on the shop’s own origin',
  async (from, { onTestFinished }) => {
    const page = await openPage(ctx.browser, onTestFinished)
    const person = newPerson()
    await signUpInBrowser(page, ctx.baseUrl, person)
    await signOutInBrowser(page)
    // As typed in the address bar: the browser sends the path as it stands.
    await page.goto(`${ctx.baseUrl}/login?from=${from}`)
    await logInInBrowser(page, person)
    await page.waitForURL(`${ctx.baseUrl}/home`)
    expect(new URL(page.url()).origin).toBe(new URL(ctx.baseUrl).origin)
    await page.locator('header').getByRole('button', { name: 'Sign Out' }).first().waitFor()
    expect(page.problems).toEqual([])
  },
)
