import { useQuery } from '@tanstack/react-query'

import { messages } from '@toolworks/shared'

import { useSession } from '@/lib/auth'
import { siteConfigQuery } from '@/lib/site-config'

import { holdEnd } from '../utils/hold-end'

const m = messages.ordering

/**
 * For a buyer whose e-mail is not verified: until when an unpaid order holds its
 * stock, and that verifying keeps orders for ORDER_HOLD_HOURS. Nothing for anyone else.
 */
export function HoldNotice({ payBy }: { payBy: string | null }) {
  const session = useSession()
  const config = useQuery(siteConfigQuery())
  if (!payBy || session.user?.emailVerified !== false || !config.data) return null
  return (
    <p className="text-xs text-amber-800" data-testid="hold-notice">
      <time dateTime={payBy}>{m.heldUntil(holdEnd(payBy), config.data.orderHoldHours)}</time>
    </p>
  )
}
