import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from '@/lib/toast'

import { messages, type Promotion, type PromotionUpdateBody } from '@toolworks/shared'

import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'

import { useUpdatePromotion } from '../api/update-promotion'
import { PromotionFields } from './promotion-fields'
import {
  PROMOTION_FIELDS,
  PromotionFormSchema,
  promotionFormValues,
  type PromotionFormInput,
  type PromotionFormOutput,
} from './promotion-form-schema'

const m = messages.promotions

/** Only what differs from the promotion, so an edit never overwrites a field it did not touch. */
function changedFields(promotion: Promotion, values: PromotionFormOutput): PromotionUpdateBody {
  const body: Record<string, unknown> = {}
  for (const key of PROMOTION_FIELDS) if (values[key] !== promotion[key]) body[key] = values[key]
  return body
}

type EditPromotionDialogProps = { promotion: Promotion; onClose: () => void }

/**
 * Edit a promotion in a modal dialog, prefilled. Sends `PUT /api/promotion/{id}` with only the
 * changed fields; the server checks the promotion they make and its messages go onto inputs.
 */
export function EditPromotionDialog({ promotion, onClose }: EditPromotionDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const update = useUpdatePromotion()
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<PromotionFormInput, unknown, PromotionFormOutput>({
    resolver: zodResolver(PromotionFormSchema),
    defaultValues: promotionFormValues(promotion),
  })
  const kind = useWatch({ control, name: 'kind' })

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])

  const onSubmit = (values: PromotionFormOutput) => {
    const body = changedFields(promotion, values)
    if (Object.keys(body).length === 0) {
      dialog.current?.close()
      return
    }
    update.mutate(
      { id: promotion.id, body },
      {
        onSuccess: () => {
          toast.success(m.updated)
          dialog.current?.close()
        },
        onError: (error) => {
          if (!applyFieldErrors(error, setError, PROMOTION_FIELDS))
            toast.error(`${m.saveFailed} ${getErrorMessage(error)}`)
        },
      },
    )
  }

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-w-2xl">
        <h3 id={titleId} className="text-lg font-bold">
          {m.editTitle(promotion.title)}
        </h3>
        <form
          noValidate
          className="mt-4 space-y-4"
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        >
          <PromotionFields register={register} errors={errors} kind={kind} />
          <div className="modal-action">
            <button type="button" className="btn" onClick={() => dialog.current?.close()}>
              {m.cancel}
            </button>
            <button type="submit" className="btn btn-primary" disabled={update.isPending}>
              {update.isPending && (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              )}
              {m.save}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  )
}
