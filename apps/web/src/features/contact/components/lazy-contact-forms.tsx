import { lazy, Suspense, useId } from 'react'

import { useHydrated } from '@/lib/use-hydrated'

import { SubscribeFormView } from './subscribe-form-view'

// The first-load budget: the forms bring react-hook-form and its resolver, which no first
// screen needs. They load right after the first render, each in a chunk of its own.
const SubscribeForm = lazy(async () => ({
  default: (await import('./subscribe-form')).SubscribeForm,
}))
const ContactForm = lazy(async () => ({
  default: (await import('./contact-form')).ContactForm,
}))

/**
 * The footer's subscribe form; its own markup stands in while the code loads, disabled, so
 * nothing can be typed into a box that is about to be replaced (it would be lost).
 */
export function LazySubscribeForm() {
  const id = useId()
  const standIn = <SubscribeFormView id={id} pending input={{ disabled: true }} />
  // The server's HTML and the hydration show the stand-in: a server-side Suspense boundary
  // would need an inline script to reveal it, which the CSP forbids.
  if (!useHydrated()) return standIn
  return (
    <Suspense fallback={standIn}>
      <SubscribeForm />
    </Suspense>
  )
}

/** Contact With Us, at the bottom of the home page: a box of its size stands in meanwhile. */
export function LazyContactForm() {
  const standIn = <div aria-hidden="true" className="min-h-[25rem] sm:min-h-[21rem]" />
  if (!useHydrated()) return standIn
  return (
    <Suspense fallback={standIn}>
      <ContactForm />
    </Suspense>
  )
}
