import type { Category } from '@toolworks/shared'

/** The chain from the top-level category down to `slug` (empty when there is no such slug). */
export function categoryPath(categories: readonly Category[], slug: string): Category[] {
  const bySlug = new Map(categories.map((c) => [c.slug, c]))
  const chain: Category[] = []
  // The tree is at most 3 deep; the bound only guards against a loop in bad data.
  for (
    let c = bySlug.get(slug);
    c && chain.length < 10;
    c = c.parent ? bySlug.get(c.parent) : undefined
  )
    chain.unshift(c)
  return chain
}

/** The categories directly under `parent` (null: the top level), in the tree's order. */
export const childrenOf = (categories: readonly Category[], parent: string | null) =>
  categories.filter((c) => c.parent === parent)

/** A number as a buyer reads it beside its unit: `8 mm`, `1.5 kg`. */
export const withUnit = (value: number | string, unit: string | null) =>
  unit ? `${value} ${unit}` : String(value)
