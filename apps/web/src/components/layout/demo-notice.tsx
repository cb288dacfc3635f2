import { useQuery } from '@tanstack/react-query'

import { messages } from '@toolworks/shared'

import { siteConfigQuery } from '@/lib/site-config'

/**
 * A strip above the header on every page while the server runs a payment backend in test mode
 * (the card sandbox, a stand-in gateway, demo bank details): nobody mistakes the demo shop for
 * one that takes money. The server puts its answer in every page's data block, so the notice is
 * in the first paint; nothing shows while it is unknown or when payments are real.
 */
export function DemoNotice() {
  const config = useQuery(siteConfigQuery())
  if (config.data?.simulatedPayments !== true) return null
  return (
    <p
      role="status"
      className="bg-warning px-4 py-1.5 text-center text-sm font-semibold text-warning-content"
    >
      {messages.site.demoShop}
    </p>
  )
}
