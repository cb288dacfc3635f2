import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'

import {
  exchangeRateWords as w,
  ExchangeRateBodySchema,
  RATE_DECIMALS_MAX,
  shopDate,
} from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'
import { toast } from '@/lib/toast'

import { useSetExchangeRate } from '../api/set-exchange-rate'

// The form asks for the rate and its date; the currency is always taka (the shared body's).
const RateFormSchema = ExchangeRateBodySchema.pick({ perUsd: true, effectiveFrom: true })
type RateForm = { perUsd: number; effectiveFrom: string }
const FIELDS = ['perUsd', 'effectiveFrom'] as const

/**
 * Set the taka rate (issue 28): taka per US dollar, up to 4 decimals, from a date (today unless
 * changed). The server's field messages go under the inputs; other failures keep what was typed.
 */
export function ExchangeRateForm() {
  const save = useSetExchangeRate()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RateForm>({
    resolver: zodResolver(RateFormSchema),
    defaultValues: { effectiveFrom: shopDate(new Date()) },
  })

  const onSubmit = (form: RateForm) =>
    save.mutate(
      { currency: 'BDT', ...form },
      {
        onSuccess: () => toast.success(w.saved),
        onError: (error) => {
          if (!applyFieldErrors(error, setError, FIELDS))
            toast.error(`${w.saveFailed} ${getErrorMessage(error)}`)
        },
      },
    )

  return (
    <form
      noValidate
      aria-label={w.setTitle}
      className="max-w-2xl space-y-4"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={w.perUsd}
          type="number"
          inputMode="decimal"
          min={0.0001}
          step={10 ** -RATE_DECIMALS_MAX}
          error={errors.perUsd?.message}
          {...register('perUsd', { valueAsNumber: true })}
        />
        <TextField
          label={w.effectiveFrom}
          type="date"
          error={errors.effectiveFrom?.message}
          {...register('effectiveFrom')}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        {w.save}
      </button>
    </form>
  )
}
