import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'

import {
  CheckoutBodySchema,
  messages,
  type CartAnyLineInput,
  type PurchaseResponseSchema,
} from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'
import { ApiError } from '@/lib/api-error'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'
import { useHydrated } from '@/lib/use-hydrated'

import { useCheckout } from '../api/checkout'

const m = messages.cart

// Where it goes; the lines come from the cart, not from inputs.
const CheckoutFormSchema = CheckoutBodySchema.pick({ phone: true, address: true })
type CheckoutFormInput = z.input<typeof CheckoutFormSchema>
type CheckoutFormOutput = z.output<typeof CheckoutFormSchema>
const FIELDS = ['phone', 'address'] as const

/**
 * `lines.<i>.quantity` (issue 14) or `lines.<i>.quote` (a custom part, issue 15) → why, from a
 * refused checkout, by line index.
 */
export function lineErrorsOf(error: unknown): Map<number, string> {
  const found = new Map<number, string>()
  if (!(error instanceof ApiError)) return found
  for (const [field, why] of Object.entries(error.fields)) {
    const match = /^lines\.(\d+)\.(?:quantity|quote)$/.exec(field)
    if (match) found.set(Number(match[1]), why)
  }
  return found
}

type CheckoutFormProps = {
  lines: readonly CartAnyLineInput[]
  /** A line breaks a rule or is not loaded: the order cannot be placed yet. */
  blocked: boolean
  defaults: CheckoutFormOutput
  onPlaced: (answer: z.output<typeof PurchaseResponseSchema>) => void
  /** The server refused these lines (by index) and said why. */
  onLineErrors: (errors: Map<number, string>) => void
  /** The phone or the address was changed (on leaving the field): the discount may change. */
  onWhereChange?: (where: CheckoutFormOutput) => void
  /** Runs as the order is sent: the cart's waiting save goes first (issue 26). */
  beforeCheckout?: () => void
}

/** Checkout (issue 14): phone and address, then one order for every line. */
export function CheckoutForm({
  lines,
  blocked,
  defaults,
  onPlaced,
  onLineErrors,
  onWhereChange,
  beforeCheckout,
}: CheckoutFormProps) {
  const hydrated = useHydrated()
  const checkout = useCheckout()
  const [refusal, setRefusal] = useState<string | null>(null)
  const {
    register,
    getValues,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormOutput>({
    resolver: zodResolver(CheckoutFormSchema),
    defaultValues: defaults,
  })

  const onSubmit = (values: CheckoutFormOutput) => {
    setRefusal(null)
    onLineErrors(new Map())
    beforeCheckout?.()
    checkout.mutate(
      { lines: [...lines], ...values },
      {
        onSuccess: onPlaced,
        onError: (error) => {
          const lineErrors = lineErrorsOf(error)
          onLineErrors(lineErrors)
          const onFields = applyFieldErrors(error, setError, FIELDS)
          if (lineErrors.size > 0 || !onFields) setRefusal(getErrorMessage(error))
        },
      },
    )
  }

  return (
    <form
      noValidate
      aria-label={m.checkout}
      className="space-y-4"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <TextField
        label={messages.ordering.phone}
        type="tel"
        autoComplete="tel"
        required
        error={errors.phone?.message}
        {...register('phone', { onBlur: () => onWhereChange?.(getValues()) })}
      />
      <TextField
        label={messages.ordering.address}
        autoComplete="street-address"
        required
        error={errors.address?.message}
        {...register('address', { onBlur: () => onWhereChange?.(getValues()) })}
      />
      {refusal && (
        <p role="alert" className="alert alert-error alert-soft">
          {refusal}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={!hydrated || blocked || lines.length === 0 || checkout.isPending}
      >
        {checkout.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        {m.checkout}
      </button>
    </form>
  )
}
