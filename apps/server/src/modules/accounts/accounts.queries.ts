import { createHash } from 'node:crypto'

import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import type { OrderCurrency } from '@toolworks/shared'

import { selectRows, type DbOrTx } from '../../db/client.js'
import {
  accounts,
  rateLimitCounters,
  sessions,
  signInAddresses,
  users,
} from '../../db/schema/index.js'

type Role = (typeof users.$inferSelect)['role']

/**
 * The role the shop acts on (High). An ADMIN_EMAILS address is an admin exactly
 * while its email is verified, whatever its stored role says; every other account has its
 * stored role (customer, or admin through Make Admin). Deriving it here, in the query that
 * every admin check already runs, rather than promoting and demoting rows, also covers the
 * accounts that signed up as an ADMIN_EMAILS address before this rule (stored as admin but
 * never verified): they are customers from the moment this code runs, with no data migration
 * and nothing to race between server processes.
 */
function effectiveRole(adminEmails: readonly string[]): SQL<Role> {
  if (adminEmails.length === 0) return sql<Role>`${users.role}`
  const listed = sql.join(
    adminEmails.map((e) => sql`${e.toLowerCase()}`),
    sql`, `,
  )
  return sql<Role>`case when lower(${users.email}) in (${listed})
    then case when ${users.emailVerified} then 'admin' else 'customer' end
    else ${users.role} end`
}

/**
 * True for an ADMIN_EMAILS address whose mailbox is not proven yet. Nobody is
 * signed in to such an account: no session is created for it and no token of it is honoured.
 */
function unprovenAdminAddress(adminEmails: readonly string[]): SQL<boolean> {
  if (adminEmails.length === 0) return sql<boolean>`false`
  const listed = sql.join(
    adminEmails.map((e) => sql`${e.toLowerCase()}`),
    sql`, `,
  )
  return sql<boolean>`(lower(${users.email}) in (${listed}) and not ${users.emailVerified})`
}

const profileColumns = (adminEmails: readonly string[]) => ({
  id: users.id,
  email: users.email,
  name: users.name,
  image: users.image,
  role: effectiveRole(adminEmails),
  emailVerified: users.emailVerified,
  phone: users.phone,
  location: users.location,
  education: users.education,
  linkedin: users.linkedin,
  bin: users.bin,
  country: users.country,
  currency: users.currency,
  company: users.company,
  street: users.street,
  city: users.city,
  postcode: users.postcode,
})

export type UserRow = {
  id: string
  email: string
  name: string
  image: string | null
  role: Role
  emailVerified: boolean
  phone: string | null
  location: string | null
  education: string | null
  linkedin: string | null
  bin: string | null
  country: string | null
  currency: OrderCurrency | null
  company: string | null
  street: string | null
  city: string | null
  postcode: string | null
}

/**
 * The account behind a bearer token, in ONE query: the token's session must still exist
 * (sign-out, password reset and "revoke sessions" delete it) and be unexpired, and the
 * role is the effective one above. Undefined when any of that fails.
 */
export async function findUserBySession(
  db: DbOrTx,
  adminEmails: readonly string[],
  userId: string,
  sessionId: string,
): Promise<UserRow | undefined> {
  const [row] = await sessionQuery(db, adminEmails).execute({ userId, sessionId })
  return row
}

/**
 * findUserBySession's query, built once per database and admin list and prepared by name:
 * every signed-in request runs it, and building it each time was a large part of an order's
 * CPU. The name carries the list, as one connection may serve apps with others.
 */
function sessionQuery(db: DbOrTx, adminEmails: readonly string[]) {
  const list = adminEmails.map((e) => e.toLowerCase()).join(',')
  const forDb = sessionQueries.get(db) ?? new Map<string, SessionQuery>()
  sessionQueries.set(db, forDb)
  const known = forDb.get(list)
  if (known) return known
  const name = `find_user_by_session_${createHash('sha256').update(list).digest('hex').slice(0, 12)}`
  const query = db
    .select(profileColumns(adminEmails))
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        gt(sessions.expiresAt, sql`now()`),
        sql`not ${unprovenAdminAddress(adminEmails)}`,
      ),
    )
    .limit(1)
    .prepare(name)
  forDb.set(list, query)
  return query
}
type SessionQuery = { execute(params: { userId: string; sessionId: string }): Promise<UserRow[]> }
const sessionQueries = new WeakMap<DbOrTx, Map<string, SessionQuery>>()

/**
 * The role an account's session shows (Better Auth's get-session): the effective
 * one above, as every admin check sees it. Undefined for no such account, and for an
 * ADMIN_EMAILS address whose mailbox is unproven, to which nobody is signed in.
 */
export async function findSessionRole(
  db: DbOrTx,
  adminEmails: readonly string[],
  userId: string,
): Promise<Role | undefined> {
  const [row] = await db
    .select({ role: effectiveRole(adminEmails) })
    .from(users)
    .where(and(eq(users.id, userId), sql`not ${unprovenAdminAddress(adminEmails)}`))
    .limit(1)
  return row?.role
}

/** What signing in needs to know about an account, by id or by e-mail. */
export async function findSignInState(
  db: DbOrTx,
  by: { id: string } | { email: string },
): Promise<{ id: string; email: string; emailVerified: boolean } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(
      'id' in by ? eq(users.id, by.id) : eq(sql`lower(${users.email})`, by.email.toLowerCase()),
    )
    .limit(1)
  return row
}

/** Signs the account out everywhere: every session (and so every bearer token) goes. */
export async function deleteSessionsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}

/** The password typed at sign-up stops working: the credential account keeps no hash. */
export async function discardPassword(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(accounts)
    .set({ password: null, updatedAt: new Date() })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
}

export async function markEmailVerified(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
}

export async function findUserByEmail(
  db: DbOrTx,
  adminEmails: readonly string[],
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select(profileColumns(adminEmails))
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1)
  return row
}

export function listUsersNewestFirst(db: DbOrTx, adminEmails: readonly string[], limit = 500) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: effectiveRole(adminEmails),
    })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
}

export async function updateProfileFields(
  db: DbOrTx,
  id: string,
  fields: {
    phone: string
    location: string
    education: string
    linkedin: string
    // Left out, left as it is; a null BIN removes it.
    bin?: string | null
    country?: string
    // Left out, left as it is; null clears.
    company?: string | null
    street?: string | null
    city?: string | null
    postcode?: string | null
  },
): Promise<number> {
  const rows = await db
    .update(users)
    .set(fields)
    .where(eq(users.id, id))
    .returning({ id: users.id })
  return rows.length
}

/** Keeps a signed-in buyer's currency switch. */
export async function setPreferredCurrency(db: DbOrTx, id: string, currency: OrderCurrency) {
  await db.update(users).set({ currency }).where(eq(users.id, id))
}

/** What decides the currency a buyer starts in at sign-in. */
export async function findCurrencyPreference(
  db: DbOrTx,
  id: string,
): Promise<{ currency: OrderCurrency | null; country: string | null } | undefined> {
  const [row] = await db
    .select({ currency: users.currency, country: users.country })
    .from(users)
    .where(eq(users.id, id))
  return row
}

/** Makes a customer an admin; an admin stays as is (modifiedCount 0, like the spec's store). */
export async function promoteToAdmin(db: DbOrTx, id: string): Promise<number> {
  const rows = await db
    .update(users)
    .set({ role: 'admin' })
    .where(sql`${users.id} = ${id} and ${users.role} <> 'admin'`)
    .returning({ id: users.id })
  return rows.length
}

/**
 * Locks accounts in one statement, in id order: the first lock of an order's transaction,
 * so one customer's orders and cart changes run one after the other. NO KEY
 * UPDATE does not block the key-share locks of foreign keys (a new session, a cart line).
 */
export async function lockUsersInOrder(
  tx: DbOrTx,
  ids: readonly string[],
): Promise<({ id: string } & BuyerFacts)[]> {
  if (ids.length === 0) return []
  // With what an order needs of its buyer, as locked: ordering reads no more (flows/checkout.ts).
  return tx
    .select({ id: users.id, emailVerified: users.emailVerified, bin: users.bin })
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.id))
    .for('no key update')
}

/** Whether the account's e-mail is verified (read under its lock by ordering). */
export async function isEmailVerified(tx: DbOrTx, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
  return row?.verified === true
}

/**
 * What an order needs of its buyer: whether the e-mail is verified, and the
 * BIN of the profile, printed on the Mushak-6.3 when checkout names none.
 */
export type BuyerFacts = { emailVerified: boolean; bin: string | null }

export async function buyerFacts(tx: DbOrTx, id: string): Promise<BuyerFacts> {
  const [row] = await tx
    .select({ emailVerified: users.emailVerified, bin: users.bin })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
  return { emailVerified: row?.emailVerified === true, bin: row?.bin ?? null }
}

/**
 * Locks one account as lockUsersInOrder does and answers whether its e-mail is verified (or
 * undefined when it is gone): what the account may do is decided under that lock.
 */
export async function lockUserReadVerified(tx: DbOrTx, id: string): Promise<boolean | undefined> {
  const [row] = await tx
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, id))
    .for('no key update')
  return row?.emailVerified
}

/**
 * One page of All Users for the CSV export, newest first like the screen, after
 * `after` (keyset on the time to the microsecond, as text, and the id).
 */
export function usersExportPage(
  db: DbOrTx,
  adminEmails: readonly string[],
  after: { at: string; id: string } | undefined,
  limit: number,
) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: effectiveRole(adminEmails),
      createdAt: users.createdAt,
      at: sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(users)
    .where(
      after
        ? sql`(${users.createdAt}, ${users.id}) < (${after.at}::timestamptz, ${after.id})`
        : undefined,
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
}

/** How many addresses an account's sign-ins are remembered from; the most recent are kept. */
export const SIGN_IN_ADDRESSES_KEPT = 10

/**
 * A session was made for the account from `ip`: remembered, newest first, at most
 * SIGN_IN_ADDRESSES_KEPT per account.
 */
export async function recordSignInAddress(db: DbOrTx, userId: string, ip: string): Promise<void> {
  await db
    .insert(signInAddresses)
    .values({ userId, ipAddress: ip, lastSuccessAt: new Date() })
    .onConflictDoUpdate({
      target: [signInAddresses.userId, signInAddresses.ipAddress],
      set: { lastSuccessAt: new Date() },
    })
  await db.delete(signInAddresses).where(
    sql`${signInAddresses.userId} = ${userId} and ${signInAddresses.ipAddress} not in (
      select ${signInAddresses.ipAddress} from ${signInAddresses}
      where ${signInAddresses.userId} = ${userId}
      order by ${signInAddresses.lastSuccessAt} desc limit ${SIGN_IN_ADDRESSES_KEPT})`,
  )
}

/** Whether the account of `email` has signed in from `ip` before. */
export async function hasSignedInFrom(db: DbOrTx, email: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ ip: signInAddresses.ipAddress })
    .from(signInAddresses)
    .innerJoin(users, eq(users.id, signInAddresses.userId))
    .where(
      and(
        eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
        eq(signInAddresses.ipAddress, ip),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** A new password, or a proven mailbox, forgets where the account signed in from. */
export async function forgetSignInAddresses(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(signInAddresses).where(eq(signInAddresses.userId, userId))
}

/**
 * Whether a mail about a sign-up attempt may go to this account now: true at most once per
 * `windowMs`. Counted in the rate-limit counters every server process shares (one atomic
 * upsert, and the sweep deletes the row once its window ends), so someone who signs up with
 * many addresses, or many times with one, cannot fill an owner's mailbox.
 */
export async function claimSignUpAttemptMail(
  db: DbOrTx,
  userId: string,
  windowMs: number,
  now = Date.now(),
): Promise<boolean> {
  const t = rateLimitCounters
  const expired = sql`${t.windowStartMs} + ${t.windowMs} <= ${now}`
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`insert into ${t} (key, count, window_start_ms, window_ms)
        values (${`sign-up-attempt-mail:${userId}`}, 1, ${now}, ${windowMs})
        on conflict (key) do update set
          count = case when ${expired} then 1 else ${t.count} + 1 end,
          window_start_ms = case when ${expired} then ${now} else ${t.windowStartMs} end,
          window_ms = ${windowMs}
        returning count`,
  )
  return row?.count === 1
}
