import { z } from 'zod'

import { messages } from '@toolworks/shared'

const m = messages.paymentPage

/** What the sandbox card form checks before anything is sent. */
export const CardFormSchema = z.object({
  cardNumber: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{13,19}$/, m.cardNumberInvalid)),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/?\s*\d{2}$/, m.expiryInvalid)
    .transform((value) => {
      const digits = value.replace(/\D/g, '')
      return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2, 4)) }
    }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, m.cvcInvalid),
})
export type CardFormInput = z.input<typeof CardFormSchema>
export type CardFormOutput = z.output<typeof CardFormSchema>

export const emptyCard: CardFormInput = { cardNumber: '', expiry: '', cvc: '' }
