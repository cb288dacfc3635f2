import { useState, type KeyboardEvent, type ReactNode } from 'react'
import { Link, NavLink, useMatch } from 'react-router'

import { messages } from '@toolworks/shared'

import { useIsAdmin, useSignOut } from '@/lib/auth'
import { paths } from '@/lib/paths'
import { useHydrated } from '@/lib/use-hydrated'
import { useReplayedClick } from '@/lib/use-replayed-click'

import { AccountLinks } from './account-links'
import { CurrencySwitch } from './currency-switch'
import { DASHBOARD_SIDEBAR_ID, useDashboardSidebar } from './dashboard-sidebar-context'
import { LogoMark } from './logo-mark'
import { MenuIcon } from './menu-icon'
import { SidebarIcon } from './sidebar-icon'

const MAIN_MENU_ID = 'main-menu'

const links = [
  { to: paths.home(), label: messages.nav.home, end: true },
  { to: paths.products(), label: messages.nav.products, end: false },
  { to: paths.quote(), label: messages.nav.customParts, end: false },
  { to: paths.dashboard.root(), label: messages.nav.dashboard, end: false },
  { to: paths.about(), label: messages.nav.about, end: false },
]

const linkClass = ({ isActive }: { isActive: boolean }) =>
  [
    // From 1024 px the links, the currency switch and the cart share the bar: tighter until 1280.
    'block rounded-field px-3 py-2 font-semibold transition-colors hover:bg-white/10 hover:text-white whitespace-nowrap lg:px-2 xl:px-3',
    isActive ? 'text-primary' : 'text-neutral-content',
  ].join(' ')

type HeaderProps = {
  showSidebarToggle: boolean
  /** The cart's button: a feature, so the layout hands it in. */
  cart?: ReactNode
}

export function Header({ showSidebarToggle, cart }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const sidebar = useDashboardSidebar()
  const signOut = useSignOut({ redirectTo: paths.home() })
  // The admin's dashboard opens on the Overview; customers keep /dashboard (My
  // Profile). The link stays lit on every dashboard screen. Until the admin check has answered
  // it points to /dashboard, a page both may open, and says it is not final
  // (aria-busy); a check failing for a passing reason is asked again under the connection
  // notice, and is never taken for "not admin".
  const adminStatus = useIsAdmin()
  const adminDashboard = adminStatus === 'admin'
  const inDashboard = useMatch('/dashboard/*') !== null
  const targetOf = (to: string) =>
    to === paths.dashboard.root() && adminDashboard ? paths.dashboard.overview() : to
  const classOf = (to: string) =>
    to === paths.dashboard.root()
      ? ({ isActive }: { isActive: boolean }) => linkClass({ isActive: isActive || inDashboard })
      : linkClass
  const toggleMenu = () => setMenuOpen((open) => !open)
  // A tap on the phone's menu button before hydration is held by the boot script and replayed
  // here once React owns the button (lib/event-replay.ts).
  const hydrated = useHydrated()
  useReplayedClick(MAIN_MENU_ID, toggleMenu, hydrated)
  const closeMenu = () => {
    setMenuOpen(false)
    sidebar.close()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) closeMenu()
  }

  return (
    <header
      className="sticky top-0 z-40 bg-neutral text-neutral-content shadow-md"
      onKeyDown={onKeyDown}
    >
      <div className="page-container flex h-16 items-center gap-2">
        {showSidebarToggle && (
          <button
            type="button"
            className="btn btn-ghost btn-square text-neutral-content hover:bg-white/10 lg:hidden"
            aria-label={messages.site.dashboardMenu}
            aria-expanded={sidebar.open}
            aria-controls={DASHBOARD_SIDEBAR_ID}
            onClick={sidebar.toggle}
          >
            <SidebarIcon />
          </button>
        )}
        <Link
          to={paths.home()}
          className="flex items-center gap-2 rounded-field text-xl font-extrabold tracking-tight text-white"
          onClick={closeMenu}
        >
          <LogoMark className="size-8 shrink-0" />
          {messages.nav.brand}
        </Link>
        <button
          type="button"
          className="btn btn-ghost btn-square ml-auto text-neutral-content hover:bg-white/10 lg:hidden"
          aria-label={messages.site.mainMenu}
          aria-expanded={menuOpen}
          aria-controls={MAIN_MENU_ID}
          data-replay={hydrated ? undefined : MAIN_MENU_ID}
          onClick={toggleMenu}
        >
          <MenuIcon open={menuOpen} />
        </button>
        <nav
          id={MAIN_MENU_ID}
          aria-label={messages.site.mainMenu}
          className={[
            menuOpen ? 'block' : 'hidden',
            'absolute inset-x-0 top-16 border-t border-white/10 bg-neutral px-4 pb-4 shadow-md',
            'lg:static lg:ml-auto lg:block lg:border-0 lg:p-0 lg:shadow-none',
          ].join(' ')}
        >
          <ul className="flex flex-col gap-1 lg:flex-row lg:items-center">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={targetOf(link.to)}
                  aria-busy={
                    link.to === paths.dashboard.root() && adminStatus === 'loading'
                      ? true
                      : undefined
                  }
                  end={link.end}
                  className={classOf(link.to)}
                  onClick={closeMenu}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="mt-2 lg:hidden">
              <CurrencySwitch />
            </li>
            <AccountLinks
              linkClass={linkClass}
              onDone={closeMenu}
              signedIn={
                <li className="mt-2 lg:mt-0 lg:ml-2">
                  <button
                    type="button"
                    className="btn btn-primary btn-sm whitespace-nowrap"
                    disabled={signOut.isPending}
                    onClick={() => signOut.mutate(undefined, { onSettled: closeMenu })}
                  >
                    {messages.nav.signOut}
                  </button>
                </li>
              }
            />
          </ul>
        </nav>
        {/* Beside the menu from 1024 px. Below, the links and the switch sit in the menu: with the
            switch the bar needs about 890 px, so a tablet gets the phone's menu. */}
        <div className="hidden lg:block">
          <CurrencySwitch />
        </div>
        {cart}
      </div>
    </header>
  )
}
