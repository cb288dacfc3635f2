import { z } from 'zod'

import {
  ORDER_QUANTITY_MAX,
  QUOTE_DRAWING_KINDS,
  QUOTE_DRAWING_MAX_BYTES,
  QUOTE_DRAWINGS_MAX,
  QUOTE_MATERIAL_MAX,
  QUOTE_PROCESSES,
  QuoteRequestFieldsSchema,
  quoteNeededByProblem,
  type QuoteProcess,
  quoteRuleWords,
} from '@toolworks/shared'

import type { QuoteRequestText } from '../api/send-quote-request'

const r = quoteRuleWords
export const MATERIAL_OTHER = 'Other'

const fields = QuoteRequestFieldsSchema.shape

/**
 * The form as the screen holds it: Material as a choice plus the Other text, quantities one
 * input each. It keeps the shared rules (the same messages as the server) and turns into the
 * fields of POST /api/quote with `toRequestText`.
 */
export const QuoteFormSchema = z
  .object({
    process: z.enum(QUOTE_PROCESSES, { error: r.processRequired }),
    partName: fields.partName,
    materialChoice: z.string().min(1, r.materialRequired),
    materialOther: z.string().trim().max(QUOTE_MATERIAL_MAX, r.materialTooLong),
    quantities: z
      .array(
        z.object({
          value: z
            .number({ error: r.quantityInvalid })
            .int(r.quantityInvalid)
            .min(1, r.quantityInvalid)
            .max(ORDER_QUANTITY_MAX, r.quantityInvalid),
        }),
      )
      .min(1, r.quantitiesRequired)
      .superRefine((list, ctx) => {
        const seen = new Set<number>()
        list.forEach(({ value }, index) => {
          if (seen.has(value))
            ctx.addIssue({ code: 'custom', message: r.quantitiesDistinct, path: [index, 'value'] })
          seen.add(value)
        })
      }),
    // On the field itself, so it shows with the other fields' problems (an object's own
    // refinement waits until every field is valid).
    neededBy: z
      .string()
      .refine((value) => value === '' || !quoteNeededByProblem(value), r.neededByPast),
    tolerance: fields.tolerance,
    finish: fields.finish,
    notes: fields.notes,
    phone: fields.phone,
    address: fields.address,
  })
  .superRefine((form, ctx) => {
    if (form.materialChoice === MATERIAL_OTHER && form.materialOther === '')
      ctx.addIssue({ code: 'custom', message: r.materialRequired, path: ['materialOther'] })
  })
export type QuoteFormInput = z.input<typeof QuoteFormSchema>
export type QuoteFormOutput = z.output<typeof QuoteFormSchema>

export const emptyQuoteForm = (process: QuoteProcess | '' = ''): QuoteFormInput => ({
  // '' until the buyer chooses: the select shows "Please choose a process".
  process: process as QuoteProcess,
  partName: '',
  materialChoice: '',
  materialOther: '',
  quantities: [{ value: Number.NaN }],
  neededBy: '',
  tolerance: '',
  finish: '',
  notes: '',
  phone: '',
  address: '',
})

/** The fields of POST /api/quote from a valid form. */
export function toRequestText(form: QuoteFormOutput): QuoteRequestText {
  return {
    process: form.process,
    partName: form.partName,
    material: form.materialChoice === MATERIAL_OTHER ? form.materialOther : form.materialChoice,
    quantities: form.quantities.map((q) => q.value),
    neededBy: form.neededBy,
    tolerance: form.tolerance,
    finish: form.finish,
    notes: form.notes,
    phone: form.phone,
    address: form.address,
  }
}

const EXTENSIONS = new Set<string>(
  Object.values(QUOTE_DRAWING_KINDS).flatMap((kind) => [...kind.extensions]),
)

/**
 * Why a chosen file cannot go (null when it can): the same limits the server keeps, checked
 * early so nobody waits for a 20 MB upload to learn it is a .exe. The server still decides.
 */
export function drawingProblem(file: File, alreadyChosen: number): string | null {
  if (alreadyChosen >= QUOTE_DRAWINGS_MAX) return r.tooManyDrawings(QUOTE_DRAWINGS_MAX)
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : ''
  if (!EXTENSIONS.has(extension)) return r.drawingNotAccepted(file.name)
  if (file.size === 0) return r.drawingEmpty(file.name)
  if (file.size > QUOTE_DRAWING_MAX_BYTES) return r.drawingTooLarge(file.name)
  return null
}
