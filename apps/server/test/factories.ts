import type { Db } from '../src/db/client.js'
import { tools } from '../src/db/schema/index.js'

type ToolInsert = typeof tools.$inferInsert

let sequence = 0

/** A valid tool row; override only what the test is about (STYLE.md §7). */
export function makeToolRow(overrides: Partial<ToolInsert> = {}): ToolInsert {
  sequence += 1
  return {
    name: `Test wrench ${sequence}`,
    description: 'Drop-forged chrome vanadium steel.',
    image: '/media/0123456789abcdef0123456789abcdef-800.webp',
    priceCents: 1999,
    quantity: 100,
    minimum: 1,
    ...overrides,
  }
}

export async function insertTool(db: Db, overrides: Partial<ToolInsert> = {}) {
  const [row] = await db.insert(tools).values(makeToolRow(overrides)).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}
