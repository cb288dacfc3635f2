import { http, HttpResponse } from 'msw'

import {
  ContactMessageSchema,
  type ContactMessage,
  type ContactMessageBody,
  type ErrorBody,
  type SubscribeBody,
  contactContract,
} from '@toolworks/shared'

let sequence = 0

/** A valid stored message (checked by the shared schema); override only what the test is about. */
export function makeContactMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  sequence += 1
  return ContactMessageSchema.parse({
    _id: `message-${sequence}`,
    name: `Sender ${sequence}`,
    email: `sender${sequence}@example.com`,
    message: `Do you make part number ${sequence}?`,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
    ...overrides,
  })
}

/** POST /api/contact answering 201; each body the app sends is pushed onto `sent`. */
export function contactSendHandler(sent: unknown[] = []) {
  return http.post(contactContract.send.path, async ({ request }) => {
    sent.push((await request.json()) as ContactMessageBody)
    return HttpResponse.json(
      { acknowledged: true, insertedId: `message-${sent.length}` },
      {
        status: 201,
      },
    )
  })
}

/** POST /api/subscribe answering as the server does; each body is pushed onto `sent`. */
export function subscribeHandler(sent: unknown[] = []) {
  return http.post(contactContract.subscribe.path, async ({ request }) => {
    sent.push((await request.json()) as SubscribeBody)
    return HttpResponse.json({ acknowledged: true })
  })
}

/** Any contact endpoint failing with this error body. */
export function contactErrorHandler(
  method: 'get' | 'post',
  path: '/api/contact' | '/api/subscribe',
  status: number,
  error: ErrorBody['error'],
) {
  return http[method](path, () => HttpResponse.json({ error }, { status }))
}

/** GET /api/contact: the admin's list as given (the server sorts newest first). */
export function contactMessagesHandler(list: ContactMessage[]) {
  return http.get(contactContract.list.path, () => HttpResponse.json(list))
}

export const contactHandlers = [
  contactSendHandler(),
  subscribeHandler(),
  contactMessagesHandler([]),
]
