import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { ORDER_CURRENCIES, ROLES } from '@toolworks/shared'

import { timestamps } from './columns.js'

/**
 * The person. Its first columns are the shape Better Auth's `user` model expects
 * (the accounts issue adds session, account and verification beside it); the rest
 * are the profile fields of docs/product.md §3.
 */
export const users = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ROLES }).notNull().default('customer'),
    phone: text('phone'),
    location: text('location'),
    education: text('education'),
    linkedin: text('linkedin'),
    /** The buyer's BIN (13 digits), country (ISO 3166 alpha-2) and chosen currency. */
    bin: text('bin'),
    country: text('country'),
    currency: text('currency', { enum: ORDER_CURRENCIES }),
    /** Company and the Delivery address checkout starts from (country above). */
    company: text('company'),
    street: text('street'),
    city: text('city'),
    postcode: text('postcode'),
    ...timestamps,
  },
  (t) => [index('user_created_at_idx').on(t.createdAt.desc())],
)

/** Better Auth's session, account, verification and rate-limit models (better-auth 1.7). */
export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
)

export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', {
      withTimezone: true,
      mode: 'date',
    }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', {
      withTimezone: true,
      mode: 'date',
    }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
)

export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
)

/** Rate-limit counters live in the database so the limits hold across server processes. */
export const rateLimits = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

/**
 * The network addresses an account has signed in from (lockout by third parties):
 * a sign-in from one of them is not held back by the per-e-mail limit that others' wrong
 * passwords filled. Sessions record their address too, but go at sign-out. At most a few
 * per account, the most recent kept (accounts.queries.ts).
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ipAddress] })],
)
