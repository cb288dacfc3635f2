/** What the capture uses of the DOM (the server compiles this file without the DOM's types). */
type ClickControl = {
  getAttribute(name: string): string | null
  setAttribute(name: string, value: string): void
}
type ClickTarget = { closest(selector: string): ClickControl | null }
type ClickEvent = { target: unknown; preventDefault(): void; stopImmediatePropagation(): void }
type CaptureDocument = {
  addEventListener(type: 'click', listener: (event: ClickEvent) => void, capture: boolean): void
  documentElement: ClickControl
}

/**
 * Clicks on server-rendered controls made before the page's code has run. The
 * server inlines this function's source as the first script of every page's <head>, ahead of
 * the stylesheet, so the capture is live before anything is painted: a click can never land
 * on a control between its first paint and the moment boot.ts arrives over a slow link. Where
 * a page comes without it (the development server), boot.ts installs the same capture.
 *
 * Self-contained on purpose: its source text is all the browser gets (no imports, no module
 * values, no helpers), and the CSP allows exactly that text by its hash (plugins/security.ts).
 */
export function installEarlyClickCapture(
  win: object,
  doc: CaptureDocument,
  globalName: string,
): { held: string[] } {
  const slot = win as Record<string, { held: string[] } | undefined>
  const existing = slot[globalName]
  if (existing) return existing
  const state = { held: [] as string[] }
  slot[globalName] = state
  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target as Partial<ClickTarget> | null
      const control =
        target && typeof target.closest === 'function' ? target.closest('[data-replay]') : null
      const key = control ? control.getAttribute('data-replay') : null
      if (!control || !key) return
      // The code for this control is not here yet: nothing else may act on the click (a
      // stand-in inside a link or a form would follow it); the live control replays it.
      event.preventDefault()
      event.stopImmediatePropagation()
      state.held.push(key)
      control.setAttribute('aria-busy', 'true')
    },
    true,
  )
  doc.documentElement.setAttribute('data-replay-ready', '')
  return state
}

/** Where the capture keeps its held clicks (a property of `window`). */
export const EARLY_CLICKS_GLOBAL = '__toolworksEarlyClicks'

/** The inline script the server puts first in every page's <head>. */
export const EARLY_CLICKS_SCRIPT = `(${installEarlyClickCapture.toString()})(window,document,${JSON.stringify(EARLY_CLICKS_GLOBAL)})`
