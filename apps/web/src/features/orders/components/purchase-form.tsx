import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from '@/lib/toast'
import type { z } from 'zod'

import { formatMoney, fromCents, messages, PurchaseBodySchema, type Tool } from '@toolworks/shared'

import { PriceBreaksTable } from '@/components/ui/price-breaks-table'
import { TextField } from '@/components/ui/text-field'
import { ApiError } from '@/lib/api-error'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { madeToOrderText, priceFor, quantityMessage } from '@/lib/buying-rules'
import { getErrorMessage } from '@/lib/get-error-message'
import { paths } from '@/lib/paths'

import { useCreateOrder } from '../api/create-order'

const m = messages.ordering

// The shared body without the tool id, which comes from the page, not from an input.
const PurchaseFormSchema = PurchaseBodySchema.omit({ toolsId: true })
type PurchaseFormInput = z.input<typeof PurchaseFormSchema>
type PurchaseFormOutput = z.output<typeof PurchaseFormSchema>

const FIELDS = ['phone', 'address', 'purchaseQuantity'] as const

type PurchaseFormProps = {
  tool: Tool
  email: string
  name: string
  /** The stock changed (an order went through, or the server said it is short). */
  onStockChanged: () => void
  /**
   * Beside Purchase: the cart's Add to cart for the quantity entered, handed in by
   * the page; `blocked` when that quantity breaks the rules.
   */
  addToCart?: (quantity: number, blocked: boolean) => ReactNode
}

/** docs/product.md §2 Purchase page form: email and name read-only, phone, address and quantity. */
export function PurchaseForm({ tool, email, name, onStockChanged, addToCart }: PurchaseFormProps) {
  const createOrder = useCreateOrder()
  const [placed, setPlaced] = useState(false)
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<PurchaseFormInput, unknown, PurchaseFormOutput>({
    resolver: zodResolver(PurchaseFormSchema),
    defaultValues: { phone: '', address: '', purchaseQuantity: tool.minimum },
  })
  const quantity = useWatch({ control, name: 'purchaseQuantity' })
  const problem = quantityMessage(tool, quantity)
  // quantity × the unit price in force, in cents so 3 × 19.99 is 59.97 exactly.
  const line = Number.isInteger(quantity) && quantity >= 0 ? priceFor(tool, quantity) : null
  const total = line ? formatMoney(fromCents(line.lineTotalCents)) : null
  const split = line && problem === null ? madeToOrderText(tool, line) : null

  const onSubmit = (values: PurchaseFormOutput) => {
    if (quantityMessage(tool, values.purchaseQuantity) !== null) return
    setPlaced(false)
    createOrder.mutate(
      { toolsId: tool._id, ...values },
      {
        onSuccess: () => {
          toast.success(m.purchased)
          reset({ phone: '', address: '', purchaseQuantity: tool.minimum })
          setPlaced(true)
          onStockChanged()
        },
        onError: (error) => {
          if (
            error instanceof ApiError &&
            (error.code === 'OUT_OF_STOCK' || error.status === 404)
          ) {
            toast.error(error.message)
            onStockChanged()
            return
          }
          if (!applyFieldErrors(error, setError, FIELDS)) toast.error(getErrorMessage(error))
        },
      },
    )
  }

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField label={m.email} value={email} readOnly />
      <TextField label={m.name} value={name} readOnly />
      <TextField
        label={m.phone}
        type="tel"
        autoComplete="tel"
        required
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label={m.address}
        autoComplete="street-address"
        required
        error={errors.address?.message}
        {...register('address')}
      />
      <TextField
        label={m.quantity}
        type="number"
        inputMode="numeric"
        min={0}
        max={tool.madeToOrder ? undefined : tool.quantity}
        step={tool.packSize}
        required
        error={problem ?? errors.purchaseQuantity?.message}
        {...register('purchaseQuantity', { valueAsNumber: true })}
      />
      <PriceBreaksTable tool={tool} quantity={quantity} />
      {split && (
        <p className="text-sm" data-testid="made-to-order-split">
          {split}
        </p>
      )}
      <p aria-live="polite">
        <span className="text-sm text-base-content/70">{m.total}:</span>{' '}
        <span className="text-xl font-extrabold" data-testid="order-total">
          {total ?? '—'}
        </span>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="submit"
          className="btn btn-primary sm:flex-1"
          disabled={problem !== null || createOrder.isPending}
        >
          {createOrder.isPending && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          {m.purchaseButton}
        </button>
        {addToCart?.(quantity, problem !== null)}
      </div>
      {placed && (
        <div role="status" className="alert alert-success alert-soft flex flex-wrap gap-2">
          <span>{m.orderPlaced}</span>
          <Link to={paths.dashboard.myOrders()} className="link font-semibold">
            {m.goToMyOrders}
          </Link>
        </div>
      )}
    </form>
  )
}
