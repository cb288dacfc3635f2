import {
  CATEGORY_DEPTH_MAX,
  searchMessages as sm,
  type Category,
  type CategoryAttribute,
  type CategoryCreateBody,
  type CategoryUpdateBody,
} from '@toolworks/shared'

import type { Db, DbOrTx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import {
  countActiveToolsIn,
  deleteCategory,
  insertCategory,
  listCategories,
  updateCategory,
  type CategoryRow,
} from './categories.queries.js'

/** The category tree read from its rows: lookups by slug and id, subtrees, inheritance. */
export type CategoryTree = ReturnType<typeof categoryTree>

export function categoryTree(rows: readonly CategoryRow[]) {
  const byId = new Map(rows.map((r) => [r.id, r]))
  const bySlug = new Map(rows.map((r) => [r.slug, r]))
  const children = new Map<string, CategoryRow[]>()
  for (const r of rows)
    if (r.parentId) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r])

  /** The category and its ancestors, the root first. */
  const chain = (row: CategoryRow): CategoryRow[] => {
    const out: CategoryRow[] = []
    let c: CategoryRow | undefined = row
    // Bounded: a loop in the rows (which the service never writes) cannot hang a request.
    while (c && out.length <= CATEGORY_DEPTH_MAX + 1) {
      out.unshift(c)
      c = c.parentId ? byId.get(c.parentId) : undefined
    }
    return out
  }
  const subtree = (row: CategoryRow): CategoryRow[] => [
    row,
    ...(children.get(row.id) ?? []).flatMap(subtree),
  ]
  let apiList: Category[] | undefined
  const height = (row: CategoryRow): number =>
    1 + Math.max(0, ...(children.get(row.id) ?? []).map(height))

  return {
    rows,
    bySlug: (slug: string) => bySlug.get(slug),
    byId: (id: string) => byId.get(id),
    chain,
    subtree,
    height,
    children: (row: CategoryRow) => children.get(row.id) ?? [],
    /** Its own attributes after the inherited ones. */
    attributes: (row: CategoryRow): CategoryAttribute[] => chain(row).flatMap((c) => c.attributes),
    /**
     * The API's flat list: parents before children, siblings by name. Made once per tree (a
     * kept tree answers every search's facets); callers copy before changing it.
     */
    toApi(): readonly Category[] {
      apiList ??= rows
        .filter((r) => !r.parentId || !byId.has(r.parentId))
        .flatMap(subtree)
        .map((r) => ({
          slug: r.slug,
          name: r.name,
          description: r.description,
          parent: r.parentId ? (byId.get(r.parentId)?.slug ?? null) : null,
          attributes: r.attributes,
        }))
      return apiList
    },
  }
}

export const loadCategoryTree = async (db: DbOrTx) => categoryTree(await listCategories(db))

const notFound = () => new AppError('NOT_FOUND', sm.categoryNotFound)
const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { [field]: message })

export type CategoryService = ReturnType<typeof createCategoryService>

/**
 * The category tree and the admin's changes to it. `catalogChanged` runs after each
 * committed change: tools name their category by slug, and the facets read the attributes.
 */
export function createCategoryService({
  db,
  catalogChanged,
}: {
  db: Db
  catalogChanged: () => Promise<void>
}) {
  /** The rules of a category at its (new) place in the tree, checked inside the transaction. */
  function checkPlace(
    tree: CategoryTree,
    self: CategoryRow | undefined,
    parentSlug: string | null,
    attributes: CategoryAttribute[],
  ): string | null {
    const parent = parentSlug ? tree.bySlug(parentSlug) : undefined
    if (parentSlug && !parent) throw invalid('parent', sm.categoryUnknown(parentSlug))
    const parentChain = parent ? tree.chain(parent) : []
    if (self && parentChain.some((c) => c.id === self.id))
      throw invalid('parent', sm.categoryParentLoop)
    const height = self ? tree.height(self) : 1
    if (parentChain.length + height > CATEGORY_DEPTH_MAX)
      throw invalid('parent', sm.categoryTooDeep)
    const inherited = new Set(parentChain.flatMap((c) => c.attributes.map((a) => a.key)))
    const below = self
      ? tree
          .subtree(self)
          .slice(1)
          .flatMap((c) => c.attributes)
      : []
    for (const [i, a] of attributes.entries())
      if (inherited.has(a.key) || below.some((b) => b.key === a.key))
        throw invalid(`attributes.${i}`, sm.attributeKeyInherited(a.key))
    return parent?.id ?? null
  }

  async function slugFree(tx: DbOrTx, slug: string): Promise<void> {
    if ((await loadCategoryTree(tx)).bySlug(slug))
      throw new AppError('CONFLICT', sm.categorySlugTaken(slug))
  }

  return {
    /** `GET /api/category`: every category, parents first. */
    async list(): Promise<Category[]> {
      return [...(await loadCategoryTree(db)).toApi()]
    },

    async create(body: CategoryCreateBody): Promise<Category> {
      const created = await db.transaction(async (tx) => {
        await slugFree(tx, body.slug)
        const tree = await loadCategoryTree(tx)
        const parentId = checkPlace(tree, undefined, body.parent, body.attributes)
        const row = await insertCategory(tx, {
          slug: body.slug,
          name: body.name,
          description: body.description,
          parentId,
          attributes: body.attributes,
        })
        if (!row) throw new Error('insert returned no row')
        return row
      })
      await catalogChanged()
      return { ...apiOf(created), parent: body.parent }
    },

    async update(slug: string, body: CategoryUpdateBody): Promise<Category> {
      const updated = await db.transaction(async (tx) => {
        const tree = await loadCategoryTree(tx)
        const current = tree.bySlug(slug)
        if (!current) throw notFound()
        if (body.slug !== undefined && body.slug !== slug) await slugFree(tx, body.slug)
        const parentSlug =
          body.parent !== undefined
            ? body.parent
            : current.parentId
              ? (tree.byId(current.parentId)?.slug ?? null)
              : null
        const attributes = body.attributes ?? current.attributes
        const parentId = checkPlace(tree, current, parentSlug, attributes)
        const row = await updateCategory(tx, current.id, {
          ...(body.slug !== undefined && { slug: body.slug }),
          ...(body.name !== undefined && { name: body.name }),
          ...(body.description !== undefined && { description: body.description }),
          ...(body.attributes !== undefined && { attributes: body.attributes }),
          parentId,
        })
        if (!row) throw notFound()
        return { row, parent: parentSlug }
      })
      await catalogChanged()
      return { ...apiOf(updated.row), parent: updated.parent }
    },

    /** Only an empty category goes: no tools on sale in it, no sub-categories (409 with the count). */
    async remove(slug: string): Promise<{ acknowledged: true; deletedCount: number }> {
      await db.transaction(async (tx) => {
        const tree = await loadCategoryTree(tx)
        const current = tree.bySlug(slug)
        if (!current) throw notFound()
        const children = tree.children(current).length
        if (children > 0) throw new AppError('CONFLICT', sm.categoryHasChildren(children))
        const tools = await countActiveToolsIn(tx, current.id)
        if (tools > 0) throw new AppError('CONFLICT', sm.categoryHasTools(tools))
        if (!(await deleteCategory(tx, current.id))) throw notFound()
      })
      await catalogChanged()
      return { acknowledged: true, deletedCount: 1 }
    },
  }
}

function apiOf(row: CategoryRow): Omit<Category, 'parent'> {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    attributes: row.attributes,
  }
}
