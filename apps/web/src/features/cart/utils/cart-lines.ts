import {
  CART_LINES_MAX,
  ORDER_QUANTITY_MAX,
  type CartAnyLineInput,
  type CartLine,
  type CartLineInput,
  type CartQuoteLine,
  type CartQuoteLineInput,
} from '@toolworks/shared'

type Lines = readonly CartLineInput[]

/**
 * Adds units of a tool: a tool already in the cart gets more, a new one is appended while the
 * cart has room (`room`: the lines left for tools once the custom parts are counted).
 */
export function addLine(
  lines: Lines,
  tool: string,
  quantity: number,
  room = CART_LINES_MAX,
): CartLineInput[] {
  const existing = lines.find((line) => line.tool === tool)
  if (!existing) {
    return lines.length >= room ? [...lines] : [...lines, { tool, quantity }]
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
 * The cart kept at sign-in: the account's lines stay as they are, in their order;
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

/** The custom parts (accepted quotes) of a cart as the server answers it. */
export const quoteLinesOf = (lines: readonly CartLine[]): CartQuoteLine[] =>
  lines.filter((line): line is CartQuoteLine => !('tool' in line))

/**
 * The body of a PUT: the tool lines as edited, then the custom parts as the server holds them,
 * as `{ quote, quantity }`, without those in `dropQuotes`. A PUT replaces the whole cart, so a
 * custom part left out here would be removed (and its quote returned to Quoted): only an
 * explicit Remove may leave one out.
 */
export function cartBody(
  tools: Lines,
  kept: readonly CartLine[],
  dropQuotes: readonly string[] = [],
): CartAnyLineInput[] {
  const quotes: CartQuoteLineInput[] = quoteLinesOf(kept)
    .filter((line) => !dropQuotes.includes(line.quote))
    .map(({ quote, quantity }) => ({ quote, quantity }))
  return [...tools, ...quotes]
}
