import { z } from 'zod'

import { ORDER_ADDRESS_MAX } from './constants.js'
import { deliveryWords as w } from './messages-delivery.js'

export const DELIVERY_COMPANY_MAX = 200
export const DELIVERY_STREET_MAX = 300
export const DELIVERY_CITY_MAX = 100

/** An optional line: trimmed; empty means none. */
const optionalLine = (max: number, tooLong: string) =>
  z.string({ error: tooLong }).trim().max(max, tooLong).optional()

/**
 * The delivery block's fields as a client sends them: company, street, city and
 * postcode; the country is the existing ISO `country` field beside them (countries.ts, one
 * home). Each may be left out or empty, so the seed's clients, which send one `address`
 * string, keep working; `structuredDelivery` decides whether the block was given.
 */
export const DeliveryFieldsSchema = z.object({
  company: optionalLine(DELIVERY_COMPANY_MAX, w.companyTooLong),
  street: optionalLine(DELIVERY_STREET_MAX, w.streetTooLong),
  city: optionalLine(DELIVERY_CITY_MAX, w.cityTooLong),
  postcode: z.string({ error: w.postcodeInvalid }).trim().max(12, w.postcodeInvalid).optional(),
})
export type DeliveryFields = z.infer<typeof DeliveryFieldsSchema>

const POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9]$/

/** The block as stored on an order and a profile: every part known, the company optional. */
export type DeliveryBlock = {
  company: string | null
  street: string
  city: string
  postcode: string
}

type Issue = { path: string; message: string }

/**
 * Whether the street, city and postcode were given, and the refusals if only some were or
 * the postcode is not one: none given is no block (the old `address` string decides), unless
 * the block is `required` (the checkout form, which has no other address).
 */
export function structuredDelivery(
  fields: DeliveryFields,
  { required = false }: { required?: boolean } = {},
): { block: Omit<DeliveryBlock, 'company'> | null; issues: Issue[] } {
  const street = fields.street ?? ''
  const city = fields.city ?? ''
  const postcode = fields.postcode ?? ''
  if (!required && street === '' && city === '' && postcode === '')
    return { block: null, issues: [] }
  const issues: Issue[] = []
  if (street === '') issues.push({ path: 'street', message: w.streetRequired })
  if (city === '') issues.push({ path: 'city', message: w.cityRequired })
  if (postcode === '') issues.push({ path: 'postcode', message: w.postcodeRequired })
  else if (!POSTCODE.test(postcode)) issues.push({ path: 'postcode', message: w.postcodeInvalid })
  return issues.length > 0 ? { block: null, issues } : { block: { street, city, postcode }, issues }
}

/**
 * The block as one line of text, kept in the order's `address` so every reader of the seed's
 * field (mails, CSV, PDFs, the first-order discount's address key) goes on working. The company
 * is left out: it names the buyer, not the place, and a changed company must not make the same
 * place a new address for the discount.
 */
export function deliveryAddressText(
  block: Pick<DeliveryBlock, 'street' | 'city' | 'postcode'>,
  country: string,
): string {
  return `${deliveryPlaceText(block)}, ${country}`.slice(0, ORDER_ADDRESS_MAX)
}

/** The street, city and postcode on one line, as the profile card and the receipt show them. */
export const deliveryPlaceText = (block: Pick<DeliveryBlock, 'street' | 'city' | 'postcode'>) =>
  `${block.street}, ${block.city} ${block.postcode}`

/** Adds the block's refusals to a Zod context, on their own fields. */
export function addDeliveryIssues(ctx: z.RefinementCtx, issues: readonly Issue[]) {
  for (const issue of issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.path] })
}

/**
 * A body that takes the delivery block or the seed's `address` string: the block,
 * when given, wins and fills `address` with its text; without it the string is required, as
 * it always was. Answers the body with `company` and `delivery` (the block, or null).
 */
export function withDeliveryBlock<
  T extends DeliveryFields & { address?: string | undefined; country: string },
>(body: T, ctx: z.RefinementCtx) {
  const { company, street, city, postcode, address, ...rest } = body
  const { block, issues } = structuredDelivery({ street, city, postcode })
  if (issues.length > 0) {
    addDeliveryIssues(ctx, issues)
    return z.NEVER
  }
  const text = block ? deliveryAddressText(block, body.country) : address
  if (!text) {
    ctx.addIssue({ code: 'custom', message: w.streetRequired, path: ['address'] })
    return z.NEVER
  }
  return { ...rest, address: text, company: company || null, delivery: block }
}

/**
 * A profile update's delivery fields: a field left out is left as it is (the seed's
 * clients send none); the street, city and postcode are set together, all empty clears them;
 * an empty company clears it.
 */
export function profileDeliveryUpdate(fields: DeliveryFields, ctx: z.RefinementCtx) {
  const update: { company?: string | null } & Partial<
    Record<'street' | 'city' | 'postcode', string | null>
  > = {}
  if (fields.company !== undefined) update.company = fields.company || null
  if (fields.street === undefined && fields.city === undefined && fields.postcode === undefined)
    return update
  const { block, issues } = structuredDelivery(fields)
  addDeliveryIssues(ctx, issues)
  return {
    ...update,
    street: block?.street ?? null,
    city: block?.city ?? null,
    postcode: block?.postcode ?? null,
  }
}
