import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

describe('Header', () => {
  test('the mobile menu toggle opens and closes the main menu', async () => {
    const { user } = renderApp('/products')
    const toggle = screen.getByRole('button', { name: 'Main menu' })
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '')

    expect(menu).not.toBeNull()
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  test('lists the main links in order, Custom Parts leading to Request a Quote', () => {
    renderApp('/products')
    const nav = screen.getByRole('navigation', { name: 'Main menu' })

    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(links.slice(0, 5)).toEqual([
      ['Home', '/'],
      ['Products', '/products'],
      ['Custom Parts', '/quote'],
      ['Dashboard', '/dashboard'],
      ['About Us', '/myportfolio'],
    ])
  })

  test('Dashboard takes an admin to the Overview', async () => {
    server.use(
      sessionHandler(makeUser({ email: 'boss@example.com' })),
      adminHandler(['boss@example.com']),
    )
    renderApp('/products')
    const nav = screen.getByRole('navigation', { name: 'Main menu' })
    await expect
      .poll(() => within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href'))
      .toBe('/dashboard/overview')
  })

  test('Dashboard stays /dashboard for a signed-in customer', async () => {
    server.use(sessionHandler(makeUser()), adminHandler([]))
    renderApp('/products')
    const nav = screen.getByRole('navigation', { name: 'Main menu' })
    expect(await within(nav).findByRole('button', { name: 'Sign Out' })).toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  })

  test('shows Login to a visitor', async () => {
    renderApp('/products')
    const nav = screen.getByRole('navigation', { name: 'Main menu' })

    expect(await within(nav).findByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login',
    )
    expect(within(nav).queryByRole('button', { name: 'Sign Out' })).toBeNull()
  })

  test('shows Sign Out instead of Login to a signed-in customer', async () => {
    server.use(sessionHandler(makeUser()))
    renderApp('/products')
    const nav = screen.getByRole('navigation', { name: 'Main menu' })

    expect(await within(nav).findByRole('button', { name: 'Sign Out' })).toBeInTheDocument()
    expect(within(nav).queryByRole('link', { name: 'Login' })).toBeNull()
  })

  test('Sign Out signs out at the server, forgets the access token and shows Login again', async () => {
    let signedOut = false
    server.use(
      sessionHandler(makeUser()),
      http.post('/api/auth/sign-out', () => {
        signedOut = true
        return HttpResponse.json({ success: true })
      }),
    )
    localStorage.setItem('accessToken', 'token-1')
    const { user } = renderApp('/products')
    const nav = screen.getByRole('navigation', { name: 'Main menu' })

    await user.click(await within(nav).findByRole('button', { name: 'Sign Out' }))

    expect(await within(nav).findByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(signedOut).toBe(true)
    expect(localStorage.getItem('accessToken')).toBeNull()
  })

  test('the dashboard sidebar toggle appears only on dashboard pages', async () => {
    server.use(sessionHandler(makeUser()))
    const { user } = renderApp('/dashboard')

    const toggle = await screen.findByRole('button', { name: 'Dashboard menu' })
    expect(toggle).toHaveAttribute('aria-controls', 'dashboard-sidebar')
    await screen.findByRole('navigation', { name: 'Dashboard menu' })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')

    const nav = screen.getByRole('navigation', { name: 'Main menu' })
    await user.click(within(nav).getByRole('link', { name: 'Products' }))
    expect(screen.queryByRole('button', { name: 'Dashboard menu' })).toBeNull()
  })
})
