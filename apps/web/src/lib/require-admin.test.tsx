import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

describe('RequireAdmin and the dashboard per role', () => {
  test('signs a customer out of an admin route and sends them to /login', async () => {
    let signedOut = false
    server.use(
      sessionHandler(makeUser({ email: 'cust@example.com' })),
      http.post('/api/auth/sign-out', () => {
        signedOut = true
        server.use(sessionHandler(null))
        return HttpResponse.json({ success: true })
      }),
    )
    localStorage.setItem('accessToken', 'token-1')
    const { router } = renderApp('/dashboard/users')

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(signedOut).toBe(true)
    expect(localStorage.getItem('accessToken')).toBeNull()
  })

  test('an admin sees the admin heading and menu, without the customer pages', async () => {
    server.use(
      sessionHandler(makeUser({ email: 'boss@example.com' })),
      adminHandler(['boss@example.com']),
    )
    renderApp('/dashboard/users')

    expect(
      await screen.findByRole('heading', { level: 1, name: 'WELCOME TO ADMIN DASHBOARD' }),
    ).toBeInTheDocument()
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' })
    const labels = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(labels).toEqual([
      'My Profile',
      'Overview',
      'All Users',
      'Add Product',
      'Manage Product',
      'Categories',
      'Synonyms',
      'Manage Orders',
      'Messages',
      'Promotions',
      'Quote Requests',
      'Activity',
      'Exchange Rate',
    ])
    expect(await screen.findByRole('heading', { level: 2, name: /All Users/ })).toBeInTheDocument()
  })

  test('a customer sees the plain heading and the customer menu', async () => {
    server.use(sessionHandler(makeUser()))
    renderApp('/dashboard')

    expect(
      await screen.findByRole('heading', { level: 1, name: 'WELCOME TO DASHBOARD' }),
    ).toBeInTheDocument()
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' })
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['My Profile', 'My Orders', 'Add Review', 'My Quotes'])
  })
})
