import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react'

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string
  error?: string
  /** A line under the box that is not an error, e.g. a characters-left counter. */
  hint?: ReactNode
}

/** A labelled textarea with its validation message underneath, like `TextField`. */
export function TextareaField({ label, error, hint, className, ...textarea }: TextareaFieldProps) {
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        className={['textarea w-full', error ? 'textarea-error' : '', className ?? ''].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...textarea}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-base-content/70">
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
