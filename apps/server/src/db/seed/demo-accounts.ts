import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { inArray, sql } from 'drizzle-orm'

import type { Config } from '../../config.js'
import type { Db, DbOrTx, Tx } from '../client.js'
import {
  accounts,
  orders,
  quoteRequests,
  reviews,
  sandboxPaymentIntents,
  users,
} from '../schema/index.js'

/**
 * Demo accounts: a verified admin and a verified customer, made with the demo
 * catalogue so a first `npm start` can show the admin side without editing ADMIN_EMAILS.
 * Development only: production never gets them, whatever SEED_DEMO says.
 */
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.toolworks.test', name: 'Demo Admin', role: 'admin' },
  { email: 'buyer@demo.toolworks.test', name: 'Demo Buyer', role: 'customer' },
] as const

/** Every demo account's address ends in it; no real mailbox does (`.test` is reserved). */
export const DEMO_DOMAIN = 'demo.toolworks.test'

/** How to remove them, as the production start says it. */
export const REMOVE_DEMO_COMMAND = 'npm run seed -- --remove-demo'

export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt'

/** What the seed needs to make them: where the file goes and Better Auth's own hasher. */
export type DemoAccountsSetup = {
  dataDir: string
  /** `(await auth.$context).password.hash`: the hash its email sign-in checks against. */
  hashPassword: (password: string) => Promise<string>
}

export type PreparedDemoAccount = (typeof DEMO_ACCOUNTS)[number] & {
  password: string
  hash: string
}

export function demoAccountsFile(dataDir: string): string {
  return path.join(dataDir, DEMO_ACCOUNTS_FILE)
}

/**
 * Only a development shop (`npm start` without NODE_ENV) gets them; the seed flag alone is not
 * enough. Production never does; neither does NODE_ENV=test, whose browser journeys seed the
 * catalogue and count on a shop with no orders and no accounts but their own.
 */
export function demoAccountsAllowed(config: Pick<Config, 'env' | 'seedDemo'>): boolean {
  return config.seedDemo && config.env === 'development'
}

/**
 * Passwords from the CSPRNG, hashed before the seed's transaction opens: the hash is slow
 * on purpose, and nothing slow may run inside a transaction (PGlite runs one at a time).
 */
export async function prepareDemoAccounts(
  setup: DemoAccountsSetup,
): Promise<PreparedDemoAccount[]> {
  return Promise.all(
    DEMO_ACCOUNTS.map(async (account) => {
      const password = randomBytes(18).toString('base64url')
      return { ...account, password, hash: await setup.hashPassword(password) }
    }),
  )
}

/**
 * Inside the seed's locked transaction: the user and credential rows Better Auth's sign-up
 * would write, verified, with the stored role. Nothing when any of the addresses already
 * has an account, so a person's own account is never taken over. Answers how many it made.
 */
export async function insertDemoAccounts(
  tx: Tx,
  prepared: readonly PreparedDemoAccount[],
  now: Date,
): Promise<number> {
  const emails = prepared.map((a) => a.email)
  const existing = await tx.select({ id: users.id }).from(users).where(inArray(users.email, emails))
  if (existing.length > 0) return 0
  for (const account of prepared) {
    const id = randomUUID()
    await tx.insert(users).values({
      id,
      name: account.name,
      email: account.email,
      emailVerified: true,
      role: account.role,
      createdAt: now,
      updatedAt: now,
    })
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: account.hash,
      createdAt: now,
      updatedAt: now,
    })
  }
  return prepared.length
}

/**
 * The passwords, readable by the owner only. Written through a temporary file so a reader
 * never sees half a file, and so the mode is 0600 even where an older file was laxer.
 */
export function writeDemoAccountsFile(
  dataDir: string,
  prepared: readonly PreparedDemoAccount[],
): void {
  mkdirSync(dataDir, { recursive: true })
  const file = demoAccountsFile(dataDir)
  const lines = [
    '# Toolworks demo accounts: for development only, never used in production.',
    '# email password role',
    ...prepared.map((a) => `${a.email} ${a.password} ${a.role}`),
  ]
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, `${lines.join('\n')}\n`, { mode: 0o600 })
  renameSync(temporary, file)
}

/**
 * What the server says at start about the demo shop: the shop, where to sign in as admin,
 * the API docs and the outbox. Undefined in production or when no demo accounts were made.
 * Names the password file, never a password.
 */
export function demoStartNotice(
  config: Pick<Config, 'env' | 'seedDemo' | 'dataDir' | 'publicUrl'>,
): { lines: string[]; line: string } | undefined {
  if (!demoAccountsAllowed(config)) return undefined
  const file = demoAccountsFile(config.dataDir)
  if (!existsSync(file)) return undefined
  const admin = DEMO_ACCOUNTS[0].email
  const parts = {
    shop: config.publicUrl,
    admin: `${admin} (password in ${file})`,
    docs: `${config.publicUrl}/api/docs`,
    outbox: path.join(config.dataDir, 'outbox'),
  }
  return {
    lines: [
      'Toolworks demo shop (development only)',
      `  Shop:      ${parts.shop}`,
      `  Admin:     ${parts.admin}`,
      `  API docs:  ${parts.docs}`,
      `  Outbox:    ${parts.outbox}`,
    ],
    line:
      `Demo shop at ${parts.shop}: sign in as admin ${parts.admin}; ` +
      `API docs ${parts.docs}; emails in ${parts.outbox}`,
  }
}

const demoUsers = sql`lower(${users.email}) like ${`%@${DEMO_DOMAIN}`}`

/** How many accounts of the demo domain the database holds. */
export async function countDemoAccounts(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(demoUsers)
  return Number(row?.n ?? 0)
}

/**
 * A production server does not start while demo accounts exist: their passwords sat
 * in a file, and the admin one runs the shop. The one line to print, or undefined.
 */
export async function demoAccountsRefusal(
  db: DbOrTx,
  config: Pick<Config, 'env'>,
): Promise<string | undefined> {
  if (config.env !== 'production') return undefined
  const n = await countDemoAccounts(db)
  if (n === 0) return undefined
  return `Refusing to start in production: this database holds ${n} demo account(s) (@${DEMO_DOMAIN}). Remove them with: ${REMOVE_DEMO_COMMAND}`
}

/**
 * `npm run seed -- --remove-demo`: the demo accounts and what was made in their names (their
 * orders with lines and sandbox payments, quote requests, reviews, carts, sessions) go, in one
 * transaction. The catalogue stays. Answers how many accounts were removed.
 */
export async function removeDemoAccounts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = (await tx.select({ id: users.id }).from(users).where(demoUsers)).map((r) => r.id)
    if (ids.length === 0) return 0
    const orderIds = (
      await tx.select({ id: orders.id }).from(orders).where(inArray(orders.customerId, ids))
    ).map((r) => r.id)
    if (orderIds.length > 0) {
      await tx.delete(sandboxPaymentIntents).where(inArray(sandboxPaymentIntents.orderId, orderIds))
      // Order lines go with their order (on delete cascade).
      await tx.delete(orders).where(inArray(orders.id, orderIds))
    }
    await tx.delete(quoteRequests).where(inArray(quoteRequests.customerId, ids))
    await tx.delete(reviews).where(inArray(reviews.userId, ids))
    // Sessions, sign-in accounts and cart lines go with the user (on delete cascade).
    await tx.delete(accounts).where(inArray(accounts.userId, ids))
    await tx.delete(users).where(inArray(users.id, ids))
    return ids.length
  })
}
