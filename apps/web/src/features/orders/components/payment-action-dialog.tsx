import { useState, type FormEvent } from 'react'

import {
  AdminCancelBodySchema,
  MarkReceivedBodySchema,
  paymentAdminWords,
  RefundSentBodySchema,
  STATEMENT_LINE_MAX,
  type Order,
} from '@toolworks/shared'

import { EditDialog, useModalDialog } from '@/components/ui/edit-dialog'
import { TextField } from '@/components/ui/text-field'
import { TextareaField } from '@/components/ui/textarea-field'
import { ApiError } from '@/lib/api-error'
import { getErrorMessage } from '@/lib/get-error-message'
import { toast } from '@/lib/toast'

import { usePaymentAdminAction, type PaymentAdminAction } from '../api/payment-admin'

const w = paymentAdminWords

/** The Manage Orders actions that ask for details first. */
export type PaymentDialogKind = 'mark-received' | 'cancel' | 'refund-sent'

/** Today in the browser's own calendar, as YYYY-MM-DD. */
function today(): string {
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

const firstIssues = (issues: { path: PropertyKey[]; message: string }[]) => {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '')
    errors[key] ??= issue.message
  }
  return errors
}

type PaymentActionDialogProps = { kind: PaymentDialogKind; order: Order; onClose: () => void }

/**
 * Mark received (bank reference, the amount as the statement shows it: the field starts empty,
 * so the admin types what arrived and the server compares it with what is due; the statement
 * line may be pasted, and the server refuses one naming another order; date received: today),
 * Cancel (a reason; a paid order's money goes back) and Refund sent (the outgoing reference).
 * A server refusal shows in the dialog and keeps everything typed.
 */
export function PaymentActionDialog({ kind, order, onClose }: PaymentActionDialogProps) {
  const dialog = useModalDialog()
  const action = usePaymentAdminAction()
  const [reference, setReference] = useState('')
  const [amount, setAmount] = useState('')
  const [statementLine, setStatementLine] = useState('')
  const [receivedOn, setReceivedOn] = useState(today)
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})

  const name = `${order.tools}, ${order.customer}`
  const title =
    kind === 'mark-received'
      ? w.markReceivedTitle(name)
      : kind === 'cancel'
        ? w.cancelTitle(name)
        : w.refundSentTitle(name)
  const saveLabel =
    kind === 'mark-received' ? w.markReceived : kind === 'cancel' ? w.cancel : w.refundSent
  const done =
    kind === 'mark-received' ? w.received : kind === 'cancel' ? w.cancelled : w.refundRecorded

  function build(): PaymentAdminAction | null {
    const orderId = order._id
    if (kind === 'mark-received') {
      const parsed = MarkReceivedBodySchema.safeParse({
        reference,
        amount: amount.trim() === '' ? Number.NaN : Number(amount),
        receivedOn,
        ...(statementLine.trim() !== '' && { statementLine }),
      })
      if (parsed.success) return { kind, orderId, body: parsed.data }
      setErrors(firstIssues(parsed.error.issues))
      return null
    }
    if (kind === 'cancel') {
      const parsed = AdminCancelBodySchema.safeParse({ reason })
      if (parsed.success) return { kind, orderId, body: parsed.data }
      setErrors(firstIssues(parsed.error.issues))
      return null
    }
    const parsed = RefundSentBodySchema.safeParse({ reference })
    if (parsed.success) return { kind, orderId, body: parsed.data }
    setErrors(firstIssues(parsed.error.issues))
    return null
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setErrors({})
    const request = build()
    if (request === null) return
    action.mutate(request, {
      onSuccess: () => {
        toast.success(done)
        dialog.close()
      },
      // The server's word on a field (an amount that differs, a line naming another order)
      // goes under that field too.
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields)
      },
    })
  }

  return (
    <EditDialog
      dialogRef={dialog.ref}
      onCancel={dialog.close}
      title={title}
      onClose={onClose}
      onSubmit={submit}
      pending={action.isPending}
      cancelLabel={w.close}
      saveLabel={saveLabel}
    >
      {action.isError && (
        <p role="alert" className="alert alert-error alert-soft">
          {getErrorMessage(action.error)}
        </p>
      )}
      {kind === 'cancel' && (
        <>
          <p className="text-sm">{order.paid ? w.cancelPaidNote : w.cancelUnpaidNote}</p>
          <TextField
            label={w.cancelReason}
            value={reason}
            maxLength={500}
            error={errors.reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </>
      )}
      {(kind === 'mark-received' || kind === 'refund-sent') && (
        <TextField
          label={kind === 'mark-received' ? w.bankReference : w.outgoingReference}
          value={reference}
          maxLength={64}
          autoComplete="off"
          error={errors.reference}
          onChange={(event) => setReference(event.target.value)}
        />
      )}
      {kind === 'mark-received' && (
        <>
          <TextField
            label={w.amountReceived}
            value={amount}
            inputMode="decimal"
            error={errors.amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <TextField
            label={w.receivedOn}
            type="date"
            value={receivedOn}
            error={errors.receivedOn}
            onChange={(event) => setReceivedOn(event.target.value)}
          />
          <TextareaField
            label={w.statementLine}
            hint={w.statementLineHint}
            value={statementLine}
            rows={3}
            maxLength={STATEMENT_LINE_MAX}
            error={errors.statementLine}
            onChange={(event) => setStatementLine(event.target.value)}
          />
        </>
      )}
    </EditDialog>
  )
}
