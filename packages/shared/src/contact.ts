import { z } from 'zod'

import { EmailSchema, hasUnsafeNameCharacters } from './accounts.js'
import {
  CONTACT_LIST_DEFAULT_LIMIT,
  CONTACT_LIST_MAX_LIMIT,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
} from './constants.js'
import { messages } from './messages.js'

const m = messages.contact

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong)

/**
 * Contact With Us (`POST /api/contact`). The spec's form posts nowhere; the shop stores it:
 * a name and a message are required, the email must be valid, the message at most 2,000
 * characters.
 */
export const ContactMessageBodySchema = z.object({
  // The same rule as every name a person types (accounts.ts): one line, no direction overrides.
  name: requiredText(m.nameRequired, CONTACT_NAME_MAX, m.nameTooLong).refine(
    (name) => !hasUnsafeNameCharacters(name),
    messages.validation.nameControlCharacters,
  ),
  email: EmailSchema,
  message: requiredText(m.messageRequired, CONTACT_MESSAGE_MAX, m.messageTooLong),
})
export type ContactMessageBody = z.infer<typeof ContactMessageBodySchema>

export const ContactMessageResponseSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
})

/** A stored message as the admin's Messages page shows it. */
export const ContactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
})
export type ContactMessage = z.infer<typeof ContactMessageSchema>
export const ContactMessageListSchema = z.array(ContactMessageSchema)

/** `?limit=&offset=`, newest first. */
export const ContactMessageListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONTACT_LIST_MAX_LIMIT)
    .default(CONTACT_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
})
export type ContactMessageListQuery = z.infer<typeof ContactMessageListQuerySchema>

/** The footer's newsletter box (`POST /api/subscribe`): an invalid address gets `provide valid email`. */
export const SubscribeBodySchema = z.object({ email: EmailSchema })
export type SubscribeBody = z.infer<typeof SubscribeBodySchema>

/**
 * The same answer whether the address is new or already on the list, so the endpoint does
 * not tell strangers who subscribed.
 */
export const SubscribeResponseSchema = z.object({ acknowledged: z.literal(true) })

export const contactContract = {
  send: {
    method: 'POST',
    path: '/api/contact',
    body: ContactMessageBodySchema,
    response: ContactMessageResponseSchema,
  },
  list: {
    method: 'GET',
    path: '/api/contact',
    query: ContactMessageListQuerySchema,
    response: ContactMessageListSchema,
  },
  subscribe: {
    method: 'POST',
    path: '/api/subscribe',
    body: SubscribeBodySchema,
    response: SubscribeResponseSchema,
  },
} as const
