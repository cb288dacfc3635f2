import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from 'react-toastify'
import type { z } from 'zod'

import {
  formatMoney,
  fromCents,
  messages,
  PurchaseBodySchema,
  toCents,
  unitPriceCents,
  type Tool,
} from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'
import { ApiError } from '@/lib/api-error'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'
import { paths } from '@/lib/paths'

import { useCreateOrder } from '../api/create-order'
import { PriceBreaksTable } from './price-breaks-table'

const m = messages.ordering

// The shared body without the tool id, which comes from the page, not from an input.
const PurchaseFormSchema = PurchaseBodySchema.omit({ toolsId: true })
type PurchaseFormInput = z.input<typeof PurchaseFormSchema>
type PurchaseFormOutput = z.output<typeof PurchaseFormSchema>

const FIELDS = ['phone', 'address', 'purchaseQuantity'] as const

/** Why this quantity cannot be ordered, or null when it can (SPEC.md §5, issues 4 and 14). */
export function quantityProblem(
  quantity: number,
  tool: Pick<Tool, 'quantity' | 'minimum' | 'packSize'>,
) {
  if (!Number.isInteger(quantity) || quantity > tool.quantity) return m.invalidQuantity
  if (quantity < 1 || quantity < tool.minimum) return messages.orderRules.belowMinimum(tool.minimum)
  if (quantity % tool.packSize !== 0) return messages.orderRules.packMultiple(tool.packSize)
  return null
}

/** quantity × the unit price in force (price breaks), in cents so 3 × 19.99 is 59.97 exactly. */
function orderTotal(quantity: number, tool: Pick<Tool, 'price' | 'priceBreaks'>): string | null {
  if (!Number.isInteger(quantity) || quantity < 0) return null
  const unit = unitPriceCents(
    {
      priceCents: toCents(tool.price),
      priceBreaks: tool.priceBreaks.map((b) => ({
        minQuantity: b.minQuantity,
        priceCents: toCents(b.price),
      })),
    },
    quantity,
  )
  return formatMoney(fromCents(unit * quantity))
}

type PurchaseFormProps = {
  tool: Tool
  email: string
  name: string
  /** The stock changed (an order went through, or the server said it is short). */
  onStockChanged: () => void
}

/** SPEC.md §2 Purchase page form: email and name read-only, phone, address and quantity. */
export function PurchaseForm({ tool, email, name, onStockChanged }: PurchaseFormProps) {
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
  const problem = quantityProblem(quantity, tool)
  const total = orderTotal(quantity, tool)

  const onSubmit = (values: PurchaseFormOutput) => {
    if (quantityProblem(values.purchaseQuantity, tool)) return
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
        max={tool.quantity}
        step={tool.packSize}
        required
        error={problem ?? errors.purchaseQuantity?.message}
        {...register('purchaseQuantity', { valueAsNumber: true })}
      />
      <PriceBreaksTable tool={tool} quantity={quantity} />
      <p aria-live="polite">
        <span className="text-sm text-base-content/70">{m.total}:</span>{' '}
        <span className="text-xl font-extrabold" data-testid="order-total">
          {total ?? '—'}
        </span>
      </p>
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={problem !== null || createOrder.isPending}
      >
        {createOrder.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        {m.purchaseButton}
      </button>
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
