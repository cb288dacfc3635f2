import { useId, type InputHTMLAttributes } from 'react'

import { MEDIA_ACCEPTED_TYPES, messages } from '@toolworks/shared'

const m = messages.products

type ImageFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'accept'> & {
  label: string
  /** Under the input, e.g. "Leave empty to keep the current image." */
  hint?: string
  error?: string
  /** Percent sent while an upload runs; null otherwise. */
  progress: number | null
}

/** A picture file input with the accepted types, the upload's progress and its error. */
export function ImageField({
  label,
  hint = m.imageHint,
  error,
  progress,
  ...input
}: ImageFieldProps) {
  const id = useId()
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={MEDIA_ACCEPTED_TYPES.join(',')}
        className={['file-input w-full', error ? 'file-input-error' : ''].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <p id={`${id}-hint`} className="text-sm text-base-content/70">
        {hint}
      </p>
      {progress !== null && (
        <div className="space-y-1">
          <progress
            className="progress progress-primary w-full"
            value={progress}
            max={100}
            aria-labelledby={`${id}-progress`}
          />
          <p id={`${id}-progress`} role="status" className="text-sm">
            {m.uploading(progress)}
          </p>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  )
}
