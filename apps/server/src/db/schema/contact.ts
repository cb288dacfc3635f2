import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

import { timestamps } from './columns.js'

/** Contact With Us messages, read by admins on the Messages page. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ...timestamps,
  },
  (t) => [
    check('contact_messages_message_length', sql`char_length(${t.message}) between 1 and 2000`),
    index('contact_messages_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
)

/** The footer's newsletter list: each address once, whatever its case. */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('newsletter_subscribers_email_idx').on(sql`lower(${t.email})`)],
)
