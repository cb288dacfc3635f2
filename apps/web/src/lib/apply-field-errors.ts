import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'

import { ApiError } from './api-error'

/** Server field messages (VALIDATION_FAILED) go onto the inputs; true when there were some. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false
  const entries = Object.entries(error.fields).filter(([name]) =>
    (known as readonly string[]).includes(name),
  )
  for (const [name, message] of entries) setError(name as Path<T>, { message })
  return entries.length > 0
}
