import { http, HttpResponse } from 'msw'

import { accountsContract, siteConfigContract } from '@toolworks/shared'

import type { Profile } from '@toolworks/shared'

import { makeProfile } from '../factories'

/** PUT /api/user/{email}: the server's bearer token for the signed-in email. */
export const tokenHandler = http.put(accountsContract.token.path, ({ params }) =>
  HttpResponse.json({ token: `token-for-${String(params.email)}` }),
)

/** GET /api/admin/{email}: `admins` lists the emails that are admins. */
export function adminHandler(admins: string[] = []) {
  return http.get(accountsContract.isAdmin.path, ({ params }) =>
    HttpResponse.json({ admin: admins.includes(String(params.email)) }),
  )
}

export function profileHandler(profile?: Partial<Profile>) {
  return http.get(accountsContract.profile.path, ({ request }) => {
    const email = new URL(request.url).searchParams.get('email') ?? ''
    return HttpResponse.json(makeProfile({ email, ...profile }))
  })
}

/**
 * GET /api/config. `simulatedPayments` is off unless a test asks: the demo shop's notice would
 * otherwise be one more status on every page under test.
 */
export function siteConfigHandler(googleSignIn: boolean, { simulatedPayments = false } = {}) {
  return http.get(siteConfigContract.get.path, () =>
    HttpResponse.json({
      googleSignIn,
      payments: 'sandbox',
      simulatedPayments,
      stripePublishableKey: null,
      orderHoldHours: 48,
      vatRatePercent: 15,
    }),
  )
}

export function deniedHandler(method: 'get' | 'put', path: string, status: 401 | 403 = 403) {
  return http[method](path, () =>
    HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'Forbidden' } }, { status }),
  )
}

export const accountsHandlers = [
  tokenHandler,
  adminHandler(),
  profileHandler(),
  siteConfigHandler(false),
  http.get(accountsContract.users.path, () => HttpResponse.json([])),
]
