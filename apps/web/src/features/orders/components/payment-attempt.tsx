import { useRef, useState } from 'react'
import { toast } from '@/lib/toast'

import { messages } from '@toolworks/shared'

import { getErrorMessage } from '@/lib/get-error-message'

import { useMarkOrderPaid } from '../api/mark-order-paid'

const m = messages.paymentPage

/** What a provider's confirmation ends in: the succeeded intent, or the provider's own text. */
export type ConfirmOutcome = { intentId: string } | { failure: string }

type PaymentAttemptOptions = {
  orderId: string
  onPaid: (transactionId: string) => void
}

/**
 * The part every card form shares: one payment at a time, the provider's
 * confirmation, then PATCH /api/purchase/{id} with the intent id, the toast and `onPaid`.
 * `pay` resolves true once the order is marked paid.
 */
export function usePaymentAttempt({ orderId, onPaid }: PaymentAttemptOptions) {
  const markPaid = useMarkOrderPaid()
  // A ref, not state: a second click in the same tick must see the payment already started.
  const inFlight = useRef(false)
  // An intent that succeeded but whose order was not marked yet is not confirmed again.
  const succeededIntent = useRef<string | null>(null)
  const [paying, setPaying] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const pay = async (confirm: () => Promise<ConfirmOutcome>): Promise<boolean> => {
    if (inFlight.current) return false
    inFlight.current = true
    setPaying(true)
    setFailure(null)
    try {
      let intentId = succeededIntent.current
      if (intentId === null) {
        const outcome = await confirm()
        if ('failure' in outcome) {
          setFailure(outcome.failure)
          return false
        }
        intentId = outcome.intentId
        succeededIntent.current = intentId
      }
      const order = await markPaid.mutateAsync({ orderId, transactionId: intentId })
      toast.success(m.paymentSuccessful)
      onPaid(order.transactionId ?? intentId)
      return true
    } catch (error) {
      // A 402 carries the provider's own text, e.g. "Your card was declined."
      setFailure(getErrorMessage(error))
      return false
    } finally {
      inFlight.current = false
      setPaying(false)
    }
  }

  return { pay, paying, failure }
}

/** The provider's refusal (or any other failure) under a card form. */
export function PaymentFailure({ message }: { message: string | null }) {
  if (message === null) return null
  return (
    <p role="alert" className="text-sm font-semibold text-error">
      {message}
    </p>
  )
}
