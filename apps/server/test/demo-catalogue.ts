import type { Db } from '../src/db/client.js'
import { tools } from '../src/db/schema/index.js'
import { seedTools } from '../src/db/seed/catalog/tools.js'
import { seedCategoryTree } from '../src/db/seed/seed.js'

const IMAGE = '/media/0123456789abcdef0123456789abcdef-800.webp'

/**
 * The demo catalogue of the seed (categories, tools with part numbers and specs) without its
 * pictures, which the search tests do not need: inserting it takes milliseconds, not the
 * seconds of encoding every picture. Answers the tools' ids by name.
 */
export async function insertDemoCatalogue(db: Db): Promise<Map<string, string>> {
  const ids = await seedCategoryTree(db)
  const now = Date.now()
  const rows = await db
    .insert(tools)
    .values(
      seedTools.map((t, i) => ({
        name: t.name,
        description: t.description,
        image: IMAGE,
        priceCents: t.priceCents,
        // One tool out of stock, so "in stock only" has something to leave out.
        quantity: t.name.startsWith('Heavy-Duty Pipe Wrench') ? 0 : t.quantity,
        minimum: t.name.startsWith('Heavy-Duty Pipe Wrench') ? 1 : t.minimum,
        packSize: t.packSize ?? 1,
        partNumber: t.partNumber,
        categoryId: ids.get(t.category) ?? null,
        specs: t.specs,
        createdAt: new Date(now - i * 60_000),
      })),
    )
    .returning({ id: tools.id, name: tools.name })
  return new Map(rows.map((r) => [r.name, r.id]))
}
