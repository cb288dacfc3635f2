import type { Category, CategoryAttribute, Specs, Tool, ToolUpdateBody } from '@toolworks/shared'

/** What Part number, Category and the specification inputs hold (all text until sent). */
export type CatalogFieldValues = {
  partNumber: string
  category: string
  specs: Record<string, string>
}

export const emptyCatalogFields = (): CatalogFieldValues => ({
  partNumber: '',
  category: '',
  specs: {},
})

/** A tool's catalogue fields as the edit form shows them. */
export const catalogFieldsOf = (tool: Tool): CatalogFieldValues => ({
  partNumber: tool.partNumber ?? '',
  category: tool.category ?? '',
  specs: Object.fromEntries(Object.entries(tool.specs ?? {}).map(([k, v]) => [k, String(v)])),
})

/** A category's attributes, its parents' first (sub-categories inherit them). */
export function attributesOf(categories: readonly Category[], slug: string): CategoryAttribute[] {
  const bySlug = new Map(categories.map((c) => [c.slug, c]))
  const chain: Category[] = []
  let current = bySlug.get(slug)
  while (current && chain.length < 4) {
    chain.unshift(current)
    current = current.parent ? bySlug.get(current.parent) : undefined
  }
  return chain.flatMap((c) => c.attributes)
}

/**
 * The specs to send: the chosen category's attributes that hold a value, numbers as numbers.
 * A number input the browser could not read stays text, so the server names the field.
 */
export function specsToSend(
  specs: Record<string, string>,
  attributes: readonly CategoryAttribute[],
): Specs {
  const out: Specs = {}
  for (const attribute of attributes) {
    const raw = (specs[attribute.key] ?? '').trim()
    if (raw === '') continue
    const number = Number(raw)
    out[attribute.key] = attribute.type === 'number' && Number.isFinite(number) ? number : raw
  }
  return out
}

/** Add Product's catalogue fields: only those given. */
export function catalogCreateFields(
  values: CatalogFieldValues,
  categories: readonly Category[],
): Pick<ToolUpdateBody, 'partNumber' | 'category' | 'specs'> {
  const partNumber = values.partNumber.trim()
  return {
    ...(partNumber !== '' && { partNumber }),
    ...(values.category !== '' && {
      category: values.category,
      specs: specsToSend(values.specs, attributesOf(categories, values.category)),
    }),
  }
}

/** The edit's catalogue fields: only what differs from the tool (empty clears). */
export function catalogChangedFields(
  tool: Tool,
  values: CatalogFieldValues,
  categories: readonly Category[],
): Pick<ToolUpdateBody, 'partNumber' | 'category' | 'specs'> {
  const body: Pick<ToolUpdateBody, 'partNumber' | 'category' | 'specs'> = {}
  const partNumber = values.partNumber.trim()
  if (partNumber !== (tool.partNumber ?? ''))
    body.partNumber = partNumber === '' ? null : partNumber
  const specs =
    values.category === ''
      ? {}
      : specsToSend(values.specs, attributesOf(categories, values.category))
  const categoryChanged = values.category !== (tool.category ?? '')
  if (categoryChanged || JSON.stringify(specs) !== JSON.stringify(tool.specs ?? {})) {
    if (categoryChanged) body.category = values.category === '' ? null : values.category
    if (values.category !== '') body.specs = specs
  }
  return body
}

/** The server's field names these inputs show: partNumber, category, specs.<key>. */
export const catalogFieldNames = (attributes: readonly CategoryAttribute[]) => [
  'partNumber' as const,
  'category' as const,
  ...attributes.map((a) => `specs.${a.key}` as const),
]
