import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { messages } from '@toolworks/shared'

import { makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

// The header and the footer agree on the session, and the header's Dashboard link
// never points to a page that is wrong for the person before the admin check has answered.

const mainMenu = () => screen.getByRole('navigation', { name: 'Main menu' })
const footerAccount = () =>
  within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Account' })
const dashboardLink = () => within(mainMenu()).getByRole('link', { name: 'Dashboard' })

/** GET /api/admin/:email answered only when the test says so (`answer`), with `admin`. */
function heldAdminCheck(admin: boolean) {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  let asked = 0
  server.use(
    http.get('/api/admin/:email', async () => {
      asked += 1
      await held
      return HttpResponse.json({ admin })
    }),
  )
  return { answer: () => release(), asked: () => asked }
}

describe('header and footer agree on the session', () => {
  test('signed in: both show the signed-in links, neither shows Login', async () => {
    server.use(sessionHandler(makeUser()))
    renderApp('/products')

    expect(await within(mainMenu()).findByRole('button', { name: 'Sign Out' })).toBeVisible()
    expect(within(footerAccount()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull()
  })

  test('signed out: both show Login', async () => {
    renderApp('/products')

    expect(await within(mainMenu()).findByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login',
    )
    expect(within(footerAccount()).getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login',
    )
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull()
  })
})

describe('the header’s Dashboard link before the admin check answers', () => {
  test('an admin’s link points to /dashboard, marked busy, and to the Overview once answered', async () => {
    server.use(sessionHandler(makeUser({ email: 'boss@example.com' })))
    const check = heldAdminCheck(true)
    renderApp('/products')

    await within(mainMenu()).findByRole('button', { name: 'Sign Out' })
    await expect.poll(check.asked).toBeGreaterThan(0)
    expect(dashboardLink()).toHaveAttribute('href', '/dashboard')
    expect(dashboardLink()).toHaveAttribute('aria-busy', 'true')

    check.answer()
    await expect.poll(() => dashboardLink().getAttribute('href')).toBe('/dashboard/overview')
    expect(dashboardLink()).not.toHaveAttribute('aria-busy')
  })

  test('a customer’s link is /dashboard throughout, and no longer busy once answered', async () => {
    server.use(sessionHandler(makeUser()))
    const check = heldAdminCheck(false)
    renderApp('/products')

    await within(mainMenu()).findByRole('button', { name: 'Sign Out' })
    expect(dashboardLink()).toHaveAttribute('aria-busy', 'true')
    expect(dashboardLink()).toHaveAttribute('href', '/dashboard')
    check.answer()
    await expect.poll(() => dashboardLink().hasAttribute('aria-busy')).toBe(false)
    expect(dashboardLink()).toHaveAttribute('href', '/dashboard')
  })

  test('a failing check (503) is no answer: asked again, said so, and the admin still gets the Overview', async () => {
    server.use(sessionHandler(makeUser({ email: 'boss@example.com' })))
    let calls = 0
    server.use(
      http.get('/api/admin/:email', () => {
        calls += 1
        // Retry-After 1 s keeps the test short; the notice shows while it waits.
        if (calls <= 2)
          return HttpResponse.json(
            { error: { code: 'UNAVAILABLE', message: 'Try again soon.' } },
            { status: 503, headers: { 'Retry-After': '1' } },
          )
        return HttpResponse.json({ admin: true })
      }),
    )
    renderApp('/products')

    expect(await screen.findByText(messages.site.connectionRetrying)).toBeInTheDocument()
    expect(dashboardLink()).toHaveAttribute('href', '/dashboard')
    expect(dashboardLink()).toHaveAttribute('aria-busy', 'true')
    // Still signed in: a passing failure is not "not admin".
    expect(within(mainMenu()).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument()

    await expect
      .poll(() => dashboardLink().getAttribute('href'), { timeout: 8000 })
      .toBe('/dashboard/overview')
    expect(calls).toBe(3)
  }, 15_000)
})
