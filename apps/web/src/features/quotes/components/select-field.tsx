import { useId, type ReactNode, type SelectHTMLAttributes } from 'react'

/** A labelled select with its validation message underneath, like `TextField`. */
export function SelectField({
  label,
  error,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string
  error?: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        className={['select w-full', error ? 'select-error' : ''].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  )
}
