import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'

function usersServer(makeAdminStatus: 200 | 403 = 200) {
  let users = [
    { _id: 'u3', email: 'new@example.com', name: 'Newest', role: 'customer' },
    { _id: 'u2', email: admin, name: 'Boss', role: 'admin' },
    { _id: 'u1', email: 'old@example.com', name: 'Oldest', role: 'customer' },
  ]
  server.use(
    sessionHandler(makeUser({ email: admin })),
    adminHandler([admin]),
    http.get('/api/users', () => HttpResponse.json(users)),
    http.put('/api/user/admin/:email', ({ params }) => {
      if (makeAdminStatus === 403)
        return HttpResponse.json(
          { error: { code: 'FORBIDDEN', message: 'Forbidden' } },
          { status: 403 },
        )
      users = users.map((u) => (u.email === params.email ? { ...u, role: 'admin' } : u))
      return HttpResponse.json({ modifiedCount: 1 })
    }),
  )
}

describe('All Users', () => {
  test('lists users newest first with the count, Make Admin hidden for admins', async () => {
    usersServer()
    renderApp('/dashboard/users')

    expect(
      await screen.findByRole('heading', { level: 2, name: 'All Users (3)' }),
    ).toBeInTheDocument()
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'new@example.com',
      admin,
      'old@example.com',
    ])
    expect(within(rows[1]!).queryByRole('button', { name: /Make Admin/ })).toBeNull()
    expect(within(rows[0]!).getByRole('button', { name: /Make Admin/ })).toBeInTheDocument()
  })

  test('Make Admin toasts success and refreshes the list', async () => {
    usersServer()
    const { user } = renderApp('/dashboard/users')
    await user.click(await screen.findByRole('button', { name: 'Make Admin: new@example.com' }))

    expect(await screen.findByText('sucessfully made admin')).toBeInTheDocument()
    await screen.findByText('All Users (3)')
    await expect
      .poll(() => screen.queryByRole('button', { name: 'Make Admin: new@example.com' }))
      .toBeNull()
  })

  test('Make Admin answered 403 toasts the failure and keeps the admin signed in', async () => {
    usersServer(403)
    const { user, router } = renderApp('/dashboard/users')
    await user.click(await screen.findByRole('button', { name: 'Make Admin: new@example.com' }))

    expect(await screen.findByText('Failed to make admin')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/users')
  })

  test('a 401 on the users list signs the user out and goes to /', async () => {
    usersServer()
    let signedOut = false
    server.use(
      http.get('/api/users', () =>
        HttpResponse.json({ error: { code: 'UNAUTHENTICATED', message: 'No' } }, { status: 401 }),
      ),
      http.post('/api/auth/sign-out', () => {
        signedOut = true
        return HttpResponse.json({ success: true })
      }),
    )
    localStorage.setItem('accessToken', 'stale')
    const { router } = renderApp('/dashboard/users')

    await expect.poll(() => router.state.location.pathname).toBe('/')
    expect(signedOut).toBe(true)
    expect(localStorage.getItem('accessToken')).toBeNull()
  })
})
