import type { CategoryAttribute, PriceBreakCents, Specs, ToolDocument } from '@toolworks/shared'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

import { timestamps } from './columns.js'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * The catalogue's category tree (issue 29), at most 3 levels. A category's attributes are the
 * typed specifications of its tools; sub-categories inherit their parents'.
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'restrict',
    }),
    attributes: jsonb('attributes')
      .$type<CategoryAttribute[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
)

/** Groups of words that mean the same to the search (issue 29), in the admin's order. */
export const searchSynonyms = pgTable('search_synonyms', {
  id: uuid('id').primaryKey().defaultRandom(),
  position: integer('position').notNull(),
  terms: text('terms').array().notNull(),
  ...timestamps,
})

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    minimum: integer('minimum').notNull().default(1),
    /** Volume prices (issue 14): ascending `{ minQuantity, priceCents }`, at most 5. */
    priceBreaks: jsonb('price_breaks')
      .$type<PriceBreakCents[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Sold only in multiples of this. */
    packSize: integer('pack_size').notNull().default(1),
    /** May be ordered beyond stock; the rest is made in leadTimeDays working days. */
    madeToOrder: boolean('made_to_order').notNull().default(false),
    leadTimeDays: integer('lead_time_days'),
    /** A deleted tool leaves the shop but its orders keep their snapshot (issue 6). */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Issue 29: unique regardless of letter case (tools_part_number_idx). */
    partNumber: text('part_number'),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    /** Attribute key → number or text, checked against the category's attributes. */
    specs: jsonb('specs')
      .$type<Specs>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    documents: jsonb('documents')
      .$type<ToolDocument[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * What the search's words match (modules/catalog/search.queries.ts): the part number and
     * name weigh most, spec values next, the description least.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(part_number, '')), 'A') || setweight(to_tsvector('simple', name), 'A') || setweight(jsonb_to_tsvector('simple', specs, '["string", "numeric"]'), 'B') || setweight(to_tsvector('simple', description), 'C')`,
    ),
    /** Lower-cased part number, name and spec values, for pg_trgm's typo-tolerant match. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(part_number, '') || ' ' || name || ' ' || jsonb_path_query_array(specs, '$.*')::text)`,
    ),
    ...timestamps,
  },
  (t) => [
    check('tools_price_positive', sql`${t.priceCents} > 0`),
    check('tools_quantity_not_negative', sql`${t.quantity} >= 0`),
    check('tools_minimum_positive', sql`${t.minimum} >= 1`),
    check('tools_pack_size_positive', sql`${t.packSize} >= 1`),
    check(
      'tools_made_to_order_lead_time',
      sql`not ${t.madeToOrder} or ${t.leadTimeDays} between 1 and 365`,
    ),
    // The shop lists only tools on sale, newest first or by price, 24 at a time, and
    // searches them by name (issue 8): each of those reads walks one of these indexes.
    index('tools_active_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('tools_active_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('tools_name_search_idx')
      .using('gin', sql`to_tsvector('simple', ${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    // Issue 29's search: each of its conditions is one of these indexes (pg_trgm, migration 0016).
    uniqueIndex('tools_part_number_idx').on(sql`lower(${t.partNumber})`),
    index('tools_part_number_trgm_idx').using('gin', sql`lower(${t.partNumber}) gin_trgm_ops`),
    index('tools_category_idx')
      .on(t.categoryId)
      .where(sql`${t.deletedAt} is null`),
    index('tools_search_vector_idx').using('gin', t.searchVector),
    index('tools_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('tools_specs_idx').using('gin', sql`${t.specs} jsonb_path_ops`),
  ],
)
