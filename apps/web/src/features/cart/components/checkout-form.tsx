import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'

import {
  addDeliveryIssues,
  CheckoutFieldsSchema,
  checkoutTaxWords as t,
  deliveryAddressText,
  exportRefusals,
  messages,
  SHOP_COUNTRY,
  structuredDelivery,
  type OrderCurrency,
  type CartAnyLineInput,
  type PurchaseResponseSchema,
} from '@toolworks/shared'

import { DeliveryFields } from '@/components/ui/delivery-fields'
import { TextField } from '@/components/ui/text-field'
import { ApiError } from '@/lib/api-error'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'
import { useHydrated } from '@/lib/use-hydrated'

import { useCheckout } from '../api/checkout'

const m = messages.cart

// Where it goes; the lines come from the cart, not from inputs. The screen always sends the
// delivery block, so its street, city and postcode are required here; the API
// still takes the seed's one `address` string from other clients.
const CheckoutFormFields = CheckoutFieldsSchema.pick({
  phone: true,
  company: true,
  street: true,
  city: true,
  postcode: true,
  country: true,
  bin: true,
})
/**
 * The fields' rules, and the export rule the server applies (packages/shared/src/export-orders.ts)
 * for the header's currency: the buyer hears it before sending. The form has no currency input,
 * so that refusal shows on the country.
 */
const checkoutFormSchema = (currency: OrderCurrency) =>
  CheckoutFormFields.superRefine((values, ctx) => {
    addDeliveryIssues(ctx, structuredDelivery(values, { required: true }).issues)
    const refusals = exportRefusals({ country: values.country, currency, city: values.city })
    addDeliveryIssues(
      ctx,
      refusals.map((r) => ({
        path: r.path === 'currency' ? 'country' : r.path,
        message: r.message,
      })),
    )
  })
type CheckoutFormInput = z.input<typeof CheckoutFormFields>
type CheckoutFormOutput = z.output<typeof CheckoutFormFields>
/** Where the order goes, as the cart's totals need it. */
export type CheckoutWhere = { phone: string; address: string; country: string }
const FIELDS = ['phone', 'company', 'street', 'city', 'postcode', 'country', 'bin'] as const
/** What the checkout starts from (the profile, else the last order: routes/cart.tsx). */
export type CheckoutDefaults = {
  phone: string
  company: string
  street: string
  city: string
  postcode: string
  country: string
  bin: string
}

/**
 * Where the order goes as the server will read it: the block's text is the `address` the
 * first-order discount compares, so the cart's estimate asks with the same words.
 */
export function whereOf(values: Partial<CheckoutDefaults>): CheckoutWhere {
  const country = values.country || SHOP_COUNTRY
  const { block } = structuredDelivery(values)
  return {
    phone: values.phone ?? '',
    address: block ? deliveryAddressText(block, country) : (values.street ?? ''),
    country,
  }
}

/**
 * `lines.<i>.quantity` or `lines.<i>.quote` (a custom part) → why, from a
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
  defaults: CheckoutDefaults
  /** The currency the order is placed and paid in: the header's switch. */
  currency: OrderCurrency
  onPlaced: (answer: z.output<typeof PurchaseResponseSchema>) => void
  /** The server refused these lines (by index) and said why. */
  onLineErrors: (errors: Map<number, string>) => void
  /** The phone or the address was changed (on leaving the field): the discount may change. */
  onWhereChange?: (where: CheckoutWhere) => void
  /** Runs as the order is sent: the cart's waiting save goes first. */
  beforeCheckout?: () => void
}

/**
 * Checkout: phone and the delivery block (company, address, city, postcode,
 * country), then one order for every line.
 */
export function CheckoutForm({
  lines,
  blocked,
  defaults,
  onPlaced,
  onLineErrors,
  onWhereChange,
  beforeCheckout,
  currency,
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
    // The where-fields are read as typed (getValues), before the schema has run.
    resolver: zodResolver(checkoutFormSchema(currency)),
    defaultValues: defaults,
  })

  const where = (): CheckoutWhere => whereOf(getValues())
  const changedWhere = () => onWhereChange?.(where())

  const onSubmit = (values: CheckoutFormOutput) => {
    setRefusal(null)
    onLineErrors(new Map())
    beforeCheckout?.()
    checkout.mutate(
      { lines: [...lines], ...values, bin: values.bin ?? '', currency },
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
        {...register('phone', { onBlur: changedWhere })}
      />
      {/* The street line keeps the seed's label, "Address". */}
      <DeliveryFields
        streetLabel={messages.ordering.address}
        required
        country={{ label: t.country, hint: t.countryHint }}
        fields={{
          company: register('company'),
          street: register('street', { onBlur: changedWhere }),
          city: register('city', { onBlur: changedWhere }),
          postcode: register('postcode', { onBlur: changedWhere }),
          country: register('country', { onChange: changedWhere }),
        }}
        errors={{
          company: errors.company?.message,
          street: errors.street?.message,
          city: errors.city?.message,
          postcode: errors.postcode?.message,
          country: errors.country?.message,
        }}
      />
      <TextField
        label={t.bin}
        inputMode="numeric"
        placeholder="000123456-0101"
        error={errors.bin?.message}
        {...register('bin')}
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
