import { RETURN_PATH_PARAM, returnPathOf } from '@toolworks/shared'
import type { Location } from 'react-router'

import { paths } from './paths'

type Origin = { from: Partial<Location> }

/**
 * Where the visitor was going when asked to sign in: RequireAuth remembers it in the history
 * state; the server, which sends a signed-out visitor from a purchase page straight to the login,
 * puts it in `?from=`, a path of this site only.
 */
export function signInOrigin(location: { state: unknown; search: string }): Origin | null {
  const from = (location.state as Partial<Origin> | null)?.from
  if (from) return { from }
  const path = returnPathOf(new URLSearchParams(location.search).get(RETURN_PATH_PARAM))
  if (!path) return null
  // Any base will do (only the path's parts are kept), and the server renders this too.
  const url = new URL(path, 'http://site.invalid')
  return { from: { pathname: url.pathname, search: url.search, hash: url.hash } }
}

/**
 * docs/product.md §2: after login or signup the user returns to the origin RequireAuth remembered, or
 * to / when the origin was the login or signup page; with no origin, /home.
 */
export function redirectAfterSignIn(state: unknown): string {
  const from = (state as Partial<Origin> | null)?.from
  const pathname = from?.pathname ?? '/home'
  if (pathname === paths.login() || pathname === paths.signup()) return paths.home()
  return pathname + (from?.search ?? '') + (from?.hash ?? '')
}
