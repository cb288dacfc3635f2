import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe, type StripeCardElementChangeEvent } from '@stripe/stripe-js'
import { useEffect, useId, useState } from 'react'

import { messages } from '@toolworks/shared'

import { PaymentFailure, usePaymentAttempt, type ConfirmOutcome } from './payment-attempt'

const m = messages.paymentPage

// One Stripe.js per publishable key for the page's life, as Stripe asks. A failed load
// resolves to null and is forgotten, so the next visit to the page tries again.
let loaded: { key: string; stripe: Promise<Stripe | null> } | null = null

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (loaded?.key !== publishableKey) {
    const stripe = loadStripe(publishableKey).catch(() => {
      loaded = null
      return null
    })
    loaded = { key: publishableKey, stripe }
  }
  return loaded.stripe
}

type StripeCardFormProps = {
  publishableKey: string
  orderId: string
  /** Undefined until create-payment-intent answers; Pay stays disabled until then. */
  clientSecret: string | undefined
  billing: { name: string; email: string }
  /** What Pay pays, written in the order's currency: the button names it. */
  amount: string
  onPaid: (transactionId: string) => void
}

type CardFieldsProps = Omit<StripeCardFormProps, 'publishableKey'>

/** Stripe's card element, confirmed with confirmCardPayment, then the order is marked paid. */
function StripeCardFields({ orderId, clientSecret, billing, amount, onPaid }: CardFieldsProps) {
  const stripe = useStripe()
  const elements = useElements()
  const labelId = useId()
  const [ready, setReady] = useState(false)
  const [complete, setComplete] = useState(false)
  const [cardError, setCardError] = useState<string | null>(null)
  const [loadError, setLoadError] = useState(false)
  const { pay, paying, failure } = usePaymentAttempt({ orderId, onPaid })

  const onChange = (event: StripeCardElementChangeEvent) => {
    setComplete(event.complete)
    setCardError(event.error?.message ?? null)
  }

  const confirm = async (): Promise<ConfirmOutcome> => {
    const card = elements?.getElement(CardElement)
    if (!stripe || !card || clientSecret === undefined) return { failure: m.cardFailed }
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
    })
    if (result.error) return { failure: result.error.message ?? m.cardFailed }
    if (result.paymentIntent.status !== 'succeeded') return { failure: m.notCompleted }
    return { intentId: result.paymentIntent.id }
  }

  const canPay =
    stripe !== null && elements !== null && ready && complete && clientSecret !== undefined

  return (
    <form
      noValidate
      className="max-w-md space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (canPay) void pay(confirm)
      }}
    >
      <div className="space-y-1">
        <p id={labelId} className="block text-sm font-semibold">
          {m.cardDetails}
        </p>
        <div
          role="group"
          aria-labelledby={labelId}
          className={['input w-full py-3', cardError !== null ? 'input-error' : ''].join(' ')}
        >
          <CardElement
            className="w-full"
            options={{ disabled: paying }}
            onReady={() => setReady(true)}
            onChange={onChange}
            onLoadError={() => setLoadError(true)}
          />
        </div>
        {cardError !== null && <p className="text-sm text-error">{cardError}</p>}
        {loadError && (
          <p role="alert" className="text-sm font-semibold text-error">
            {m.stripeLoadFailed}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={!canPay || paying}>
        {paying && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {m.payAmount(amount)}
      </button>
      <PaymentFailure message={failure} />
    </form>
  )
}

/** The Stripe provider's card form; Stripe.js loads only when this form shows. */
export function StripeCardForm({ publishableKey, ...fields }: StripeCardFormProps) {
  const stripe = stripeFor(publishableKey)
  const [loadFailed, setLoadFailed] = useState(false)

  useEffect(() => {
    let live = true
    void stripe.then((instance) => {
      if (live && instance === null) setLoadFailed(true)
    })
    return () => {
      live = false
    }
  }, [stripe])

  if (loadFailed) {
    return (
      <p role="alert" className="text-sm font-semibold text-error">
        {m.stripeLoadFailed}
      </p>
    )
  }
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...fields} />
    </Elements>
  )
}
