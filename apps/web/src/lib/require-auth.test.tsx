import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeUser } from '@/testing/factories'
import { sessionErrorHandler, sessionHandler } from '@/testing/handlers/auth'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

describe('RequireAuth', () => {
  test('sends an anonymous visitor of /dashboard to /login, remembering where they were going', async () => {
    const { router } = renderApp('/dashboard/myorder')

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/myorder' } })
  })

  test('treats a failing session endpoint as signed out', async () => {
    server.use(sessionErrorHandler(404))
    const { router } = renderApp('/purchase/tool-1')

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  test('lets a signed-in customer into the dashboard', async () => {
    server.use(sessionHandler(makeUser()))
    const { router } = renderApp('/dashboard')

    expect(await screen.findByRole('heading', { level: 2, name: 'My Profile' })).toBeInTheDocument()
    expect(
      screen.getByRole('heading', { level: 1, name: 'WELCOME TO DASHBOARD' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
  })
})
