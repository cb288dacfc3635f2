import { desc } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { contactMessages, newsletterSubscribers } from '../../db/schema/index.js'

export type ContactMessageRow = typeof contactMessages.$inferSelect
type NewContactMessageRow = typeof contactMessages.$inferInsert

export async function insertContactMessage(
  db: DbOrTx,
  row: NewContactMessageRow,
): Promise<ContactMessageRow> {
  const [inserted] = await db.insert(contactMessages).values(row).returning()
  if (!inserted) throw new Error('insert returned no row')
  return inserted
}

/** Newest first; the id breaks ties between messages of the same instant. */
export function listContactMessages(
  db: DbOrTx,
  page: { limit: number; offset: number },
): Promise<ContactMessageRow[]> {
  return db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(page.limit)
    .offset(page.offset)
}

/** Stores the address unless it is already there in any case; true when it was new. */
export async function insertSubscriber(db: DbOrTx, email: string): Promise<boolean> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id })
  return inserted.length > 0
}
