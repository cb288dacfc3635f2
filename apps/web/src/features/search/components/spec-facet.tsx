import { useId, type FormEvent } from 'react'

import {
  catalogWords as w,
  type CategoryAttribute,
  type SpecFacet as SpecFacetCounts,
  type SpecFilter,
} from '@toolworks/shared'

import { withUnit } from '../utils/category-path'

type SpecFacetProps = {
  attribute: CategoryAttribute
  facet: SpecFacetCounts | undefined
  filter: SpecFilter | undefined
  /** Replaces this attribute's filter (undefined removes it). */
  onChange: (filter: SpecFilter | undefined) => void
}

/** One filterable specification: values as checkboxes with counts, numbers as a min–max range. */
export function SpecFacet({ attribute, facet, filter, onChange }: SpecFacetProps) {
  if (facet && 'values' in facet)
    return <ValuesFacet attribute={attribute} facet={facet} filter={filter} onChange={onChange} />
  if (facet && 'min' in facet)
    return <RangeFacet attribute={attribute} facet={facet} filter={filter} onChange={onChange} />
  return null
}

function ValuesFacet({
  attribute,
  facet,
  filter,
  onChange,
}: SpecFacetProps & { facet: { values: { value: string; count: number }[] } }) {
  const chosen = new Set(filter?.kind === 'values' ? filter.values : [])
  // A chosen value stays listed even when nothing else matches it any more.
  const listed = [...facet.values]
  for (const value of chosen)
    if (!listed.some((v) => v.value === value)) listed.push({ value, count: 0 })
  if (listed.length === 0) return null

  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen)
    if (on) next.add(value)
    else next.delete(value)
    onChange(next.size > 0 ? { key: attribute.key, kind: 'values', values: [...next] } : undefined)
  }

  return (
    <fieldset className="mt-5">
      <legend className="mb-1 text-base font-bold">{attribute.label}</legend>
      <ul>
        {listed.map(({ value, count }) => (
          <li key={value}>
            <label className="flex cursor-pointer items-center gap-2 px-2 py-1">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                name={`spec.${attribute.key}`}
                value={value}
                checked={chosen.has(value)}
                onChange={(event) => toggle(value, event.target.checked)}
              />
              <span className="flex-1">{withUnit(value, attribute.unit)}</span>{' '}
              <span className="text-base-content/80">{count}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

function RangeFacet({
  attribute,
  facet,
  filter,
  onChange,
}: SpecFacetProps & { facet: { min: number | null; max: number | null } }) {
  const minId = useId()
  const maxId = useId()
  const hintId = useId()
  const current = filter?.kind === 'range' ? filter : undefined
  if (facet.min === null && facet.max === null && !current) return null

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const read = (name: string) => {
      const raw = data.get(name)
      const text = typeof raw === 'string' ? raw.trim() : ''
      const n = Number(text)
      return text === '' || !Number.isFinite(n) ? undefined : n
    }
    let min = read('min')
    let max = read('max')
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min]
    onChange(
      min === undefined && max === undefined
        ? undefined
        : {
            key: attribute.key,
            kind: 'range',
            ...(min !== undefined && { min }),
            ...(max !== undefined && { max }),
          },
    )
  }

  const unit = attribute.unit ? ` (${attribute.unit})` : ''
  const hasRange = facet.min !== null && facet.max !== null
  return (
    // Keyed by the filter, so back and forward put the URL's numbers in the boxes.
    <form
      key={`${current?.min ?? ''}..${current?.max ?? ''}`}
      className="mt-5"
      onSubmit={submit}
      aria-label={attribute.label}
    >
      <h3 className="mb-1 text-base font-bold">
        {attribute.label}
        {unit}
      </h3>
      {hasRange && (
        <p id={hintId} className="px-2 text-sm text-base-content/80">
          {w.rangeOfResults(
            withUnit(facet.min ?? '', attribute.unit),
            withUnit(facet.max ?? '', attribute.unit),
          )}
        </p>
      )}
      <div className="mt-1 flex items-center gap-2 px-2">
        <label htmlFor={minId} className="sr-only">
          {w.rangeMin(attribute.label)}
        </label>
        <input
          id={minId}
          name="min"
          type="number"
          step="any"
          inputMode="decimal"
          defaultValue={current?.min ?? ''}
          placeholder={facet.min === null ? '' : String(facet.min)}
          aria-describedby={hasRange ? hintId : undefined}
          className="input input-sm w-20"
        />
        <span aria-hidden="true">–</span>
        <label htmlFor={maxId} className="sr-only">
          {w.rangeMax(attribute.label)}
        </label>
        <input
          id={maxId}
          name="max"
          type="number"
          step="any"
          inputMode="decimal"
          defaultValue={current?.max ?? ''}
          placeholder={facet.max === null ? '' : String(facet.max)}
          aria-describedby={hasRange ? hintId : undefined}
          className="input input-sm w-20"
        />
        <button type="submit" className="btn btn-sm btn-neutral">
          {w.applyRange}
        </button>
      </div>
    </form>
  )
}
