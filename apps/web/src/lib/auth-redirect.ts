import type { Location } from 'react-router'

import { paths } from './paths'

/**
 * SPEC.md §2: after login or signup the user returns to the origin RequireAuth remembered, or
 * to / when the origin was the login or signup page; with no origin, /home.
 */
export function redirectAfterSignIn(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from
  const pathname = from?.pathname ?? '/home'
  if (pathname === paths.login() || pathname === paths.signup()) return paths.home()
  return pathname + (from?.search ?? '') + (from?.hash ?? '')
}
