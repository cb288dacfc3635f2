import { BrowserCartSchema, type CartLineInput } from '@toolworks/shared'

/**
 * Where an anonymous visitor's cart is kept. Versioned: a later shape gets a new
 * key, so an old copy is never misread, only ignored.
 */
export const BROWSER_CART_KEY = 'toolworks.cart.v1'

const EMPTY: readonly CartLineInput[] = Object.freeze([])

// The last text read and its lines: useSyncExternalStore needs the same array for the same text.
let cached: { raw: string | null; lines: readonly CartLineInput[] } = { raw: null, lines: EMPTY }
const listeners = new Set<() => void>()

/**
 * Storage is untrusted (another tab, an extension, an older build may have written it): the
 * text is read with the PUT body's schema (one line per tool, at most CART_LINES_MAX lines),
 * and anything that does not pass counts as an empty cart.
 */
function parse(raw: string | null): readonly CartLineInput[] {
  if (raw === null) return EMPTY
  try {
    const parsed = BrowserCartSchema.safeParse(JSON.parse(raw))
    if (!parsed.success) return EMPTY
    // BrowserCartSchema checks each line, not that a tool appears once: a repeat is corruption.
    const tools = new Set(parsed.data.lines.map((line) => line.tool))
    return tools.size === parsed.data.lines.length ? parsed.data.lines : EMPTY
  } catch {
    return EMPTY
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(BROWSER_CART_KEY)
  } catch {
    // Storage can be switched off (privacy settings): the cart is then empty, not broken.
    return null
  }
}

/** The browser's cart: always a valid list, the same array until the stored text changes. */
export function readBrowserCart(): readonly CartLineInput[] {
  const raw = readRaw()
  if (raw !== cached.raw) cached = { raw, lines: parse(raw) }
  return cached.lines
}

/** Replaces the browser's cart; an empty cart removes the key. */
export function writeBrowserCart(lines: readonly CartLineInput[]): void {
  try {
    if (lines.length === 0) window.localStorage.removeItem(BROWSER_CART_KEY)
    else window.localStorage.setItem(BROWSER_CART_KEY, JSON.stringify({ lines }))
  } catch {
    // Full or switched-off storage: the change lives until the page is left.
    cached = { raw: cached.raw, lines: [...lines] }
  }
  listeners.forEach((listener) => listener())
}

/** For useSyncExternalStore: this tab's writes and other tabs' (the storage event). */
export function subscribeBrowserCart(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === BROWSER_CART_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** What the server's HTML and the hydrating render see: no cart (it is not known there). */
export const serverBrowserCart = (): readonly CartLineInput[] => EMPTY
