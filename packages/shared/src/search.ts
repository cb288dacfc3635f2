import { z } from 'zod'

import { TOOL_LIST_MAX_LIMIT, TOOL_SEARCH_MAX } from './constants.js'
import { searchMessages as sm } from './messages-search.js'
import { ATTRIBUTE_KEY, CATEGORY_SLUG, parseSpecFilters, SUGGEST_MAX } from './spec-filters.js'

// The rules the browser's first screen needs without zod live in spec-filters.ts.
export * from './spec-filters.js'

/**
 * The catalogue search: categories with typed attributes, part numbers,
 * specifications, documents, the search's query words and its answers.
 */

export const ATTRIBUTE_TYPES = ['number', 'enum', 'text'] as const
export const DOCUMENT_KINDS = ['datasheet', 'cad', 'manual', 'certificate'] as const
export const SEARCH_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]
/** 3–32 characters of A-Z 0-9 - . / (either case; matched regardless of case). */
export const PART_NUMBER_PATTERN = /^[A-Za-z0-9./-]{3,32}$/

export const AttributeKeySchema = z.string().regex(ATTRIBUTE_KEY, sm.attributeKeyBad)
export const CategorySlugSchema = z.string().trim().regex(CATEGORY_SLUG, sm.categorySlugBad)

export const CategoryAttributeSchema = z.object({
  key: AttributeKeySchema,
  label: z.string().trim().min(1).max(60),
  unit: z.string().trim().max(16).nullable().default(null),
  type: z.enum(ATTRIBUTE_TYPES),
  /** The allowed values of an `enum`; empty for the other types. */
  values: z.array(z.string().trim().min(1).max(60)).max(100).default([]),
  filterable: z.boolean().default(true),
  required: z.boolean().default(false),
})
export type CategoryAttribute = z.output<typeof CategoryAttributeSchema>

/** A category as `GET /api/category` lists it; `parent` is the parent's slug. */
export const CategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  parent: z.string().nullable(),
  attributes: z.array(CategoryAttributeSchema),
})
export type Category = z.output<typeof CategorySchema>

function attributesProblems(attributes: CategoryAttribute[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>()
  attributes.forEach((a, i) => {
    if (seen.has(a.key))
      ctx.addIssue({
        code: 'custom',
        message: sm.attributeKeyTwice(a.key),
        path: ['attributes', i],
      })
    seen.add(a.key)
    if (a.type === 'enum' && a.values.length === 0)
      ctx.addIssue({
        code: 'custom',
        message: sm.attributeEnumValues(a.key),
        path: ['attributes', i, 'values'],
      })
  })
}

const categoryFields = {
  slug: CategorySlugSchema,
  name: z.string().trim().min(1, sm.categoryNameRequired).max(80),
  description: z.string().trim().max(2_000).default(''),
  parent: CategorySlugSchema.nullable().default(null),
  attributes: z.array(CategoryAttributeSchema).max(40).default([]),
}

export const CategoryCreateBodySchema = z
  .object(categoryFields)
  .superRefine((body, ctx) => attributesProblems(body.attributes, ctx))
export type CategoryCreateBody = z.output<typeof CategoryCreateBodySchema>

export const CategoryUpdateBodySchema = z
  .object({
    slug: categoryFields.slug.optional(),
    name: categoryFields.name.optional(),
    description: z.string().trim().max(2_000).optional(),
    parent: CategorySlugSchema.nullable().optional(),
    attributes: z.array(CategoryAttributeSchema).max(40).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.attributes) attributesProblems(body.attributes, ctx)
  })
export type CategoryUpdateBody = z.output<typeof CategoryUpdateBodySchema>

export const CategorySlugParamsSchema = z.object({ slug: z.string().max(100) })

/** A tool's specifications: attribute key → a number or a text. */
export const SpecsSchema = z.record(AttributeKeySchema, z.union([z.number(), z.string().max(200)]))
export type Specs = z.infer<typeof SpecsSchema>

export const ToolDocumentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: sm.documentKind }),
  name: z.string().trim().min(1).max(120),
  url: z
    .string()
    .trim()
    .max(500)
    .refine((u) => /^\/[^/]/.test(u) || /^https?:\/\/[^\s]+$/.test(u), sm.documentUrl),
})
export type ToolDocument = z.infer<typeof ToolDocumentSchema>

export const PartNumberSchema = z.string().trim().regex(PART_NUMBER_PATTERN, sm.partNumberBad)

/** The search's tool fields as an admin writes them; all optional, null clears (on edit). */
export const toolSearchFields = {
  partNumber: PartNumberSchema.nullable().optional(),
  category: CategorySlugSchema.nullable().optional(),
  specs: SpecsSchema.optional(),
  documents: z.array(ToolDocumentSchema).max(20).optional(),
}

/** The sort words of the search, plus the list's older `price_asc` / `price_desc`. */
export const ToolSearchSortSchema = z.enum([...SEARCH_SORTS, 'price_asc', 'price_desc'])
export type ToolSearchSort = z.infer<typeof ToolSearchSortSchema>
export const normalSort = (sort: ToolSearchSort | undefined): SearchSort | undefined =>
  sort === 'price_asc' ? 'price-asc' : sort === 'price_desc' ? 'price-desc' : sort

const searchParams = {
  q: z.string().trim().max(TOOL_SEARCH_MAX).optional(),
  category: z.string().trim().max(100).optional(),
  inStock: z.enum(['true', 'false']).optional(),
}

function specProblems(query: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const p of parseSpecFilters(query).problems)
    ctx.addIssue({ code: 'custom', message: p.message, path: [p.field] })
}

/**
 * `GET /api/tool`: the list's `limit`, `offset`, `q`, `sort`, plus the search's `category`
 * (its sub-categories included), `spec.<key>=a,b` or `spec.<key>=min..max`, `inStock=true`.
 */
export const ToolSearchQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(TOOL_LIST_MAX_LIMIT).optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
    sort: ToolSearchSortSchema.optional(),
    ...searchParams,
  })
  // spec.<key> parameters pass through and are read by parseSpecFilters.
  .loose()
  .superRefine(specProblems)
export type ToolSearchQuery = z.output<typeof ToolSearchQuerySchema>

/** `GET /api/tool/facets`: the search's filters, no paging or sort. */
export const ToolFacetsQuerySchema = z
  .object(searchParams)
  // spec.<key> parameters pass through and are read by parseSpecFilters.
  .loose()
  .superRefine(specProblems)
export type ToolFacetsQuery = z.output<typeof ToolFacetsQuerySchema>

export const SpecFacetSchema = z.union([
  z.object({ values: z.array(z.object({ value: z.string(), count: z.number().int() })) }),
  z.object({ min: z.number().nullable(), max: z.number().nullable() }),
])
export type SpecFacet = z.infer<typeof SpecFacetSchema>

/** Disjunctive counts: each facet counts as if its own filter were off. */
export const ToolFacetsSchema = z.object({
  total: z.number().int(),
  categories: z.array(z.object({ slug: z.string(), count: z.number().int() })),
  specs: z.record(z.string(), SpecFacetSchema),
})
export type ToolFacets = z.infer<typeof ToolFacetsSchema>

export const SuggestQuerySchema = z.object({
  q: z.string().trim().max(TOOL_SEARCH_MAX).default(''),
})
export const SuggestionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  partNumber: z.string().nullable(),
})
export type Suggestion = z.infer<typeof SuggestionSchema>

export const PartNumberParamsSchema = z.object({ partNumber: z.string().max(100) })

const SYNONYM_TERM = /^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+){0,3}$/u
/** Groups of words or phrases that mean the same: `[["vise", "vice"], …]`. */
export const SynonymsSchema = z
  .array(
    z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .max(40, sm.synonymTerm)
          .transform((t) => t.replace(/\s+/g, ' '))
          .pipe(z.string().regex(SYNONYM_TERM, sm.synonymTerm)),
      )
      .min(2, sm.synonymGroupSize)
      .max(12, sm.synonymGroupSize),
  )
  .max(500, sm.synonymTooMany)
export type Synonyms = z.output<typeof SynonymsSchema>
/** The synonyms as the server answers them (already normalised). */
export const SynonymsAnswerSchema = z.array(z.array(z.string()))

export const categoryContract = {
  list: { method: 'GET', path: '/api/category', response: z.array(CategorySchema) },
  create: {
    method: 'POST',
    path: '/api/category',
    body: CategoryCreateBodySchema,
    response: CategorySchema,
  },
  update: {
    method: 'PUT',
    path: '/api/category/:slug',
    params: CategorySlugParamsSchema,
    body: CategoryUpdateBodySchema,
    response: CategorySchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/category/:slug',
    params: CategorySlugParamsSchema,
    response: z.object({ acknowledged: z.literal(true), deletedCount: z.number().int() }),
  },
} as const

export const searchContract = {
  facets: {
    method: 'GET',
    path: '/api/tool/facets',
    query: ToolFacetsQuerySchema,
    response: ToolFacetsSchema,
  },
  suggest: {
    method: 'GET',
    path: '/api/tool/suggest',
    query: SuggestQuerySchema,
    response: z.array(SuggestionSchema).max(SUGGEST_MAX),
  },
  part: { method: 'GET', path: '/api/tool/part/:partNumber', params: PartNumberParamsSchema },
  synonyms: { method: 'GET', path: '/api/search/synonyms', response: SynonymsAnswerSchema },
  putSynonyms: {
    method: 'PUT',
    path: '/api/search/synonyms',
    body: SynonymsSchema,
    response: SynonymsAnswerSchema,
  },
} as const

/**
 * A tool's specifications against its category's attributes (on create, edit and
 * import): an unknown key, a wrong type, a value not in an enumeration, or a missing required
 * attribute, named by its field (`specs.<key>`). Null when they hold.
 */
export function specsProblem(
  specs: Specs,
  attributes: readonly CategoryAttribute[],
  categoryName: string,
): { field: string; message: string } | null {
  const byKey = new Map(attributes.map((a) => [a.key, a]))
  for (const [key, value] of Object.entries(specs)) {
    const field = `specs.${key}`
    const attribute = byKey.get(key)
    if (!attribute) return { field, message: sm.specUnknown(key, categoryName) }
    if (attribute.type === 'number' && (typeof value !== 'number' || !Number.isFinite(value)))
      return { field, message: sm.specNotNumber(attribute.label) }
    if (attribute.type !== 'number' && typeof value !== 'string')
      return { field, message: sm.specNotText(attribute.label) }
    if (attribute.type === 'enum' && !attribute.values.includes(String(value)))
      return { field, message: sm.specNotInList(attribute.label, attribute.values) }
  }
  for (const attribute of attributes)
    if (attribute.required && !(attribute.key in specs))
      return { field: `specs.${attribute.key}`, message: sm.specRequired(attribute.label) }
  return null
}
