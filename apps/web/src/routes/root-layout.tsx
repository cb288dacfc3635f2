import { Outlet, ScrollRestoration, useMatch, useNavigation } from 'react-router'

import { messages } from '@toolworks/shared'

import { DashboardSidebarProvider } from '@/components/layout/dashboard-sidebar-context'
import { DemoNotice } from '@/components/layout/demo-notice'
import { Footer } from '@/components/layout/footer'
import { Header } from '@/components/layout/header'
import { ConnectionNotice } from '@/components/ui/connection-notice'
import { LazyCartButton, LazyCartSync } from '@/features/cart/components/lazy-cart'
import { LazySubscribeForm } from '@/features/contact/components/lazy-contact-forms'
import { useSignOutOnDenied } from '@/lib/sign-out-on-denied'

/** Header, main and footer around every screen. */
export function RootLayout() {
  const inDashboard = useMatch('/dashboard/*') !== null
  const navigating = useNavigation().state === 'loading'
  useSignOutOnDenied()

  return (
    <DashboardSidebarProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only rounded-field bg-primary font-semibold text-primary-content focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2"
        >
          {messages.site.skipToContent}
        </a>
        {navigating && (
          <div
            aria-hidden="true"
            className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-primary"
          />
        )}
        <DemoNotice />
        <Header showSidebarToggle={inDashboard} cart={<LazyCartButton />} />
        {/* At least a screen high: while a lazy screen loads, the footer waits below the fold, so
            its arrival moves nothing in view (CLS 0). */}
        <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
          <Outlet />
        </main>
        <Footer subscribe={<LazySubscribeForm />} />
        <ConnectionNotice />
        <LazyCartSync />
      </div>
      <ScrollRestoration />
    </DashboardSidebarProvider>
  )
}
