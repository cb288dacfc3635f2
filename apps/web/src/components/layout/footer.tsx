import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { messages } from '@toolworks/shared'

import { paths } from '@/lib/paths'

import { AccountLinks } from './account-links'
import { LogoMark } from './logo-mark'

const linkClass = 'rounded-field text-neutral-content/80 hover:text-white hover:underline'

/** Every page's footer (docs/product.md §2). The subscribe form comes from a feature, so it is a slot. */
export function Footer({ subscribe }: { subscribe: ReactNode }) {
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="h-1 bg-[repeating-linear-gradient(135deg,var(--color-primary)_0_12px,var(--color-neutral)_12px_24px)]" />
      <div className="page-container grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-1">
          <p className="flex items-center gap-2 text-lg font-extrabold text-white">
            <LogoMark className="size-7" />
            {messages.nav.brand}
          </p>
          <p className="mt-3 text-sm text-neutral-content/80">{messages.home.heroEyebrow}</p>
        </div>
        <nav aria-label={messages.footer.shop}>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">
            {messages.footer.shop}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to={paths.products()} className={linkClass}>
                {messages.nav.products}
              </Link>
            </li>
            <li>
              <Link to={paths.blogs()} className={linkClass}>
                {messages.nav.blogs}
              </Link>
            </li>
            <li>
              <Link to={paths.about()} className={linkClass}>
                {messages.nav.about}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={messages.footer.account}>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">
            {messages.footer.account}
          </h2>
          <ul className="mt-3 space-y-2">
            <AccountLinks
              linkClass={linkClass}
              signedIn={
                <li>
                  <Link to={paths.dashboard.root()} className={linkClass}>
                    {messages.nav.dashboard}
                  </Link>
                </li>
              }
            />
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">
            {messages.footer.newsletter}
          </h2>
          <p className="mt-3 text-sm text-neutral-content/80">{messages.footer.newsletterText}</p>
          <div className="mt-3">{subscribe}</div>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="page-container py-5 text-sm text-neutral-content/70">
          © {new Date().getFullYear()} {messages.footer.copyright}
        </p>
      </div>
    </footer>
  )
}
