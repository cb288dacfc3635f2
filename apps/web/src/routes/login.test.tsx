import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test, vi } from 'vitest'

import { browser } from '@/lib/browser'
import { makeUser } from '@/testing/factories'
import { siteConfigHandler } from '@/testing/handlers/accounts'
import { authErrorHandler, sessionHandler } from '@/testing/handlers/auth'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

/** Sign-in that answers 200 and, from then on, a session for that email. */
function signInSucceeds() {
  const seen: string[] = []
  server.use(
    http.post('/api/auth/sign-in/email', async ({ request }) => {
      const body = (await request.json()) as { email: string }
      seen.push(`sign-in ${body.email}`)
      server.use(sessionHandler(makeUser({ email: body.email })))
      return HttpResponse.json({ user: { email: body.email } })
    }),
    http.put('/api/user/:email', ({ params }) => {
      seen.push(`token ${String(params.email)}`)
      return HttpResponse.json({ token: 'the-token' })
    }),
  )
  return seen
}

describe('Login', () => {
  test('shows each validation message under its field', async () => {
    const { user } = renderApp('/login')
    await user.click(await screen.findByRole('button', { name: 'Login' }))

    expect(await screen.findByText('email is required')).toBeInTheDocument()
    expect(screen.getByText('password is required')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Email'), 'not-an-email')
    await user.type(screen.getByLabelText('Password'), '12345')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect(await screen.findByText('provide valid email')).toBeInTheDocument()
    expect(screen.getByText('must be 6 character long')).toBeInTheDocument()
  })

  test('a wrong password shows a red sentence, not a code', async () => {
    server.use(
      authErrorHandler(
        'sign-in/email',
        401,
        'INVALID_EMAIL_OR_PASSWORD',
        'Invalid email or password',
      ),
    )
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Wrong email or password.')
    expect(alert).toHaveClass('text-error')
  })

  test('too many attempts shows the rate-limit sentence', async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json(
          { message: 'Too many requests. Please try again later.' },
          { status: 429 },
        ),
      ),
    )
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    )
  })

  test('an e-mail over its sign-in limit says when to try again, or to reset the password', async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json(
          { error: { code: 'RATE_LIMITED', message: 'Too many attempts; try again later.' } },
          { status: 429, headers: { 'Retry-After': '150' } },
        ),
      ),
    )
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts; try again in 3 minutes, or reset your password.',
    )
  })

  test('a successful login stores the access token and returns to the origin', async () => {
    const seen = signInSucceeds()
    const { user, router } = renderApp({
      pathname: '/login',
      state: { from: { pathname: '/dashboard' } },
    })
    await user.type(await screen.findByLabelText('Email'), 'Jane@Example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect(
      await screen.findByRole('heading', { level: 1, name: 'WELCOME TO DASHBOARD' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(localStorage.getItem('accessToken')).toBe('the-token')
    expect(seen).toEqual(['sign-in jane@example.com', 'token jane@example.com'])
  })

  test('sent by the server (?from=), it returns to that path of this site, and only to one', async () => {
    signInSucceeds()
    const { user, router } = renderApp('/login?from=%2Fdashboard%3Ftab%3D1')
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(router.state.location.search).toBe('?tab=1')
  })

  test.each(['//evil.example/x', '/.//evil.example', '/./\\evil.example', '/a/..//evil.example'])(
    'a ?from= that leads off this site (%s) is ignored: the login goes to /home',
    async (from) => {
      signInSucceeds()
      const { user, router } = renderApp(`/login?from=${encodeURIComponent(from)}`)
      await user.type(await screen.findByLabelText('Email'), 'jane@example.com')
      await user.type(screen.getByLabelText('Password'), 'secret1')
      await user.click(screen.getByRole('button', { name: 'Login' }))
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    },
  )

  test('goes to / when the origin was the signup page', async () => {
    signInSucceeds()
    const { user, router } = renderApp({
      pathname: '/login',
      state: { from: { pathname: '/signup' } },
    })
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(localStorage.getItem('accessToken')).toBe('the-token')
  })

  test('Reset password asks for a link for the typed email and says one is on its way', async () => {
    let asked: unknown
    server.use(
      http.post('/api/auth/request-password-reset', async ({ request }) => {
        asked = await request.json()
        return HttpResponse.json({ status: true })
      }),
    )
    const { user } = renderApp('/login')
    await user.click(await screen.findByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText('email is required')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Email'), 'jane@example.com')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))

    expect(
      await screen.findByText('If this email has an account, a reset link is on its way.'),
    ).toBeInTheDocument()
    expect(asked).toEqual({ email: 'jane@example.com', redirectTo: '/reset-password' })
  })

  test('Continue with Google says it is not configured when the shop has no Google sign-in', async () => {
    const { user } = renderApp('/login')
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in is not configured on this shop.',
    )
  })

  test('Continue with Google goes to the address the server returns', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined)
    let body: unknown
    server.use(
      siteConfigHandler(true),
      http.post('/api/auth/sign-in/social', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ url: 'https://accounts.example/auth?x=1', redirect: true })
      }),
    )
    const { user } = renderApp({ pathname: '/login', state: { from: { pathname: '/products' } } })
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }))

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/auth?x=1'))
    expect(body).toEqual({
      provider: 'google',
      callbackURL: `${window.location.origin}/products`,
    })
    assign.mockRestore()
  })
})
