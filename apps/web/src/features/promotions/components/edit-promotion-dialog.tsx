import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from '@/lib/toast'

import { messages, type Promotion, type PromotionUpdateBody } from '@toolworks/shared'

import { EditDialog, useModalDialog } from '@/components/ui/edit-dialog'
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
  const dialog = useModalDialog()
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

  const onSubmit = (values: PromotionFormOutput) => {
    const body = changedFields(promotion, values)
    if (Object.keys(body).length === 0) {
      dialog.close()
      return
    }
    update.mutate(
      { id: promotion.id, body },
      {
        onSuccess: () => {
          toast.success(m.updated)
          dialog.close()
        },
        onError: (error) => {
          if (!applyFieldErrors(error, setError, PROMOTION_FIELDS))
            toast.error(`${m.saveFailed} ${getErrorMessage(error)}`)
        },
      },
    )
  }

  return (
    <EditDialog
      dialogRef={dialog.ref}
      onCancel={dialog.close}
      title={m.editTitle(promotion.title)}
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      pending={update.isPending}
      cancelLabel={m.cancel}
      saveLabel={m.save}
    >
      <PromotionFields register={register} errors={errors} kind={kind} />
    </EditDialog>
  )
}
