import type { CategoryAttribute } from '@toolworks/shared'
import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.js'
import { categories, tools } from '../../db/schema/index.js'

export type CategoryRow = {
  id: string
  slug: string
  name: string
  description: string
  parentId: string | null
  attributes: CategoryAttribute[]
}

const categoryColumns = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  description: categories.description,
  parentId: categories.parentId,
  attributes: categories.attributes,
}

/** Every category (a shop has tens of them), by name. */
export function listCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db
    .select(categoryColumns)
    .from(categories)
    .orderBy(asc(categories.name), asc(categories.slug))
}

export async function insertCategory(
  tx: DbOrTx,
  values: Omit<CategoryRow, 'id'>,
): Promise<CategoryRow | undefined> {
  const [row] = await tx.insert(categories).values(values).returning(categoryColumns)
  return row
}

export async function insertCategories(
  tx: DbOrTx,
  values: (Omit<CategoryRow, 'id'> & { id?: string })[],
): Promise<void> {
  if (values.length > 0) await tx.insert(categories).values(values)
}

export async function updateCategory(
  tx: DbOrTx,
  id: string,
  values: Partial<Omit<CategoryRow, 'id'>>,
): Promise<CategoryRow | undefined> {
  const [row] = await tx
    .update(categories)
    .set(values)
    .where(eq(categories.id, id))
    .returning(categoryColumns)
  return row
}

/** Tools on sale in this one category (not its sub-categories). */
export async function countActiveToolsIn(tx: DbOrTx, id: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(tools)
    .where(and(eq(tools.categoryId, id), isNull(tools.deletedAt)))
  return row?.n ?? 0
}

/**
 * Deletes a category that has no tools on sale: tools taken off sale let go of it first (their
 * orders keep their own snapshot).
 */
export async function deleteCategory(tx: DbOrTx, id: string): Promise<boolean> {
  await tx
    .update(tools)
    .set({ categoryId: null })
    .where(and(eq(tools.categoryId, id), isNotNull(tools.deletedAt)))
  const rows = await tx
    .delete(categories)
    .where(eq(categories.id, id))
    .returning({ id: categories.id })
  return rows.length > 0
}
