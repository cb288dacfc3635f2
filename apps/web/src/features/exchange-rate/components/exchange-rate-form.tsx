import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'

import {
  exchangeRateWords as w,
  ExchangeRateBodySchema,
  RATE_DECIMALS_MAX,
  RATE_PER_USD_MAX,
  RATE_PER_USD_MIN,
  rateChangePercent,
  shopDate,
} from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'
import { ApiError } from '@/lib/api-error'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { exchangeRateQuery } from '@/lib/currency'
import { getErrorMessage } from '@/lib/get-error-message'
import { toast } from '@/lib/toast'

import { useSetExchangeRate } from '../api/set-exchange-rate'

// The form asks for the rate and its date; the currency is always taka (the shared body's).
const RateFormSchema = ExchangeRateBodySchema.pick({ perUsd: true, effectiveFrom: true })
type RateForm = { perUsd: number; effectiveFrom: string }
const FIELDS = ['perUsd', 'effectiveFrom'] as const

/**
 * Set the taka rate: taka per US dollar, up to 4 decimals, from a date (today unless
 * changed). The server's field messages go under the inputs; other failures keep what was typed.
 * A change the server calls too big (409) is asked about, with how far it moves the rate in
 * force, and sent again with `confirm: true` only if the admin says so.
 */
export function ExchangeRateForm() {
  const save = useSetExchangeRate()
  const current = useQuery(exchangeRateQuery()).data
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RateForm>({
    resolver: zodResolver(RateFormSchema),
    defaultValues: { effectiveFrom: shopDate(new Date()) },
  })

  const onSubmit = (form: RateForm, confirm?: true) =>
    save.mutate(
      { currency: 'BDT', ...form, ...(confirm && { confirm }) },
      {
        onSuccess: () => toast.success(w.saved),
        onError: (error) => {
          if (!confirm && isUnconfirmedJump(error)) {
            if (askToConfirm(current?.perUsd, form.perUsd, error)) onSubmit(form, true)
            return
          }
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
      onSubmit={(event) => void handleSubmit((form) => onSubmit(form))(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={w.perUsd}
          type="number"
          inputMode="decimal"
          min={RATE_PER_USD_MIN}
          max={RATE_PER_USD_MAX}
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

const isUnconfirmedJump = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT'

/**
 * The admin's yes or no to a big change. The percent comes from the rate in force shown on the
 * page; without it (not loaded) the server's own sentence is asked.
 */
function askToConfirm(current: number | undefined, next: number, error: ApiError): boolean {
  const question =
    current === undefined ? error.message : w.confirmAsk(rateChangePercent(current, next))
  return window.confirm(question)
}
