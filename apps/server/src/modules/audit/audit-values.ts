import type { AuditValues } from '@toolworks/shared'

/** Two JSON values are the same change-wise (arrays and objects compared by content). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The fields an update changed, each with its value before and after; null when nothing
 * changed (an edit that saves the same values records nothing). Only keys present in `after`
 * count: an edit names the fields it sets.
 */
export function changedValues(
  before: AuditValues,
  after: AuditValues,
): { before: AuditValues; after: AuditValues } | null {
  const was: AuditValues = {}
  const now: AuditValues = {}
  for (const key of Object.keys(after)) {
    if (same(before[key], after[key])) continue
    was[key] = before[key] ?? null
    now[key] = after[key] ?? null
  }
  return Object.keys(now).length === 0 ? null : { before: was, after: now }
}

/** The first 8 characters of an id: how an order is named to a person (as on the pages). */
export const shortId = (id: string) => id.slice(0, 8)
