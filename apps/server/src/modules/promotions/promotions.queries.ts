import { DOT_BLIND_DOMAINS, EMAIL_DOMAIN_ALIASES, PLUS_TAG_DOMAINS } from '@toolworks/shared'
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'

import { selectRows, type DbOrTx } from '../../db/client.js'
import { orders, promotions, users } from '../../db/schema/index.js'

export type PromotionRow = typeof promotions.$inferSelect
export type NewPromotionRow = typeof promotions.$inferInsert

/** Promotions active on a shop date (YYYY-MM-DD), both ends inclusive; first-order ones first. */
export function listActivePromotions(db: DbOrTx, day: string): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(and(lte(promotions.startsAt, day), gte(promotions.endsAt, day)))
    .orderBy(asc(promotions.kind), asc(promotions.startsAt), asc(promotions.id))
}

/** The first-order discounts active on a shop date; checkout gives the buyer the best of them. */
export function listActiveFirstOrderPromotions(db: DbOrTx, day: string): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.kind, 'first-order'),
        lte(promotions.startsAt, day),
        gte(promotions.endsAt, day),
      ),
    )
    .orderBy(asc(promotions.id))
}

/** Every promotion for the admin's table: the latest start first. */
export function listAllPromotions(db: DbOrTx): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .orderBy(desc(promotions.startsAt), asc(promotions.kind), asc(promotions.id))
}

export async function insertPromotion(db: DbOrTx, row: NewPromotionRow): Promise<PromotionRow> {
  const [inserted] = await db.insert(promotions).values(row).returning()
  if (!inserted) throw new Error('insert returned no row')
  return inserted
}

/** The row an edit merges into, locked so that two edits cannot both pass the merged check. */
export async function lockPromotion(tx: DbOrTx, id: string): Promise<PromotionRow | undefined> {
  const [row] = await tx
    .select()
    .from(promotions)
    .where(eq(promotions.id, id))
    .for('update')
    .limit(1)
  return row
}

export async function updatePromotion(
  tx: DbOrTx,
  id: string,
  changes: Partial<NewPromotionRow>,
): Promise<PromotionRow | undefined> {
  const [row] = await tx.update(promotions).set(changes).where(eq(promotions.id, id)).returning()
  return row
}

export async function deletePromotion(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(promotions)
    .where(eq(promotions.id, id))
    .returning({ id: promotions.id })
  return rows.length > 0
}

/**
 * `emailKey` of packages/shared/src/contact-keys.ts written in SQL, from the same domain lists,
 * so stored addresses are compared without a stored key (none was kept on older orders, and
 * the rule may grow). `email-key-sql.test.ts` runs both on the same addresses.
 */
export function emailKeySql(email: SQL): SQL {
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )
  const lower = sql`lower(trim(${email}))`
  const rawDomain = sql`split_part(${lower}, '@', 2)`
  const aliases = Object.entries(EMAIL_DOMAIN_ALIASES)
  const domain = sql`(case ${sql.join(
    aliases.map(([from, to]) => sql`when ${rawDomain} = ${from} then ${to}::text`),
    sql` `,
  )} else ${rawDomain} end)`
  const name = sql`split_part(${lower}, '@', 1)`
  const untagged = sql`(case when ${domain} in (${list(PLUS_TAG_DOMAINS)})
    then split_part(${name}, '+', 1) else ${name} end)`
  const undotted = sql`(case when ${domain} in (${list(DOT_BLIND_DOMAINS)})
    then replace(${untagged}, '.', '') else ${untagged} end)`
  return sql`(${undotted} || '@' || ${domain})`
}

/**
 * What already stands against a first-order discount: a live (not cancelled) order
 * of the account (`discountedOnly`: one that has the discount), a live discounted order of
 * another account whose e-mail reaches the same mailbox (`emailKey`: plus-tags, gmail's
 * dots), and a live order that had the discount for the same phone key or address key, from
 * any account. `except` leaves out one order (a cancelled one being paid late). Call it
 * holding the customer's lock and the keys'.
 */
export async function firstOrderClaims(
  tx: DbOrTx,
  buyer: { customerId: string; phoneKey: string; addressKey: string },
  options: { discountedOnly?: boolean; except?: string } = {},
): Promise<{ account: boolean; email: boolean; phone: boolean; address: boolean }> {
  const live = sql`${orders.status} <> 'cancelled'${options.except ? sql` and ${orders.id} <> ${options.except}` : sql``}`
  const discounted = sql`${orders.firstOrderDiscount} and ${live}`
  // Only discounted live orders are keyed: one per account at most, so the scan stays small.
  const buyerEmail = sql`(select ${users.email} from ${users} where ${users.id} = ${buyer.customerId})`
  const [row] = await selectRows<{
    account: boolean
    email: boolean
    phone: boolean
    address: boolean
  }>(
    tx,
    sql`select
      exists (select 1 from ${orders} where ${orders.customerId} = ${buyer.customerId}
        and ${options.discountedOnly ? discounted : live}) as account,
      exists (select 1 from ${orders} where ${discounted}
        and ${orders.customerId} <> ${buyer.customerId}
        and ${emailKeySql(sql`${orders.customerEmail}`)} = ${emailKeySql(buyerEmail)}) as email,
      exists (select 1 from ${orders} where ${orders.phoneKey} = ${buyer.phoneKey}
        and ${discounted}) as phone,
      exists (select 1 from ${orders} where ${orders.addressKey} = ${buyer.addressKey}
        and ${discounted}) as address`,
  )
  return {
    account: row?.account === true,
    email: row?.email === true,
    phone: row?.phone === true,
    address: row?.address === true,
  }
}

// Any advisory-lock class works, as long as every process uses the same one (see
// orders.queries.ts's sweep lock, a one-number key: the two-number keys never meet it).
const DISCOUNT_KEY_LOCK_CLASS = 725_025

/**
 * Locks phone and address keys for the rest of the transaction, given as the
 * decimal 32-bit numbers `discountKeyLockId` makes, already in one global order: two accounts
 * ordering to one phone at once are decided one after the other.
 */
export async function lockDiscountKeys(tx: DbOrTx, lockIds: readonly string[]): Promise<void> {
  if (lockIds.length === 0) return
  // One statement for a whole batch's keys, taken in the order given: the lock
  // function is volatile, so PostgreSQL calls it row by row after the sort.
  const keys = sql.param(lockIds.map(Number))
  await tx.execute(
    sql`select pg_advisory_xact_lock(${DISCOUNT_KEY_LOCK_CLASS}, key.id)
        from unnest(${keys}::int[]) with ordinality as key(id, n) order by key.n`,
  )
}
