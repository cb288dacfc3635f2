import type { ReactNode } from 'react'
import { NavLink, type NavLinkProps } from 'react-router'

import { messages } from '@toolworks/shared'

import { useSession } from '@/lib/auth'
import { paths } from '@/lib/paths'

type AccountLinksProps = {
  linkClass: NavLinkProps['className']
  /** What a signed-in person sees instead of Login (the header: Sign Out). */
  signedIn: ReactNode
  /** After Login is followed (the header closes its menu). */
  onDone?: () => void
}

/**
 * Login, or the signed-in links, as the session says: the header and the footer
 * both render this from the one session query, so they never disagree. While the session is
 * being checked neither shows: a signed-in buyer must not see Login for a moment.
 */
export function AccountLinks({ linkClass, signedIn, onDone }: AccountLinksProps) {
  const session = useSession()
  if (session.status === 'loading') return null
  if (session.status === 'signed-in') return signedIn
  return (
    <li>
      <NavLink to={paths.login()} className={linkClass} onClick={onDone}>
        {messages.nav.login}
      </NavLink>
    </li>
  )
}
