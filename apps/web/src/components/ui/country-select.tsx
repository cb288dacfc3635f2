import { useId, useMemo, type SelectHTMLAttributes } from 'react'

import { COUNTRY_CODES, SHOP_COUNTRY } from '@toolworks/shared'

type CountrySelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string
  error?: string
  /** Words under the field (why the country matters). */
  hint?: string
  /** A first option with no country, for a field that may stay unset (My Profile). */
  emptyOption?: string
}

/**
 * A labelled select of the ISO 3166 countries, Bangladesh first, then by name. The
 * names are the browser's own (Intl.DisplayNames), so no list of names ships with the app.
 */
export function CountrySelect({
  label,
  error,
  hint,
  emptyOption,
  className,
  ...select
}: CountrySelectProps) {
  const id = useId()
  const options = useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' })
    const named = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code }))
    const home = named.filter((c) => c.code === SHOP_COUNTRY)
    const rest = named
      .filter((c) => c.code !== SHOP_COUNTRY)
      .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    return [...home, ...rest]
  }, [])
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim()
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        className={['select w-full', error ? 'select-error' : '', className ?? ''].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...select}
      >
        {emptyOption !== undefined && <option value="">{emptyOption}</option>}
        {options.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  )
}
