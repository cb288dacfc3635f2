import { messages } from '@toolworks/shared'

import { ApiError } from './api-error'

/** The one way anything caught becomes text for a person (docs/conventions.md §5). */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  // Anything else is a bug or a browser failure whose own text is not meant for customers.
  return messages.errors.INTERNAL
}
