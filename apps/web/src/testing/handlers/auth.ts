import { http, HttpResponse } from 'msw'

import type { SessionUser } from '../factories'

/** Better Auth answers `null` when nobody is signed in. */
export function sessionHandler(user: SessionUser | null) {
  return http.get('/api/auth/get-session', () =>
    HttpResponse.json(user && { user, session: { id: `session-${user.id}`, userId: user.id } }),
  )
}

export const authHandlers = [
  sessionHandler(null),
  http.post('/api/auth/sign-out', () => HttpResponse.json({ success: true })),
]

/** Until Better Auth is mounted the endpoint is an unknown /api path: a JSON 404. */
export function sessionErrorHandler(status = 404) {
  return http.get('/api/auth/get-session', () =>
    HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'No such address' } }, { status }),
  )
}

/** Better Auth's error answer: `{ code, message }`. */
export function authErrorHandler(path: string, status: number, code: string, message: string) {
  return http.post(`/api/auth/${path}`, () => HttpResponse.json({ code, message }, { status }))
}
