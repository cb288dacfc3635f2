import { useId, useState, type FormEvent } from 'react'

import { activityWords, AUDIT_KINDS } from '@toolworks/shared'

import type { AuditFilters as Filters } from '../api/get-audit'

const w = activityWords

type AuditFiltersProps = {
  filters: Filters
  /** The new filters (page back to 1); the route keeps them in the URL. */
  onApply: (filters: Omit<Filters, 'page'>) => void
}

/**
 * Person, kind and dates. The form's fields are the URL's: applying it (the button, Enter)
 * asks the server again; the fields are uncontrolled, reset when the URL changes.
 */
export function AuditFilters({ filters, onApply }: AuditFiltersProps) {
  const id = useId()
  const [problem, setProblem] = useState<string | null>(null)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const value = (name: string) => {
      const field = data.get(name)
      const text = typeof field === 'string' ? field.trim() : ''
      return text === '' ? undefined : text
    }
    const next = {
      actor: value('actor'),
      kind: value('kind'),
      from: value('from'),
      to: value('to'),
    }
    // The server refuses it too; saying so here keeps the page as it was.
    if (next.from && next.to && next.to < next.from) return setProblem(w.toBeforeFrom)
    setProblem(null)
    onApply(next)
  }
  const hasFilters = Boolean(filters.actor || filters.kind || filters.from || filters.to)
  return (
    <form
      role="search"
      aria-label={w.filters}
      onSubmit={onSubmit}
      // A new URL (Back, Clear) shows its own filters in the fields.
      key={`${filters.actor}|${filters.kind}|${filters.from}|${filters.to}`}
      className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_auto] lg:items-end"
    >
      <div className="col-span-2 space-y-1 sm:col-span-1">
        <label htmlFor={`${id}-actor`} className="block text-sm font-semibold">
          {w.person}
        </label>
        <input
          id={`${id}-actor`}
          name="actor"
          type="search"
          className="input w-full"
          defaultValue={filters.actor ?? ''}
          placeholder={w.personHint}
          maxLength={254}
          autoComplete="off"
        />
      </div>
      <div className="col-span-2 space-y-1 sm:col-span-1">
        <label htmlFor={`${id}-kind`} className="block text-sm font-semibold">
          {w.kind}
        </label>
        <select
          id={`${id}-kind`}
          name="kind"
          className="select w-full"
          defaultValue={filters.kind ?? ''}
        >
          <option value="">{w.anyKind}</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {w.kinds[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-from`} className="block text-sm font-semibold">
          {w.fromDate}
        </label>
        <input
          id={`${id}-from`}
          name="from"
          type="date"
          className="input w-full"
          defaultValue={filters.from ?? ''}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-to`} className="block text-sm font-semibold">
          {w.toDate}
        </label>
        <input
          id={`${id}-to`}
          name="to"
          type="date"
          className="input w-full"
          defaultValue={filters.to ?? ''}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </div>
      <div className="col-span-2 flex gap-2 lg:col-span-1">
        <button type="submit" className="btn btn-primary max-lg:flex-1">
          {w.apply}
        </button>
        {hasFilters && (
          <button type="button" className="btn btn-ghost max-lg:flex-1" onClick={() => onApply({})}>
            {w.clear}
          </button>
        )}
      </div>
      {problem && (
        <p
          id={`${id}-problem`}
          role="alert"
          className="col-span-2 text-sm text-error lg:col-span-5"
        >
          {problem}
        </p>
      )}
    </form>
  )
}
