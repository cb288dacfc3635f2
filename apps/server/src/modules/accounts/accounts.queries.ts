import { desc, eq, sql } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { users } from '../../db/schema/index.js'

const profileColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  image: users.image,
  role: users.role,
  emailVerified: users.emailVerified,
  phone: users.phone,
  location: users.location,
  education: users.education,
  linkedin: users.linkedin,
}

export type UserRow = { [K in keyof typeof profileColumns]: (typeof users.$inferSelect)[K] }

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, id)).limit(1)
  return row
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(profileColumns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1)
  return row
}

export function listUsersNewestFirst(db: DbOrTx, limit = 500) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
}

export async function updateProfileFields(
  db: DbOrTx,
  id: string,
  fields: { phone: string; location: string; education: string; linkedin: string },
): Promise<number> {
  const rows = await db
    .update(users)
    .set(fields)
    .where(eq(users.id, id))
    .returning({ id: users.id })
  return rows.length
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
