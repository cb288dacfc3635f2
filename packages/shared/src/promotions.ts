import { z } from 'zod'

import { IdParamsSchema } from './ids.js'
import {
  ORDER_ADDRESS_MAX,
  ORDER_PHONE_MAX,
  PROMOTION_TEXT_MAX,
  PROMOTION_TITLE_MAX,
} from './constants.js'
import { messages } from './messages.js'
import { toCents } from './money.js'
import type { DiscountOffer } from './pricing.js'

const m = messages.promotionRules

/** Promotion kinds; the database's `promotions.kind` takes this list. */
export const PROMOTION_KINDS = ['first-order', 'free-shipping'] as const
export const PromotionKindSchema = z.enum(PROMOTION_KINDS)
export type PromotionKind = z.infer<typeof PromotionKindSchema>

/** A calendar date of the shop (YYYY-MM-DD): promotions run from one day to another, inclusive. */
const ShopDateSchema = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    // Zod runs this after a failed regex too: an unparsable value must answer false, not throw.
    // A date that rolls over (2026-02-30 → 03-02) is not the date that was typed.
    .refine((value) => {
      const at = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value)
    }, message)

/**
 * A promotion as the API shows it. A first-order discount has a percent and a cap
 * in currency units; a free-shipping note has neither (null).
 */
export const PromotionSchema = z.object({
  id: z.string(),
  kind: PromotionKindSchema,
  percent: z.number().int().nullable(),
  cap: z.number().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  title: z.string(),
  text: z.string(),
})
export type Promotion = z.infer<typeof PromotionSchema>
export const PromotionListSchema = z.array(PromotionSchema)

/**
 * The first-order promotions of a promotions answer, as the discount rule takes them
 * (`bestPromotion` in pricing.ts): the cart's estimate reads them from `GET /api/promotion`.
 */
export const firstOrderOffers = (promotions: readonly Promotion[] | undefined): DiscountOffer[] =>
  (promotions ?? []).flatMap((p) =>
    p.kind === 'first-order' && p.percent !== null
      ? [{ id: p.id, percent: p.percent, capCents: toCents(p.cap ?? 0) }]
      : [],
  )

const fields = {
  kind: PromotionKindSchema,
  percent: z
    .number({ error: m.percentRange })
    .int(m.percentRange)
    .min(1, m.percentRange)
    .max(100, m.percentRange)
    .nullable(),
  cap: z
    .number({ error: m.capRange })
    .min(0.01, m.capRange)
    .max(1_000_000, m.capRange)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, m.capCents)
    .nullable(),
  startsAt: ShopDateSchema(m.dateRequired),
  endsAt: ShopDateSchema(m.dateRequired),
  title: z
    .string({ error: m.titleRequired })
    .trim()
    .min(1, m.titleRequired)
    .max(PROMOTION_TITLE_MAX, m.titleTooLong),
  text: z
    .string({ error: m.textRequired })
    .trim()
    .min(1, m.textRequired)
    .max(PROMOTION_TEXT_MAX, m.textTooLong),
}

/** The rules across fields, on a whole promotion (a create, or an edit merged with the row). */
export function promotionProblem(p: {
  kind: PromotionKind
  percent: number | null
  cap: number | null
  startsAt: string
  endsAt: string
}): { field: 'percent' | 'cap' | 'endsAt'; message: string } | null {
  if (p.kind === 'first-order') {
    if (p.percent === null) return { field: 'percent', message: m.percentRange }
    if (p.cap === null) return { field: 'cap', message: m.capRange }
  } else {
    if (p.percent !== null) return { field: 'percent', message: m.noPercentForShipping }
    if (p.cap !== null) return { field: 'cap', message: m.noPercentForShipping }
  }
  if (p.endsAt < p.startsAt) return { field: 'endsAt', message: m.endsBeforeStart }
  return null
}

/** `POST /api/promotion` (admin). */
export const PromotionCreateBodySchema = z
  .object({
    ...fields,
    percent: fields.percent.default(null),
    cap: fields.cap.default(null),
  })
  .superRefine(
    (body, ctx) => {
      const problem = promotionProblem(body)
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] })
    },
    // Across fields only once each field is right: an unreadable date is not "before" another.
    { when: (payload) => payload.issues.length === 0 },
  )
export type PromotionCreateBody = z.output<typeof PromotionCreateBodySchema>
export type PromotionCreateInput = z.input<typeof PromotionCreateBodySchema>

/** `PUT /api/promotion/{id}` (admin): any of the fields; the server checks the merged promotion. */
export const PromotionUpdateBodySchema = z.object(fields).partial()
export type PromotionUpdateBody = z.infer<typeof PromotionUpdateBodySchema>

export const PromotionIdParamsSchema = IdParamsSchema
export const PromotionDeleteResponseSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
})

/**
 * Whether a buyer gets the first-order discount, and if not, why: the server's one
 * rule (a verified e-mail; once per account, per mailbox, per delivery phone and per delivery
 * address).
 */
export const FirstOrderEligibilitySchema = z.enum([
  'eligible',
  'unverified',
  'account-used',
  'email-used',
  'phone-used',
  'address-used',
])
export type FirstOrderEligibility = z.infer<typeof FirstOrderEligibilitySchema>

/** The cart's estimate asks with the delivery phone and address the checkout will send. */
export const FirstOrderEstimateQuerySchema = z.object({
  phone: z.string().max(ORDER_PHONE_MAX).default(''),
  address: z.string().max(ORDER_ADDRESS_MAX).default(''),
})
export const FirstOrderEstimateSchema = z.object({ eligibility: FirstOrderEligibilitySchema })
export type FirstOrderEstimate = z.infer<typeof FirstOrderEstimateSchema>

export const promotionsContract = {
  /** The signed-in buyer's first-order discount as the cart estimates it. */
  firstOrderEstimate: {
    method: 'GET',
    path: '/api/promotion/first-order/estimate',
    query: FirstOrderEstimateQuerySchema,
    response: FirstOrderEstimateSchema,
  },
  listActive: { method: 'GET', path: '/api/promotion', response: PromotionListSchema },
  listAll: { method: 'GET', path: '/api/promotion/admin', response: PromotionListSchema },
  create: {
    method: 'POST',
    path: '/api/promotion',
    body: PromotionCreateBodySchema,
    response: PromotionSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/promotion/:id',
    params: PromotionIdParamsSchema,
    body: PromotionUpdateBodySchema,
    response: PromotionSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/promotion/:id',
    params: PromotionIdParamsSchema,
    response: PromotionDeleteResponseSchema,
  },
} as const
