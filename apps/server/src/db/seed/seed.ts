import { count, sql } from 'drizzle-orm'

import { messages, shopDate } from '@toolworks/shared'

import type { BlobRef } from '../../modules/blobs/blob-store.js'
import type { MediaService } from '../../modules/media/media.service.js'
import type { Db, DbOrTx } from '../client.js'
import { categories, exchangeRates, promotions, reviews, tools } from '../schema/index.js'
import { seedCategories } from './catalog/categories.js'
import { seedReviews } from './catalog/reviews.js'
import { seedTools } from './catalog/tools.js'
import {
  insertDemoAccounts,
  prepareDemoAccounts,
  writeDemoAccountsFile,
  type DemoAccountsSetup,
} from './demo-accounts.js'
import { insertDemoShop } from './demo-orders.js'
import { insertDemoQuotes, putDemoDrawings } from './demo-quotes.js'
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the seed numbers its paid demo orders' invoices; listed in db/README.md
import { numberSeededInvoices } from '../../modules/orders/invoices.queries.js'
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- and their Mushak-6.3 serials; listed in db/README.md
import { numberSeededMushakSerials } from '../../modules/orders/mushak.queries.js'

/** The demo's taka per US dollar. */
export const DEMO_TAKA_PER_USD = 122.5

// Any key works as long as every process uses the same one.
const SEED_LOCK_KEY = 727_002

export type SeedResult = {
  tools: number
  reviews: number
  promotions: number
  accounts: number
  orders: number
  /** Demo quote requests, with the demo orders. */
  quotes: number
}

const DAY_MS = 86_400_000
/** The demo offers run from a month ago to a year ahead, so a fresh shop always shows them. */
const PROMOTION_DAYS_BEFORE = 30
const PROMOTION_DAYS_AFTER = 365

/** The home page's two offers of the spec (docs/product.md §2 Home 6) as promotions. */
function demoPromotions(now: number) {
  const startsAt = shopDate(new Date(now - PROMOTION_DAYS_BEFORE * DAY_MS))
  const endsAt = shopDate(new Date(now + PROMOTION_DAYS_AFTER * DAY_MS))
  const words = messages.homeSections
  return [
    {
      kind: 'first-order' as const,
      percent: 50,
      capCents: 100_00,
      startsAt,
      endsAt,
      title: words.firstOrderTitle,
      text: words.firstOrderText,
    },
    {
      kind: 'free-shipping' as const,
      percent: null,
      capCents: null,
      startsAt,
      endsAt,
      title: words.freeShippingTitle,
      text: words.freeShippingText,
    },
  ]
}

/**
 * Fills an empty catalogue and an empty review list with the demo data; never deletes
 * and never adds to a table that already has rows, so running it again changes nothing.
 * The demo promotions come with the demo catalogue only: an admin who deleted every
 * promotion of a running shop does not get them back at the next start.
 *
 * With `demoAccounts` (development only: the caller decides, see demoAccountsAllowed) the
 * demo catalogue also brings the demo admin and buyer, and their passwords' file. Only the
 * run that fills the catalogue makes them, under the same lock, so two processes starting
 * together make them once, and a later start never changes their passwords.
 */
export async function seedDemoData(
  db: Db,
  media: MediaService,
  demoAccounts?: DemoAccountsSetup,
): Promise<SeedResult> {
  const [toolCount, reviewCount] = await Promise.all([
    countRows(db, 'tools'),
    countRows(db, 'reviews'),
  ])
  if (toolCount > 0 && reviewCount > 0)
    return { tools: 0, reviews: 0, promotions: 0, accounts: 0, orders: 0, quotes: 0 }

  // Images are encoded before the transaction: nothing slow may run inside one. The range's
  // tools share their family's picture: each distinct picture is stored once.
  const images = toolCount > 0 ? [] : await storeDemoPictures(media)
  const prepared =
    toolCount === 0 && demoAccounts ? await prepareDemoAccounts(demoAccounts) : undefined
  const demoDrawings = prepared ? await putDemoDrawings(media.blobs) : new Map<string, BlobRef>()
  const now = Date.now()

  return db.transaction(async (tx) => {
    // Two processes starting together must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    const result: SeedResult = {
      tools: 0,
      reviews: 0,
      promotions: 0,
      accounts: 0,
      orders: 0,
      quotes: 0,
    }

    const [toolsNow] = await tx.select({ n: count() }).from(tools)
    if ((toolsNow?.n ?? 0) === 0 && images.length === seedTools.length) {
      const categoryIds = await seedCategoryTree(tx)
      const rows = seedTools.map((t, i) => ({
        name: t.name,
        description: t.description,
        image: images[i]?.url ?? '',
        priceCents: t.priceCents,
        quantity: t.quantity,
        minimum: t.minimum,
        priceBreaks: t.priceBreaks ?? [],
        packSize: t.packSize ?? 1,
        madeToOrder: t.madeToOrder ?? false,
        leadTimeDays: t.leadTimeDays ?? null,
        partNumber: t.partNumber,
        categoryId: categoryIds.get(t.category) ?? null,
        specs: t.specs,
        documents: t.documents ?? [],
        // The list is newest first: the first demo tool is the newest.
        createdAt: new Date(now - i * 60_000),
      }))
      const inserted = await tx
        .insert(tools)
        .values(rows)
        .returning({ id: tools.id, name: tools.name })
      result.tools = inserted.length
      const [promotionsNow] = await tx.select({ n: count() }).from(promotions)
      if ((promotionsNow?.n ?? 0) === 0) {
        const offers = await tx
          .insert(promotions)
          .values(demoPromotions(now))
          .returning({ id: promotions.id })
        result.promotions = offers.length
      }
      // The demo prices in taka too: a rate as Bangladesh Bank published one, in
      // force from a month before the seed (rates are kept in ten-thousandths).
      const [ratesNow] = await tx.select({ n: count() }).from(exchangeRates)
      if ((ratesNow?.n ?? 0) === 0)
        await tx.insert(exchangeRates).values({
          perUsdUnits: DEMO_TAKA_PER_USD * 10_000,
          effectiveFrom: shopDate(new Date(now - 30 * DAY_MS)),
          setByEmail: 'demo seed',
        })
      if (prepared && demoAccounts) {
        result.accounts = await insertDemoAccounts(tx, prepared, new Date(now))
        // The shop's history comes with its demo buyer: development only, this run only.
        if (result.accounts > 0) {
          const byName = new Map(
            seedTools.filter((t) => !t.notInDemoHistory).map((t) => [t.name, t]),
          )
          const seeded = inserted.flatMap((row) => {
            const seed = byName.get(row.name)
            return seed ? [{ id: row.id, seed }] : []
          })
          result.orders = (await insertDemoShop(tx, seeded, now)).orders
          result.quotes = await insertDemoQuotes(tx, now, demoDrawings)
          // Made paid directly: their invoice numbers, in the order they were paid,
          // and their Mushak-6.3 serials.
          await numberSeededInvoices(tx)
          await numberSeededMushakSerials(tx)
        }
      }
    }

    const [reviewsNow] = await tx.select({ n: count() }).from(reviews)
    if ((reviewsNow?.n ?? 0) === 0) {
      const rows = seedReviews.map((r, i) => ({
        customerEmail: r.customer,
        customerName: r.customerName,
        reviewText: r.reviewText,
        stars: r.stars,
        createdAt: new Date(now - i * 3_600_000),
      }))
      result.reviews = (await tx.insert(reviews).values(rows).returning({ id: reviews.id })).length
    }
    // The passwords' file is the last step before the commit: a failed write rolls the
    // accounts back rather than leaving accounts nobody can sign in to. A commit that fails
    // after it leaves a file naming no accounts, which the next start (still an empty
    // catalogue) rewrites.
    if (prepared && demoAccounts && result.accounts > 0)
      writeDemoAccountsFile(demoAccounts.dataDir, prepared)
    return result
  })
}

/** Each tool's stored picture, in seedTools' order; a picture several tools share is encoded once. */
async function storeDemoPictures(media: MediaService) {
  const distinct = [...new Set(seedTools.map((t) => t.svg))]
  const stored = await Promise.all(distinct.map((svg) => media.store(Buffer.from(svg))))
  const bySvg = new Map(distinct.map((svg, i) => [svg, stored[i]]))
  return seedTools.map((t) => bySvg.get(t.svg))
}

/**
 * The demo category tree, parents first, when the shop has no categories yet.
 * Answers every category's id by slug (the shop's own when it already had them).
 */
export async function seedCategoryTree(tx: DbOrTx): Promise<Map<string, string>> {
  const existing = await tx.select({ id: categories.id, slug: categories.slug }).from(categories)
  const ids = new Map(existing.map((c) => [c.slug, c.id]))
  if (existing.length > 0) return ids
  for (const c of seedCategories) {
    const [row] = await tx
      .insert(categories)
      .values({
        slug: c.slug,
        name: c.name,
        description: c.description,
        parentId: c.parent ? (ids.get(c.parent) ?? null) : null,
        attributes: c.attributes,
      })
      .returning({ id: categories.id })
    if (row) ids.set(c.slug, row.id)
  }
  return ids
}

async function countRows(db: Db, table: 'tools' | 'reviews'): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table === 'tools' ? tools : reviews)
  return row?.n ?? 0
}
