import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useFieldArray, useForm, type Path } from 'react-hook-form'
import type { z } from 'zod'

import {
  QUOTE_OFFER_LINES_MAX,
  QuoteOfferBodySchema,
  quoteValidUntilDefault,
  quoteValidUntilProblem,
  shopDate,
  type QuoteRequest,
  quoteWords,
} from '@toolworks/shared'

import { TextField } from '@/components/ui/text-field'
import { TextareaField } from '@/components/ui/textarea-field'
import { applyFieldErrors } from '@/lib/apply-field-errors'
import { getErrorMessage } from '@/lib/get-error-message'

import { useSendOffer } from '../api/admin-send-offer'

const m = quoteWords

/**
 * The shared body, plus what the server also checks against the shop's today, with the same
 * function (`quoteValidUntilProblem` in packages/shared): Valid until is not in the past and at
 * most QUOTE_VALID_DAYS_MAX days ahead.
 */
const AdminQuoteFormSchema = QuoteOfferBodySchema.extend({
  validUntil: QuoteOfferBodySchema.shape.validUntil.superRefine((date, ctx) => {
    const problem = quoteValidUntilProblem(date, new Date())
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }),
})
type FormInput = z.input<typeof AdminQuoteFormSchema>
type FormOutput = z.output<typeof AdminQuoteFormSchema>

/**
 * A first quote: one line per requested quantity, prices to fill in, Valid until 14 days ahead.
 * A revision: the latest offer as it stands.
 */
function defaultsFor(quote: QuoteRequest) {
  const latest = quote.status === 'quoted' ? quote.offer : null
  if (latest)
    return {
      lines: latest.lines.map(({ quantity, unitPrice }) => ({ quantity, unitPrice })),
      leadTimeDays: latest.leadTimeDays,
      validUntil: latest.validUntil,
      note: latest.note,
    }
  return {
    lines: quote.quantities.map((quantity) => ({ quantity, unitPrice: undefined })),
    leadTimeDays: undefined,
    validUntil: quoteValidUntilDefault(new Date()),
    note: '',
  }
}

/**
 * The admin's quote form: Unit price per quantity line (more lines up to
 * QUOTE_OFFER_LINES_MAX), Lead time (days), Valid until, Note to customer, Send quote. Shown
 * while the request is Requested, or Quoted ("Revise the quote"). What was typed stays when the
 * server refuses or cannot be reached.
 */
export function AdminQuoteForm({ quote }: { quote: QuoteRequest }) {
  const send = useSendOffer()
  const revising = quote.status === 'quoted' && quote.offer !== null
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(AdminQuoteFormSchema),
    defaultValues: defaultsFor(quote),
  })
  const lines = useFieldArray({ control, name: 'lines' })

  const onSubmit = (body: FormOutput) => {
    setFailure(null)
    send.mutate(
      { id: quote._id, body },
      {
        // The toast is the hook's (useSendOffer): this form is keyed by the offer, so the
        // answer remounts it and a callback given to mutate() here would never run.
        onError: (error) => {
          const known = [
            'lines',
            'leadTimeDays',
            'validUntil',
            'note',
            ...lines.fields.flatMap((_, i) => [`lines.${i}.quantity`, `lines.${i}.unitPrice`]),
          ] as Path<FormInput>[]
          if (!applyFieldErrors(error, setError, known))
            setFailure(`${m.quoteFailed} ${getErrorMessage(error)}`)
        },
      },
    )
  }

  const title = revising ? m.reviseFormTitle : m.quoteFormTitle
  const linesError = errors.lines?.message ?? errors.lines?.root?.message
  return (
    <form
      noValidate
      aria-label={title}
      className="space-y-4"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <h3 className="text-lg font-semibold">{title}</h3>
      <fieldset className="space-y-3">
        <legend className="sr-only">{m.quantities}</legend>
        {lines.fields.map((field, index) => (
          <div key={field.id} className="grid items-start gap-3 sm:grid-cols-3">
            <TextField
              label={m.lineQuantity(index + 1)}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              error={errors.lines?.[index]?.quantity?.message}
              {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
            />
            <TextField
              label={m.lineUnitPrice(index + 1)}
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              error={errors.lines?.[index]?.unitPrice?.message}
              {...register(`lines.${index}.unitPrice`, { valueAsNumber: true })}
            />
            {lines.fields.length > 1 && (
              <div className="self-end">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm text-error"
                  aria-label={m.removeLine(index + 1)}
                  onClick={() => lines.remove(index)}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </div>
            )}
          </div>
        ))}
        {linesError && <p className="text-sm text-error">{linesError}</p>}
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={lines.fields.length >= QUOTE_OFFER_LINES_MAX}
          onClick={() => lines.append({ quantity: Number.NaN, unitPrice: Number.NaN })}
        >
          {m.addLine}
        </button>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={m.leadTimeDays}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.leadTimeDays?.message}
          {...register('leadTimeDays', { valueAsNumber: true })}
        />
        <TextField
          label={m.validUntil}
          type="date"
          min={shopDate(new Date())}
          error={errors.validUntil?.message}
          {...register('validUntil')}
        />
      </div>
      <TextareaField
        label={m.noteToCustomer}
        rows={3}
        error={errors.note?.message}
        {...register('note')}
      />
      {failure && (
        <p role="alert" className="alert alert-error alert-soft">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={send.isPending}>
        {send.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        {m.sendQuote}
      </button>
    </form>
  )
}
