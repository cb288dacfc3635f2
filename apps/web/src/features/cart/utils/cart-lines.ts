import { CART_LINES_MAX, ORDER_QUANTITY_MAX, type CartLineInput } from '@toolworks/shared'

type Lines = readonly CartLineInput[]

/** Adds units of a tool: a tool already in the cart gets more, a new one is appended. */
export function addLine(lines: Lines, tool: string, quantity: number): CartLineInput[] {
  const existing = lines.find((line) => line.tool === tool)
  if (!existing) {
    return lines.length >= CART_LINES_MAX ? [...lines] : [...lines, { tool, quantity }]
  }
  return setLineQuantity(lines, tool, Math.min(existing.quantity + quantity, ORDER_QUANTITY_MAX))
}

export function setLineQuantity(lines: Lines, tool: string, quantity: number): CartLineInput[] {
  return lines.map((line) => (line.tool === tool ? { ...line, quantity } : line))
}

export function removeLines(lines: Lines, tools: readonly string[]): CartLineInput[] {
  return lines.filter((line) => !tools.includes(line.tool))
}

/**
 * The cart kept at sign-in (issue 14): the account's lines stay as they are, in their order;
 * the browser's lines for other tools are appended; a tool in both keeps the larger quantity.
 */
export function mergeCarts(account: Lines, browser: Lines): CartLineInput[] {
  const merged = account.map((line) => ({ ...line }))
  for (const line of browser) {
    const kept = merged.find((m) => m.tool === line.tool)
    if (kept) kept.quantity = Math.max(kept.quantity, line.quantity)
    else merged.push({ ...line })
  }
  return merged.slice(0, CART_LINES_MAX)
}
