import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'

import {
  EXPORT_DOCUMENT_KINDS,
  ExportDocumentBodySchema,
  exportWords as w,
  type Order,
} from '@toolworks/shared'

import { EditDialog, useModalDialog } from '@/components/ui/edit-dialog'
import { TextField } from '@/components/ui/text-field'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'
import { toast } from '@/lib/toast'

import { useRecordExportDocument } from '../api/record-export-document'

type DocumentInput = z.input<typeof ExportDocumentBodySchema>
type DocumentOutput = z.output<typeof ExportDocumentBodySchema>

type ExportDocumentDialogProps = { order: Order; onClose: () => void }

/**
 * Records an export's airway or shipping bill (Manage Orders): the kind and the number, checked
 * by the route's own schema; the order can be marked shipped once it has one. A refusal shows in
 * the dialog and keeps what was typed.
 */
export function ExportDocumentDialog({ order, onClose }: ExportDocumentDialogProps) {
  const dialog = useModalDialog()
  const record = useRecordExportDocument()
  const kindId = useId()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DocumentInput, unknown, DocumentOutput>({
    resolver: zodResolver(ExportDocumentBodySchema),
    defaultValues: order.exportDocument ?? { kind: 'airway-bill', number: '' },
  })

  const onSubmit = (body: DocumentOutput) =>
    record.mutate(
      { orderId: order._id, body },
      {
        onSuccess: () => {
          toast.success(w.documentSaved)
          dialog.close()
        },
        onError: (error) => applyFieldErrors(error, setError, ['kind', 'number']),
      },
    )

  return (
    <EditDialog
      dialogRef={dialog.ref}
      onCancel={dialog.close}
      title={w.documentFor(order.orderNumber)}
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      pending={record.isPending}
      cancelLabel={w.documentCancel}
      saveLabel={w.documentSave}
    >
      {record.isError && (
        <p role="alert" className="alert alert-error alert-soft">
          {getErrorMessage(record.error)}
        </p>
      )}
      <div className="space-y-1">
        <label htmlFor={kindId} className="block text-sm font-semibold">
          {w.documentKind}
        </label>
        <select id={kindId} className="select w-full" {...register('kind')}>
          {EXPORT_DOCUMENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {w.documentKinds[kind]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={w.documentNumber}
        autoComplete="off"
        maxLength={64}
        error={errors.number?.message}
        {...register('number')}
      />
    </EditDialog>
  )
}
