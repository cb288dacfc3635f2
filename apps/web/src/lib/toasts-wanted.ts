/**
 * Whether a toast has been raised yet. The toast container and react-toastify's stylesheet
 * load only then (app/providers.tsx): the stylesheet sets variables on :root, and adding it
 * restyles the whole page, a long task on a phone that no first screen needs.
 * Kept apart from react-toastify, so the app shell can read it without loading it.
 */
let wanted = false
const listeners = new Set<() => void>()

export function wantToasts(): void {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}

export function toastsWanted(): boolean {
  return wanted
}

export function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
