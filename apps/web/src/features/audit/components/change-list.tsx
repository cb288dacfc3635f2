import { activityWords, type AuditEntry } from '@toolworks/shared'

import { changeLines } from './change-lines'

const w = activityWords

/** An entry's changed values, one field a line: "Price: $12.00 → $14.50". */
export function ChangeList({ entry }: { entry: Pick<AuditEntry, 'before' | 'after'> }) {
  const lines = changeLines(entry)
  if (lines.length === 0) return <span className="text-base-content/60">{w.noChanges}</span>
  return (
    <ul className="space-y-0.5 text-sm">
      {lines.map((line) => (
        <li key={line.field} className="break-words">
          <span className="font-semibold">{line.label}:</span>{' '}
          {line.before !== undefined && line.after !== undefined ? (
            <>
              <span className="text-base-content/70">{line.before}</span>
              {' → '}
              <span>{line.after}</span>
            </>
          ) : line.after !== undefined ? (
            <span>{line.after}</span>
          ) : (
            <del className="text-base-content/70">{line.before}</del>
          )}
        </li>
      ))}
    </ul>
  )
}
