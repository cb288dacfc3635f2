import { z } from 'zod'

import { PASSWORD_MIN } from './constants.js'
import { messages } from './messages.js'
import { CountrySchema } from './countries.js'
import { DeliveryFieldsSchema, profileDeliveryUpdate } from './delivery.js'
import { ORDER_CURRENCIES } from './tax-pricing.js'
import { BinSchema, OrderCurrencySchema } from './tax-schemas.js'

const v = messages.validation

/**
 * docs/product.md §5 names a minimal pattern; real addresses (dots, plus signs,
 * subdomains, long endings) must pass, so the standard check decides and gives the spec's message.
 */
export const EmailSchema = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, v.emailRequired)
  .pipe(z.email({ error: v.emailInvalid }).max(254, v.emailInvalid))
  .transform((e) => e.toLowerCase())

export const PasswordSchema = z
  .string({ error: v.passwordRequired })
  .min(1, v.passwordRequired)
  .min(PASSWORD_MIN, v.passwordShort)
  .max(128, 'password is too long')

export const LoginBodySchema = z.object({ email: EmailSchema, password: PasswordSchema })
export type LoginBody = z.infer<typeof LoginBodySchema>

export const NAME_MAX = 100

/**
 * What a name a person typed may not hold: C0 and C1 control characters, DEL, the Unicode line
 * and paragraph separators, and the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which would make the text around the name read
 * in another order. One rule for every name taken from a person (display names, the contact
 * form).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

export const hasUnsafeNameCharacters = (name: string): boolean => CONTROL_CHARACTERS.test(name)

/**
 * A display name: 1 to 100 characters after trimming, on one line, no control
 * characters. The server checks it at sign-up and update-user; the sign-up form uses it too.
 */
export const DisplayNameSchema = z
  .string({ error: v.nameRequired })
  .max(10 * NAME_MAX, v.nameTooLong) // refuse huge input before trimming walks it
  .trim()
  .min(1, v.nameRequired)
  .max(NAME_MAX, v.nameTooLong)
  .refine((name) => !hasUnsafeNameCharacters(name), v.nameControlCharacters)

/**
 * The name a Google account brings: the person cannot edit it on our side, so
 * it is made to fit instead of refused: control characters, line breaks and direction overrides become spaces,
 * then it is trimmed and cut to 100 characters; an empty result falls back.
 */
export function fitDisplayName(raw: string, fallback: string): string {
  const cleaned = raw.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), ' ').trim()
  const cut = Array.from(cleaned).slice(0, NAME_MAX).join('').trim()
  return cut || Array.from(fallback).slice(0, NAME_MAX).join('')
}

export const SignupBodySchema = z.object({
  name: DisplayNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
})
export type SignupBody = z.infer<typeof SignupBodySchema>

/** The roles, word for word; the database's `role` columns take this list. */
export const ROLES = ['customer', 'admin'] as const
export const RoleSchema = z.enum(ROLES)
export type Role = z.infer<typeof RoleSchema>

export const EmailParamsSchema = z.object({ email: z.string().max(254) })
export const EmailQuerySchema = z.object({ email: z.string().max(254) })

export const TokenResponseSchema = z.object({ token: z.string() })
export const AdminResponseSchema = z.object({ admin: z.boolean() })

/** The profile of docs/product.md §3 and §2 My Profile. */
export const ProfileSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  role: RoleSchema,
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  education: z.string().nullable(),
  linkedin: z.string().nullable(),
  /** The buyer's BIN (13 digits), country (ISO 3166 alpha-2) and chosen currency. */
  bin: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.enum(ORDER_CURRENCIES).nullable(),
  /**
   * The company and the delivery block checkout starts from (the country is
   * `country` above); the street, city and postcode are all set or all null.
   */
  company: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
})
export type Profile = z.infer<typeof ProfileSchema>

const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max)

/**
 * The profile update form: every field required (docs/product.md §5). The spec's client sends the
 * location as `address`; both names are accepted and stored as location.
 */
export const UpdateProfileBodySchema = z
  .object({
    phone: requiredText('phone is required', 40),
    location: z.string().optional(),
    address: z.string().optional(),
    education: requiredText('education is required'),
    linkedin: requiredText('linkedin is required', 300),
    /**
     * The BIN and country, optional so the seed's clients keep working: a field left out is left as it is;
     * an empty BIN removes it.
     */
    bin: BinSchema.optional(),
    country: CountrySchema.optional(),
    /** Company and the Delivery address, optional like the BIN. */
    ...DeliveryFieldsSchema.shape,
  })
  .transform(({ address, location, company, street, city, postcode, ...rest }, ctx) => ({
    ...rest,
    location: (location ?? address ?? '').trim(),
    ...profileDeliveryUpdate({ company, street, city, postcode }, ctx),
  }))
  .refine((body) => body.location.length > 0 && body.location.length <= 200, {
    message: 'location is required',
    path: ['location'],
  })
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>
/** What a client sends: the seed's fields, and the BIN and country when it has them. */
export type UpdateProfileRequest = z.input<typeof UpdateProfileBodySchema>

/** `PUT /api/user/currency`: the currency switch, kept in a signed-in buyer's profile. */
export const CurrencyPreferenceBodySchema = z.object({ currency: OrderCurrencySchema })

export const UserListItemSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
})
export const UserListSchema = z.array(UserListItemSchema)

export const ModifiedCountSchema = z.object({ modifiedCount: z.number().int() })
export const UpdateAckSchema = z.object({
  acknowledged: z.boolean(),
  modifiedCount: z.number().int(),
})

export const accountsContract = {
  token: {
    method: 'PUT',
    path: '/api/user/:email',
    params: EmailParamsSchema,
    response: TokenResponseSchema,
  },
  isAdmin: {
    method: 'GET',
    path: '/api/admin/:email',
    params: EmailParamsSchema,
    response: AdminResponseSchema,
  },
  profile: { method: 'GET', path: '/api/user', query: EmailQuerySchema, response: ProfileSchema },
  updateProfile: {
    method: 'PUT',
    path: '/api/updateduser',
    query: EmailQuerySchema,
    body: UpdateProfileBodySchema,
    response: UpdateAckSchema,
  },
  setCurrency: {
    method: 'PUT',
    path: '/api/user/currency',
    body: CurrencyPreferenceBodySchema,
    response: CurrencyPreferenceBodySchema,
  },
  users: { method: 'GET', path: '/api/users', response: UserListSchema },
  makeAdmin: {
    method: 'PUT',
    path: '/api/user/admin/:email',
    params: EmailParamsSchema,
    response: ModifiedCountSchema,
  },
} as const
