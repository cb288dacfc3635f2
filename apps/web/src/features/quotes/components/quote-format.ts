/** "100 / 500 / 1,000": the quantities a buyer asked prices for, as the issue writes them. */
export function formatQuantities(quantities: readonly number[]): string {
  return quantities.map((quantity) => quantity.toLocaleString('en-US')).join(' / ')
}

/** "1.2 MB", "340 KB": a file's size for a person. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}
