/**
 * The search box's active option after a key (the ARIA combobox pattern): down from none goes
 * to the first, up from none to the last, and both wrap; -1 means no option is active.
 */
export function nextActive(active: number, key: string, count: number): number {
  if (count === 0) return -1
  if (key === 'ArrowDown') return active < 0 || active >= count - 1 ? 0 : active + 1
  if (key === 'ArrowUp') return active <= 0 ? count - 1 : active - 1
  return active
}
