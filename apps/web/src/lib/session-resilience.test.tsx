import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionErrorHandler, sessionHandler } from '@/testing/handlers/auth'
import { renderApp, testQueryClient } from '@/testing/render'
import { server } from '@/testing/server'

const NOTICE = 'Connection trouble, retrying…'

/** Answers the first `times` session reads with `failure`, the later ones with `then`. */
function sessionFailsThen(
  times: number,
  failure: () => Response,
  then: ReturnType<typeof http.get>,
) {
  let calls = 0
  server.use(
    http.get('/api/auth/get-session', () => {
      calls += 1
      return calls <= times ? failure() : undefined
    }),
    then,
  )
  return () => calls
}

/** Every value the session query held, in order: `null` would mean "signed out" was shown. */
function recordSessions() {
  const queryClient = testQueryClient()
  const values: unknown[] = []
  queryClient.getQueryCache().subscribe((event) => {
    const [key] = event.query.queryKey as readonly unknown[]
    if (key === 'session' && event.type === 'updated') {
      values.push(event.query.state.data)
    }
  })
  return { queryClient, values }
}

/** Counts sign-outs; none may happen in these tests but the ones that expect it. */
function countSignOuts() {
  let count = 0
  server.use(
    http.post('/api/auth/sign-out', () => {
      count += 1
      return HttpResponse.json({ success: true })
    }),
  )
  return () => count
}

describe('the session check through a passing failure', () => {
  test('503, then 200: the dashboard loads signed in, never signed out in between, with the notice meanwhile', async () => {
    const user = makeUser({ email: 'steady@example.com' })
    const calls = sessionFailsThen(
      1,
      () => HttpResponse.json({ error: { code: 'UNAVAILABLE', message: 'x' } }, { status: 503 }),
      sessionHandler(user),
    )
    const signOuts = countSignOuts()
    localStorage.setItem('accessToken', 'token-1')
    const { queryClient, values } = recordSessions()
    const { router } = renderApp('/dashboard', { queryClient })

    expect(await screen.findByText(NOTICE)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 2, name: 'My Profile' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(calls()).toBe(2)
    expect(values).not.toContain(null)
    expect(values.at(-1)).toMatchObject({ email: 'steady@example.com' })
    expect(signOuts()).toBe(0)
    expect(localStorage.getItem('accessToken')).toBe('token-1')
    expect(screen.queryByText(NOTICE)).toBeNull()
  })

  test('429 with Retry-After is asked again, and the visitor ends signed in', async () => {
    const calls = sessionFailsThen(
      1,
      () =>
        HttpResponse.json(
          { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
          { status: 429, headers: { 'Retry-After': '1' } },
        ),
      sessionHandler(makeUser()),
    )
    const { queryClient, values } = recordSessions()
    localStorage.setItem('accessToken', 'token-1')
    const { router } = renderApp('/dashboard', { queryClient })

    await expect.poll(() => calls(), { timeout: 5000 }).toBe(2)
    await expect.poll(() => values.at(-1), { timeout: 5000 }).toBeTruthy()
    expect(values).not.toContain(null)
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(await screen.findByRole('heading', { level: 2, name: 'My Profile' })).toBeInTheDocument()
  })

  test('a dropped connection is asked again, not taken for signed out', async () => {
    const calls = sessionFailsThen(1, () => HttpResponse.error(), sessionHandler(makeUser()))
    const { queryClient, values } = recordSessions()
    localStorage.setItem('accessToken', 'token-1')
    const { router } = renderApp('/dashboard', { queryClient })

    expect(await screen.findByRole('heading', { level: 2, name: 'My Profile' })).toBeInTheDocument()
    expect(calls()).toBe(2)
    expect(values).not.toContain(null)
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  test('a null session is signed out: the guard sends the visitor to /login', async () => {
    server.use(sessionHandler(null))
    const { router } = renderApp('/dashboard')

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  test('a 401 from the session read is signed out too, without a retry', async () => {
    let calls = 0
    server.use(
      http.get('/api/auth/get-session', () => {
        calls += 1
        return undefined
      }),
      sessionErrorHandler(401),
    )
    const { router } = renderApp('/dashboard')

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(calls).toBe(1)
    expect(screen.queryByText(NOTICE)).toBeNull()
  })
})

describe('the admin check through a passing failure', () => {
  test('503 on the admin check: RequireAdmin does not sign out and shows the page once the retry succeeds', async () => {
    const email = 'boss@example.com'
    let adminCalls = 0
    server.use(
      sessionHandler(makeUser({ email })),
      http.get('/api/admin/:email', () => {
        adminCalls += 1
        return adminCalls === 1
          ? HttpResponse.json({ error: { code: 'UNAVAILABLE', message: 'x' } }, { status: 503 })
          : undefined
      }),
      adminHandler([email]),
    )
    const signOuts = countSignOuts()
    localStorage.setItem('accessToken', 'token-1')
    const { router } = renderApp('/dashboard/users')

    expect(await screen.findByText(NOTICE)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 2, name: /All Users/ })).toBeInTheDocument()
    expect(adminCalls).toBe(2)
    expect(signOuts()).toBe(0)
    expect(router.state.location.pathname).toBe('/dashboard/users')
    expect(localStorage.getItem('accessToken')).toBe('token-1')
  })

  test('a 403 on the admin check is a definite no: the customer is signed out and sent to /login', async () => {
    server.use(
      sessionHandler(makeUser({ email: 'cust@example.com' })),
      http.get('/api/admin/:email', () =>
        HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'x' } }, { status: 403 }),
      ),
    )
    const signOuts = countSignOuts()
    localStorage.setItem('accessToken', 'token-1')
    const { router } = renderApp('/dashboard/users')

    await expect.poll(() => router.state.location.pathname).toBe('/login')
    expect(signOuts()).toBe(1)
    expect(localStorage.getItem('accessToken')).toBeNull()
  })
})
