/**
 * The text a visitor typed into Request a Quote, kept in this tab while they sign in (files
 * cannot be kept: a browser never lets a page store a chosen file). Cleared once sent.
 */
const KEY = 'quoteRequestDraft'

export type QuoteDraft = {
  values: Record<string, unknown>
  /** Files had been chosen: the form says they must be chosen again. */
  hadFiles: boolean
}

export function readQuoteDraft(): QuoteDraft | null {
  try {
    const text = sessionStorage.getItem(KEY)
    if (!text) return null
    const draft = JSON.parse(text) as unknown
    if (typeof draft !== 'object' || draft === null || !('values' in draft)) return null
    const { values, hadFiles } = draft as { values: unknown; hadFiles?: unknown }
    if (typeof values !== 'object' || values === null) return null
    return { values: values as Record<string, unknown>, hadFiles: hadFiles === true }
  } catch {
    // Unreadable or blocked storage: start from an empty form.
    return null
  }
}

export function writeQuoteDraft(draft: QuoteDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft))
  } catch {
    // Storage full or blocked: the form still works, only the draft is not kept.
  }
}

export function clearQuoteDraft(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing kept, nothing to clear.
  }
}
