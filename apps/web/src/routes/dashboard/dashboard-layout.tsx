import { useEffect } from 'react'
import { NavLink, Outlet } from 'react-router'

import { messages } from '@toolworks/shared'

import {
  DASHBOARD_SIDEBAR_ID,
  useDashboardSidebar,
} from '@/components/layout/dashboard-sidebar-context'
import { PageLoader } from '@/components/ui/page-loader'
import { useIsAdmin } from '@/lib/auth'

import { dashboardMenu } from './dashboard-menu'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'menu-active font-semibold' : 'font-medium'

export function DashboardLayout() {
  const sidebar = useDashboardSidebar()
  const { open, close } = sidebar
  const adminStatus = useIsAdmin()
  const isAdmin = adminStatus === 'admin'

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && close()
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, close])

  if (adminStatus === 'loading') return <PageLoader />

  return (
    // On a phone the seed's welcome stays small, so the page's own title is in view.
    <div className="page-container py-4 sm:py-10">
      <h1 className="page-title max-sm:text-lg">
        {isAdmin ? messages.dashboard.welcomeAdmin : messages.dashboard.welcome}
      </h1>
      <div className="title-rule max-sm:mt-2" />
      <div className="mt-4 sm:mt-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        {open && (
          <div
            aria-hidden="true"
            className="fixed inset-x-0 top-16 bottom-0 z-30 bg-black/40 lg:hidden"
            onClick={close}
          />
        )}
        <nav
          id={DASHBOARD_SIDEBAR_ID}
          aria-label={messages.site.dashboardMenu}
          className={[
            'fixed top-16 bottom-0 left-0 z-30 w-72 max-w-[85vw] overflow-y-auto bg-base-100 p-3 shadow-xl transition-transform',
            open ? 'visible translate-x-0' : 'invisible -translate-x-full',
            'lg:visible lg:static lg:z-auto lg:w-auto lg:max-w-none lg:translate-x-0 lg:rounded-box lg:border lg:border-base-300 lg:shadow-sm',
          ].join(' ')}
        >
          <ul className="menu w-full gap-1">
            {dashboardMenu(isAdmin).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={linkClass} onClick={close}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
          <Outlet />
        </section>
      </div>
    </div>
  )
}
