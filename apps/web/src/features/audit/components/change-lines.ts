import { activityWords, formatMoney, fromCents, type AuditEntry } from '@toolworks/shared'

const w = activityWords

/** One line of an entry's changes, as a person reads it: "Price: $12.00 → $14.50". */
export type ChangeLine = { field: string; label: string; before?: string; after?: string }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const money = (cents: unknown) =>
  typeof cents === 'number' ? formatMoney(fromCents(cents)) : String(cents)

/** A recorded value in words: money from cents, yes/no, price breaks and quote lines. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return w.none
  if (field.endsWith('Cents')) return money(value)
  if (typeof value === 'boolean') return value ? w.yes : w.no
  if (typeof value === 'string') return value === '' ? w.empty : value
  if (typeof value === 'number') return value.toLocaleString('en-US')
  if (Array.isArray(value)) {
    if (value.length === 0) return w.none
    return value
      .map((item) => {
        if (!isRecord(item)) return String(item)
        // A quote line: a quantity at a unit price; a price break: from a quantity.
        if ('unitPriceCents' in item)
          return `${formatValue('quantity', item.quantity)} × ${money(item.unitPriceCents)} ${w.each}`
        if ('minQuantity' in item && 'priceCents' in item)
          return `${formatValue('quantity', item.minQuantity)}+ ${money(item.priceCents)}`
        return JSON.stringify(item)
      })
      .join('; ')
  }
  return JSON.stringify(value)
}

const labelOf = (field: string) => w.fields[field] ?? field

/**
 * The lines of an entry: both sides for an edit, the values of a created row, the removed
 * row's values for a delete, in the order of `activityWords.fields`.
 */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after'>): ChangeLine[] {
  const before = entry.before ?? undefined
  const after = entry.after ?? undefined
  // jsonb keeps keys in an order of its own: show them in the order of the words instead.
  const known = Object.keys(w.fields)
  const rank = (field: string) => (known.includes(field) ? known.indexOf(field) : known.length)
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort(
    (a, b) => rank(a) - rank(b),
  )
  return fields.map((field) => ({
    field,
    label: labelOf(field),
    ...(before && { before: formatValue(field, before[field]) }),
    ...(after && { after: formatValue(field, after[field]) }),
  }))
}
