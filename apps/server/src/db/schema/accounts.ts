import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core'

import { timestamps } from './columns.js'

/**
 * The person. Its first columns are the shape Better Auth's `user` model expects
 * (the accounts issue adds session, account and verification beside it); the rest
 * are the profile fields of SPEC.md §3.
 */
export const users = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    phone: text('phone'),
    location: text('location'),
    education: text('education'),
    linkedin: text('linkedin'),
    ...timestamps,
  },
  (t) => [index('user_created_at_idx').on(t.createdAt.desc())],
)
