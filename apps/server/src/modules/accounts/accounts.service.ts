import {
  activityWords,
  messages,
  type OrderCurrency,
  type Profile,
  type UpdateProfileBody,
} from '@toolworks/shared'

import type { Db, DbOrTx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { writeAuditEntry, type AuditActor } from '../audit/audit.service.js'
import { isAdmin, isSelf, sameEmail, type Actor } from './actor.js'
import type { BearerTokens } from './bearer-token.js'
import {
  buyerFacts,
  findUserByEmail,
  listUsersNewestFirst,
  isEmailVerified,
  lockUserReadVerified,
  lockUsersInOrder,
  promoteToAdmin,
  setPreferredCurrency,
  updateProfileFields,
  usersExportPage,
  type UserRow,
} from './accounts.queries.js'

/** The account and session behind a session cookie. */
export type SessionUser = { id: string; email: string; sessionId: string }

/** Who is calling, as the bearer token and the database say. */
// The caller's type lives with the ownership rules (actor.ts); here for the modules that import it.
export type { Actor } from './actor.js'

function toProfile(row: UserRow): Profile {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    role: row.role,
    emailVerified: row.emailVerified,
    phone: row.phone,
    location: row.location,
    education: row.education,
    linkedin: row.linkedin,
    bin: row.bin,
    country: row.country,
    currency: row.currency,
    company: row.company,
    street: row.street,
    city: row.city,
    postcode: row.postcode,
  }
}

/** A customer reaches only their own account; an admin reaches anyone's. */
function assertSelfOrAdmin(actor: Actor, email: string) {
  if (!isSelf(actor, email) && !isAdmin(actor)) throw new AppError('FORBIDDEN')
}

export type AccountsService = ReturnType<typeof createAccountsService>

export function createAccountsService({
  db,
  tokens,
  adminEmails,
}: {
  db: Db
  tokens: BearerTokens
  adminEmails: readonly string[]
}) {
  async function requireUserByEmail(email: string): Promise<UserRow> {
    const row = await findUserByEmail(db, adminEmails, email)
    if (!row) throw new AppError('NOT_FOUND', 'No account has that email.')
    return row
  }

  return {
    /** PUT /api/user/{email}: a token only for the email of the caller's own session. */
    async issueToken(session: SessionUser, email: string): Promise<{ token: string }> {
      if (!sameEmail(session.email, email))
        throw new AppError('FORBIDDEN', messages.accounts.ownTokenOnly)
      // The token names its session (its id, never its secret token), so it dies with it.
      return {
        token: await tokens.sign({
          userId: session.id,
          email: session.email,
          sessionId: session.sessionId,
        }),
      }
    },

    async isAdmin(actor: Actor, email: string): Promise<{ admin: boolean }> {
      assertSelfOrAdmin(actor, email)
      const row = await findUserByEmail(db, adminEmails, email)
      return { admin: row?.role === 'admin' }
    },

    async getProfile(actor: Actor, email: string): Promise<Profile> {
      assertSelfOrAdmin(actor, email)
      return toProfile(await requireUserByEmail(email))
    },

    async updateProfile(actor: Actor, email: string, body: UpdateProfileBody) {
      if (!isSelf(actor, email))
        throw new AppError('FORBIDDEN', 'You can only update your own profile.')
      const modifiedCount = await updateProfileFields(db, actor.id, body)
      return { acknowledged: true, modifiedCount }
    },

    async setCurrency(actor: Actor, currency: OrderCurrency) {
      await setPreferredCurrency(db, actor.id, currency)
      return { currency }
    },

    /** All Users for the CSV export, a page at a time, newest first. */
    async *exportPages(pageSize = 500) {
      let after: { at: string; id: string } | undefined
      for (;;) {
        const rows = await usersExportPage(db, adminEmails, after, pageSize)
        if (rows.length > 0) yield rows
        const last = rows[rows.length - 1]
        if (!last || rows.length < pageSize) return
        after = { at: last.at, id: last.id }
      }
    },

    async listUsers() {
      const rows = await listUsersNewestFirst(db, adminEmails)
      return rows.map((r) => ({ _id: r.id, email: r.email, name: r.name, role: r.role }))
    },

    async makeAdmin(actor: AuditActor, email: string): Promise<{ modifiedCount: number }> {
      const row = await requireUserByEmail(email)
      // The role and its audit row commit together; an admin already is one: nothing recorded.
      const modifiedCount = await db.transaction(async (tx) => {
        const changed = await promoteToAdmin(tx, row.id)
        if (changed > 0)
          await writeAuditEntry(tx, actor, {
            kind: 'user.make-admin',
            subjectType: 'user',
            subjectId: row.id,
            summary: activityWords.summary.madeAdmin(row.email),
            // The update touches only a row whose stored role is not admin yet.
            before: { role: 'customer' },
            after: { role: 'admin' },
          })
        return changed
      })
      return { modifiedCount }
    },

    /** Inside another domain's transaction: serializes what each of these accounts does. */
    lockUsers: (tx: DbOrTx, ids: readonly string[]) => lockUsersInOrder(tx, ids),
    /** Whether the account's e-mail is verified: what it may hold unpaid depends on it. */
    emailVerified: (tx: DbOrTx, id: string) => isEmailVerified(tx, id),
    buyerFacts: (tx: DbOrTx, id: string) => buyerFacts(tx, id),

    /** The same lock on one account, answering whether its e-mail is verified. */
    lockCustomer: (tx: DbOrTx, id: string) => lockUserReadVerified(tx, id),
  }
}
