import { z } from 'zod'

import {
  PromotionCreateBodySchema,
  PromotionKindSchema,
  type Promotion,
  type PromotionCreateInput,
} from '@toolworks/shared'

/** What the inputs hold: number inputs read as NaN while empty (valueAsNumber). */
export type PromotionFormInput = {
  kind: Promotion['kind']
  percent: number
  cap: number
  startsAt: string
  endsAt: string
  title: string
  text: string
}

/** The fields whose messages (the form's or the server's) go onto an input. */
export const PROMOTION_FIELDS = [
  'kind',
  'percent',
  'cap',
  'startsAt',
  'endsAt',
  'title',
  'text',
] as const satisfies readonly (keyof PromotionFormInput)[]

const numberInput = z.custom<number>((value) => typeof value === 'number')

/**
 * The inputs read as a promotion, then checked by the shared rules the server applies: free
 * shipping sends no percent or cap (its inputs are hidden), and an empty number is none.
 */
export const PromotionFormSchema = z
  .object({
    kind: PromotionKindSchema,
    percent: numberInput,
    cap: numberInput,
    startsAt: z.string(),
    endsAt: z.string(),
    title: z.string(),
    text: z.string(),
  })
  .transform(({ percent, cap, ...rest }): PromotionCreateInput => {
    const discount = rest.kind === 'first-order'
    return {
      ...rest,
      percent: discount && !Number.isNaN(percent) ? percent : null,
      cap: discount && !Number.isNaN(cap) ? cap : null,
    }
  })
  .pipe(PromotionCreateBodySchema)
export type PromotionFormOutput = z.output<typeof PromotionFormSchema>

export const EMPTY_PROMOTION: PromotionFormInput = {
  kind: 'first-order',
  percent: NaN,
  cap: NaN,
  startsAt: '',
  endsAt: '',
  title: '',
  text: '',
}

/** A stored promotion as the inputs show it. */
export const promotionFormValues = (promotion: Promotion): PromotionFormInput => ({
  kind: promotion.kind,
  percent: promotion.percent ?? NaN,
  cap: promotion.cap ?? NaN,
  startsAt: promotion.startsAt,
  endsAt: promotion.endsAt,
  title: promotion.title,
  text: promotion.text,
})
