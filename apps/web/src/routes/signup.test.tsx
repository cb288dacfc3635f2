import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test, vi } from 'vitest'

import { messages, signUpWords } from '@toolworks/shared'

import { makeUser } from '@/testing/factories'
import { authErrorHandler, sessionHandler } from '@/testing/handlers/auth'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

/** The server's answer to every sign-up, new address or not: a user, no session. */
const generic = (body: { name: string; email: string }) =>
  HttpResponse.json({
    token: null,
    user: { id: 'u1', name: body.name, email: body.email, emailVerified: false, role: 'customer' },
  })

type Body = { name: string; email: string; password: string }

/**
 * Sign-up answers as the server does; sign-in answers with `signInAnswer` (by default 200 and,
 * from then on, a session for that email); the token call answers 'new-token'. Every call is
 * recorded in order.
 */
function shop(signInAnswer?: (attempt: number) => Response | undefined) {
  const calls: string[] = []
  let signIns = 0
  server.use(
    http.post('/api/auth/sign-up/email', async ({ request }) => {
      const body = (await request.json()) as Body
      calls.push(`sign-up ${body.name} ${body.email} ${body.password}`)
      return generic(body)
    }),
    http.post('/api/auth/sign-in/email', async ({ request }) => {
      const body = (await request.json()) as Body
      calls.push(`sign-in ${body.email} ${body.password}`)
      signIns += 1
      const refused = signInAnswer?.(signIns)
      if (refused) return refused
      server.use(sessionHandler(makeUser({ email: body.email })))
      return HttpResponse.json({ token: 'session', user: { email: body.email } })
    }),
    http.put('/api/user/:email', async ({ params, request }) => {
      calls.push(`token ${String(params.email)} ${JSON.stringify(await request.json())}`)
      return HttpResponse.json({ token: 'new-token' })
    }),
  )
  return calls
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string) {
  await user.type(await screen.findByLabelText('Name'), 'Jane Doe')
  await user.type(screen.getByLabelText('Email'), email)
  await user.type(screen.getByLabelText('Password'), 'secret1')
  await user.click(screen.getByRole('button', { name: 'SIGNUP' }))
}

describe('Signup', () => {
  test('shows the name, email and password messages', async () => {
    const { user } = renderApp('/signup')
    await user.click(await screen.findByRole('button', { name: 'SIGNUP' }))

    expect(await screen.findByText('name is required')).toBeInTheDocument()
    expect(screen.getByText('email is required')).toBeInTheDocument()
    expect(screen.getByText('password is required')).toBeInTheDocument()
  })

  test('signs up, signs in with the same details, stores the token and goes to /home', async () => {
    const calls = shop()
    const { user, router } = renderApp('/signup')
    await fillAndSubmit(user, 'jane.doe+tools@mail.example.company')

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(calls).toEqual([
      'sign-up Jane Doe jane.doe+tools@mail.example.company secret1',
      'sign-in jane.doe+tools@mail.example.company secret1',
      'token jane.doe+tools@mail.example.company {"email":"jane.doe+tools@mail.example.company"}',
    ])
    expect(localStorage.getItem('accessToken')).toBe('new-token')
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument()
  })

  test('signed in, it returns to the page the visitor came from', async () => {
    shop()
    const { user, router } = renderApp({
      pathname: '/signup',
      state: { from: { pathname: '/dashboard' } },
    })
    await fillAndSubmit(user, 'jane@example.com')

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(localStorage.getItem('accessToken')).toBe('new-token')
  })

  test('an address whose sign-in is refused (an account with another password) gets the mailbox notice, nothing else', async () => {
    const calls = shop(() =>
      HttpResponse.json(
        { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
        { status: 401 },
      ),
    )
    const { user, router } = renderApp('/signup')
    await fillAndSubmit(user, 'jane@example.com')

    expect(await screen.findByText(signUpWords.checkMailbox)).toHaveAttribute('role', 'status')
    // Nothing says whether the address had an account: no red sentence, no "log in instead".
    expect(screen.queryByRole('alert')).toBeNull()
    expect(router.state.location.pathname).toBe('/signup')
    expect(calls).toEqual([
      'sign-up Jane Doe jane@example.com secret1',
      'sign-in jane@example.com secret1',
    ])
    expect(localStorage.getItem('accessToken')).toBeNull()
  })

  test('an address that runs the shop gets no session: the same mailbox notice', async () => {
    const calls = shop(() =>
      HttpResponse.json(
        { code: 'EMAIL_NOT_VERIFIED', message: 'This address runs the shop…' },
        { status: 403 },
      ),
    )
    server.use(
      http.post('/api/auth/sign-up/email', () =>
        HttpResponse.json({ token: null, user: null, confirmEmail: true, message: 'x' }),
      ),
    )
    const { user, router } = renderApp('/signup')
    await fillAndSubmit(user, 'boss@example.com')

    expect(await screen.findByText(signUpWords.checkMailbox)).toHaveAttribute('role', 'status')
    expect(router.state.location.pathname).toBe('/signup')
    expect(calls).toEqual(['sign-in boss@example.com secret1'])
    expect(localStorage.getItem('accessToken')).toBeNull()
  })

  test('a sign-in that fails for a while keeps what was typed, says so, and the next press only signs in', async () => {
    const calls = shop((attempt) =>
      attempt === 1
        ? HttpResponse.json(
            { error: { code: 'RATE_LIMITED', message: 'Too many attempts; try again later.' } },
            { status: 429, headers: { 'Retry-After': '150' } },
          )
        : undefined,
    )
    const { user, router } = renderApp('/signup')
    await fillAndSubmit(user, 'jane@example.com')

    expect(await screen.findByRole('alert')).toHaveTextContent(
      signUpWords.signInFailed(
        'Too many attempts; try again in 3 minutes, or reset your password.',
      ),
    )
    expect(screen.getByLabelText('Name')).toHaveValue('Jane Doe')
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com')
    expect(screen.getByLabelText('Password')).toHaveValue('secret1')
    expect(router.state.location.pathname).toBe('/signup')

    await user.click(screen.getByRole('button', { name: 'SIGNUP' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    // Signed up once: a second sign-up would mail the owner that someone tried.
    expect(calls).toEqual([
      'sign-up Jane Doe jane@example.com secret1',
      'sign-in jane@example.com secret1',
      'sign-in jane@example.com secret1',
      'token jane@example.com {"email":"jane@example.com"}',
    ])
  })

  test('a server failure or no connection at the sign-in says so and keeps the details', async () => {
    shop((attempt) =>
      attempt === 1
        ? HttpResponse.json(
            { error: { code: 'INTERNAL', message: messages.errors.INTERNAL } },
            { status: 500 },
          )
        : HttpResponse.error(),
    )
    const { user } = renderApp('/signup')
    await fillAndSubmit(user, 'jane@example.com')

    expect(await screen.findByRole('alert')).toHaveTextContent(
      signUpWords.signInFailed(messages.errors.INTERNAL),
    )
    await user.click(screen.getByRole('button', { name: 'SIGNUP' }))
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        signUpWords.signInFailed(messages.errors.NETWORK),
      ),
    )
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com')
    expect(screen.getByLabelText('Password')).toHaveValue('secret1')
    expect(localStorage.getItem('accessToken')).toBeNull()
  })

  test('a refused sign-up (a bad name) shows its sentence and does not sign in', async () => {
    const calls = shop()
    server.use(authErrorHandler('sign-up/email', 400, 'INVALID_NAME', 'name is too long'))
    const { user } = renderApp('/signup')
    await fillAndSubmit(user, 'jane@example.com')

    expect(await screen.findByRole('alert')).toHaveTextContent('name is too long')
    expect(calls).toEqual([])
  })
})
