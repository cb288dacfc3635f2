import { useId, useState, type ChangeEvent } from 'react'

import { QUOTE_DRAWING_ACCEPT, quoteWords } from '@toolworks/shared'

import { formatFileSize } from './quote-format'
import { drawingProblem } from './quote-form-schema'

const m = quoteWords

type DrawingsPickerProps = {
  files: File[]
  onChange: (files: File[]) => void
  /** The server's reason per file (its `drawings.<i>` field errors), by index. */
  fileErrors: Record<number, string>
  /** The server's reason about the drawings as a whole (`drawings`). */
  error?: string
  /** Whole percent sent per file while uploading; null otherwise. */
  progress: number[] | null
  disabled: boolean
}

/**
 * Drawings: the file input, the chosen files with size and a remove button, each file's
 * upload progress and the reason the server gave for a file it refused.
 */
export function DrawingsPicker({
  files,
  onChange,
  fileErrors,
  error,
  progress,
  disabled,
}: DrawingsPickerProps) {
  const id = useId()
  const [refused, setRefused] = useState<string[]>([])

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])]
    // The same file may be chosen again after removing it.
    event.target.value = ''
    const kept = [...files]
    const problems: string[] = []
    for (const file of picked) {
      const problem = drawingProblem(file, kept.length)
      if (problem) problems.push(problem)
      else kept.push(file)
    }
    setRefused(problems)
    onChange(kept)
  }

  const describedBy = [`${id}-hint`, refused.length || error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {m.drawings}
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={QUOTE_DRAWING_ACCEPT}
        className="file-input w-full"
        aria-describedby={describedBy}
        aria-invalid={refused.length > 0 || error ? true : undefined}
        disabled={disabled}
        onChange={onPick}
      />
      <p id={`${id}-hint`} className="text-sm text-base-content/70">
        {m.drawingsHint}
      </p>
      {(refused.length > 0 || error) && (
        <ul id={`${id}-error`} className="text-sm text-error" aria-live="polite">
          {error && <li>{error}</li>}
          {refused.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul
          className="mt-2 divide-y divide-base-300 rounded-box border border-base-300"
          aria-label={m.drawings}
        >
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex flex-wrap items-center gap-3 p-2">
              <span className="font-medium break-all">{file.name}</span>
              <span className="text-sm text-base-content/70">{formatFileSize(file.size)}</span>
              {progress && (
                <progress
                  className="progress progress-primary w-32"
                  value={progress[index] ?? 0}
                  max={100}
                  aria-label={m.uploadProgress(file.name, progress[index] ?? 0)}
                />
              )}
              <button
                type="button"
                className="btn btn-ghost btn-xs ml-auto"
                aria-label={m.removeDrawing(file.name)}
                disabled={disabled || progress !== null}
                onClick={() => {
                  setRefused([])
                  onChange(files.filter((_, i) => i !== index))
                }}
              >
                ✕
              </button>
              {fileErrors[index] && (
                <p role="alert" className="w-full text-sm text-error">
                  {fileErrors[index]}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
