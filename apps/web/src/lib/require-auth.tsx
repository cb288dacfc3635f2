import { messages } from '@toolworks/shared'
import { Navigate, Outlet, useLocation } from 'react-router'

import { useSession } from './auth'
import { paths } from './paths'

/** Route guard (docs/product.md §2): anonymous visitors go to /login, which brings them back after. */
export function RequireAuth() {
  const session = useSession()
  const location = useLocation()

  if (session.status === 'loading') {
    return (
      <p role="status" className="py-16 text-center text-base-content/70">
        <span className="loading loading-spinner loading-md mr-2 align-middle" aria-hidden="true" />
        {messages.site.checkingSession}
      </p>
    )
  }
  if (session.status === 'signed-out') {
    return <Navigate to={paths.login()} replace state={{ from: location }} />
  }
  return <Outlet />
}
