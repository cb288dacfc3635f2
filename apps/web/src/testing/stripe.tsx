import type { CardElementProps } from '@stripe/react-stripe-js'
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { vi } from 'vitest'

/**
 * Stand-ins for Stripe.js and its React bindings, for `vi.mock`:
 *
 *   vi.mock('@stripe/stripe-js', async () => (await import('@/testing/stripe')).stripeJsMock)
 *   vi.mock('@stripe/react-stripe-js', async () => (await import('@/testing/stripe')).reactStripeMock)
 *
 * Nothing reaches js.stripe.com. `fakeStripe.confirmCardPayment` is what each test answers.
 */
export const fakeStripe = { confirmCardPayment: vi.fn() }

/** What `elements.getElement(CardElement)` gives, so a test can see it was passed on. */
export const fakeCardElement = { fake: 'card-element' }

const fakeElements = { getElement: () => fakeCardElement }

const StripeContext = createContext<typeof fakeStripe | null>(null)

type ElementsProps = { stripe: PromiseLike<unknown> | null; children: ReactNode }

function Elements({ stripe, children }: ElementsProps) {
  const [loaded, setLoaded] = useState<typeof fakeStripe | null>(null)
  useEffect(() => {
    let live = true
    void Promise.resolve(stripe).then((instance) => {
      if (live && instance !== null) setLoaded(instance as typeof fakeStripe)
    })
    return () => {
      live = false
    }
  }, [stripe])
  return <StripeContext value={loaded}>{children}</StripeContext>
}

/**
 * Mounts once Stripe has loaded and then reports ready, as Stripe's iframe does. Typing
 * "4242" into it makes it complete; anything else leaves it incomplete.
 */
function CardElement({ onReady, onChange, options }: CardElementProps) {
  const stripe = useContext(StripeContext)
  useEffect(() => {
    if (stripe !== null) onReady?.({} as never)
  }, [stripe, onReady])
  if (stripe === null) return null
  return (
    <input
      aria-label="Stripe card (test double)"
      disabled={options?.disabled}
      onChange={(event) => {
        void onChange?.({
          elementType: 'card',
          complete: event.target.value === '4242',
          empty: event.target.value === '',
          error: undefined,
          value: { postalCode: '' },
          brand: 'visa',
        } as never)
      }}
    />
  )
}

export const stripeJsMock = {
  loadStripe: vi.fn((_publishableKey: string) => Promise.resolve(fakeStripe)),
}

export const reactStripeMock = {
  Elements,
  CardElement,
  useStripe: (): typeof fakeStripe | null => useContext(StripeContext),
  useElements: () => (useContext(StripeContext) === null ? null : fakeElements),
}
