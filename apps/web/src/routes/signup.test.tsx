import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test, vi } from 'vitest'

import { makeUser } from '@/testing/factories'
import { authErrorHandler, sessionHandler } from '@/testing/handlers/auth'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

describe('Signup', () => {
  test('shows the name, email and password messages', async () => {
    const { user } = renderApp('/signup')
    await user.click(await screen.findByRole('button', { name: 'SIGNUP' }))

    expect(await screen.findByText('name is required')).toBeInTheDocument()
    expect(screen.getByText('email is required')).toBeInTheDocument()
    expect(screen.getByText('password is required')).toBeInTheDocument()
  })

  test('calls sign-up, then PUT /api/user/{email}, stores the token and goes to /home', async () => {
    const calls: string[] = []
    server.use(
      http.post('/api/auth/sign-up/email', async ({ request }) => {
        const body = (await request.json()) as { name: string; email: string; password: string }
        calls.push(`sign-up ${body.name} ${body.email} ${body.password}`)
        server.use(sessionHandler(makeUser({ email: body.email, name: body.name })))
        return HttpResponse.json({ token: null })
      }),
      http.put('/api/user/:email', async ({ params, request }) => {
        calls.push(`token ${String(params.email)} ${JSON.stringify(await request.json())}`)
        return HttpResponse.json({ token: 'new-token' })
      }),
    )
    const { user, router } = renderApp('/signup')
    await user.type(await screen.findByLabelText('Name'), 'Jane Doe')
    await user.type(screen.getByLabelText('Email'), 'jane.doe+tools@mail.example.company')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'SIGNUP' }))

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(calls).toEqual([
      'sign-up Jane Doe jane.doe+tools@mail.example.company secret1',
      'token jane.doe+tools@mail.example.company {"email":"jane.doe+tools@mail.example.company"}',
    ])
    expect(localStorage.getItem('accessToken')).toBe('new-token')
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument()
  })

  test('an email already in use shows a red sentence', async () => {
    server.use(
      authErrorHandler(
        'sign-up/email',
        422,
        'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
        'User already exists. Use another email.',
      ),
    )
    const { user } = renderApp('/signup')
    await user.type(await screen.findByLabelText('Name'), 'Jane')
    await user.type(screen.getByLabelText('Email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'SIGNUP' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists. Please log in.',
    )
  })

  test('an address that runs the shop gets no session: the form says to open the mailed link', async () => {
    const calls: string[] = []
    server.use(
      http.post('/api/auth/sign-up/email', () =>
        HttpResponse.json({ token: null, user: null, confirmEmail: true, message: 'x' }),
      ),
      http.put('/api/user/:email', () => {
        calls.push('token')
        return HttpResponse.json({ token: 'new-token' })
      }),
    )
    const { user, router } = renderApp('/signup')
    await user.type(await screen.findByLabelText('Name'), 'Boss')
    await user.type(screen.getByLabelText('Email'), 'boss@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'SIGNUP' }))

    expect(
      await screen.findByText(/Almost done: we e-mailed a link to this address\./),
    ).toHaveAttribute('role', 'status')
    expect(router.state.location.pathname).toBe('/signup')
    expect(calls).toEqual([])
    expect(localStorage.getItem('accessToken')).toBeNull()
  })
})
