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

/**
 * The catalogue's GIN indexes take each new row straight into the index (migration 0024). With
 * GIN's default fast update, rows wait in a pending list that every search reads in full and
 * that only a vacuum (or 4 MB more of writes) merges: after a bulk import of 10,000 tools the
 * planner priced each GIN scan at the whole list and read the table instead. The catalogue is
 * read far more than written, so a slightly dearer insert is the right trade.
 */
const GIN_DIRECT = { fastupdate: false }

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * The catalogue's category tree, at most 3 levels. A category's attributes are the
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

/** Groups of words that mean the same to the search, in the admin's order. */
export const searchSynonyms = pgTable('search_synonyms', {
  id: uuid('id').primaryKey().defaultRandom(),
  position: integer('position').notNull(),
  terms: text('terms').array().notNull(),
  ...timestamps,
})

/**
 * Every word of the catalogue's search text with a letter in it, three characters or more: a mistyped word
 * of a search is matched by similarity against these few thousand words, not against every
 * tool's text, and the words it finds are searched through the tsvector index. Filled by the
 * trigger `tools_search_lexicon` (migration 0026) on each tool's insert and change of name,
 * part number or specs; a word no tool has any more stays, and finds nothing.
 */
export const searchLexicon = pgTable('search_lexicon', { word: text('word').primaryKey() }, (t) => [
  index('search_lexicon_word_trgm_idx')
    .using('gin', sql`${t.word} gin_trgm_ops`)
    .with(GIN_DIRECT),
])

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
    /** Volume prices: ascending `{ minQuantity, priceCents }`, at most 5. */
    priceBreaks: jsonb('price_breaks')
      .$type<PriceBreakCents[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Sold only in multiples of this. */
    packSize: integer('pack_size').notNull().default(1),
    /** May be ordered beyond stock; the rest is made in leadTimeDays working days. */
    madeToOrder: boolean('made_to_order').notNull().default(false),
    leadTimeDays: integer('lead_time_days'),
    /** A deleted tool leaves the shop but its orders keep their snapshot. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Unique regardless of letter case (tools_part_number_idx). */
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
    /**
     * Lower-cased part number, name and spec values: the words of search_lexicon (a mistyped
     * word is matched against those), and the closeness that ranks a search's results.
     */
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
    // searches them by name: each of those reads walks one of these indexes.
    index('tools_active_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('tools_active_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('tools_name_search_idx')
      .using('gin', sql`to_tsvector('simple', ${t.name})`)
      .with(GIN_DIRECT)
      .where(sql`${t.deletedAt} is null`),
    // The catalogue search: each of its conditions is one of these indexes (pg_trgm, migration 0016).
    uniqueIndex('tools_part_number_idx').on(sql`lower(${t.partNumber})`),
    index('tools_part_number_trgm_idx')
      .using('gin', sql`lower(${t.partNumber}) gin_trgm_ops`)
      .with(GIN_DIRECT),
    // Quick order's closest part number: GiST answers `order by <-> limit 1` by
    // walking the index nearest first, which GIN cannot.
    index('tools_part_number_knn_idx')
      .using('gist', sql`lower(${t.partNumber}) gist_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    index('tools_category_idx')
      .on(t.categoryId)
      .where(sql`${t.deletedAt} is null`),
    index('tools_search_vector_idx').using('gin', t.searchVector).with(GIN_DIRECT),
    index('tools_specs_idx')
      .using('gin', sql`${t.specs} jsonb_path_ops`)
      .with(GIN_DIRECT),
  ],
)

/**
 * A document an admin uploaded for a tool: a datasheet, CAD file, manual or
 * certificate, its bytes in the blob store under `sha256`, its type sniffed from those bytes.
 * The tool's `documents` list names it by its served route (`/api/tool/{id}/documents/{id}`).
 */
export const toolDocuments = pgTable(
  'tool_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    /** One of DOCUMENT_KINDS: datasheet, cad, manual, certificate. */
    kind: text('kind').notNull(),
    /** The name shown on the product page, as the admin gave it. */
    name: text('name').notNull(),
    /** The file name it downloads as: the upload's stem and the sniffed type's extension. */
    fileName: text('file_name').notNull(),
    /** One of PRODUCT_DOCUMENT_FILE_TYPES: pdf, step, dxf, png, jpeg. */
    fileType: text('file_type').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    ...timestamps,
  },
  (t) => [
    index('tool_documents_tool_idx').on(t.toolId, t.createdAt),
    index('tool_documents_sha256_idx').on(t.sha256),
    check('tool_documents_sha256_shape', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
)
