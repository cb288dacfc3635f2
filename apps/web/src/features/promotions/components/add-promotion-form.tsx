import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from '@/lib/toast'

import { messages } from '@toolworks/shared'

import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'

import { useCreatePromotion } from '../api/create-promotion'
import { PromotionFields } from './promotion-fields'
import {
  EMPTY_PROMOTION,
  PROMOTION_FIELDS,
  PromotionFormSchema,
  type PromotionFormInput,
  type PromotionFormOutput,
} from './promotion-form-schema'

const m = messages.promotions

/**
 * Add promotion. The server's field messages go onto the inputs; any failure
 * keeps what was typed, so a 429 or a lost connection costs only another click.
 */
export function AddPromotionForm() {
  const create = useCreatePromotion()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<PromotionFormInput, unknown, PromotionFormOutput>({
    resolver: zodResolver(PromotionFormSchema),
    defaultValues: EMPTY_PROMOTION,
  })
  const kind = useWatch({ control, name: 'kind' })

  const onSubmit = (body: PromotionFormOutput) =>
    create.mutate(body, {
      onSuccess: () => {
        toast.success(m.created)
        reset(EMPTY_PROMOTION)
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, PROMOTION_FIELDS))
          toast.error(`${m.addFailed} ${getErrorMessage(error)}`)
      },
    })

  return (
    <form
      noValidate
      aria-label={m.addTitle}
      className="max-w-2xl space-y-4"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <PromotionFields register={register} errors={errors} kind={kind} />
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        {create.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        {m.add}
      </button>
    </form>
  )
}
