import type {
  ContactMessage,
  ContactMessageBody,
  ContactMessageListQuery,
  SubscribeBody,
} from '@toolworks/shared'

import type { Db } from '../../db/client.js'
import {
  insertContactMessage,
  insertSubscriber,
  listContactMessages,
  type ContactMessageRow,
} from './contact.queries.js'

function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  }
}

export type ContactService = ReturnType<typeof createContactService>

/** Contact With Us messages and the newsletter list. */
export function createContactService({ db }: { db: Db }) {
  return {
    async send(body: ContactMessageBody) {
      const row = await insertContactMessage(db, body)
      return { acknowledged: true as const, insertedId: row.id }
    },

    async list(page: ContactMessageListQuery): Promise<ContactMessage[]> {
      return (await listContactMessages(db, page)).map(toContactMessage)
    },

    /** A second subscription of an address stores nothing and answers the same. */
    async subscribe(body: SubscribeBody) {
      await insertSubscriber(db, body.email)
      return { acknowledged: true as const }
    },
  }
}
