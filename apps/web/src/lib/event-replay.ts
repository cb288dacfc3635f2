// No React here: boot.ts, the page's first script, brings this module along.
/**
 * Clicks made before the app can handle them, kept and given to the control once it can,
 * as Angular's event replay does. The server's HTML is on screen long before
 * the code that hydrates it has loaded (boot.ts waits for the first paint, then the chunks come
 * over a slow link): a control that needs that code and looks ready carries
 * `data-replay="<key>"` in the server's markup. The page's first inline script (the server
 * puts it ahead of everything in <head>) listens for clicks before anything is painted; a click
 * on such a control is held (the element is marked aria-busy meanwhile),
 * and the live control, once mounted, takes the clicks held for its key (use-replayed-click.ts).
 * The live control renders no `data-replay`, so from then on React handles its clicks itself.
 */
import { EARLY_CLICKS_GLOBAL, installEarlyClickCapture } from '@toolworks/shared'

/** Set on <html> once clicks are being held: the page's controls can be used from then on. */
export const REPLAY_READY_ATTRIBUTE = 'data-replay-ready'

/** The clicks held so far, in the order they were made (the capture's own list). */
let held: string[] = []

/**
 * Takes over the capture the server's inline script started (packages/shared early-clicks.ts),
 * or starts it where the page came without one (the development server); boot.ts calls it
 * before anything else.
 */
export function captureEarlyClicks(doc: Document = document): void {
  const view = doc.defaultView ?? window
  held = installEarlyClickCapture(view, doc, EARLY_CLICKS_GLOBAL).held
}

/** The live controls that take held clicks, by key (use-replayed-click.ts registers them). */
const live = new Map<string, () => void>()
let replayQueued = false

/**
 * Gives held clicks to their live controls in the order they were made: the cards of one
 * grid mount in one commit, and the click on the first tool must still be the first line of
 * the cart, whichever card mounts first. Runs once the controls mounted together have all
 * registered; a click whose control is not live yet stays held for it.
 */
function replayInOrder() {
  replayQueued = false
  for (let i = 0; i < held.length;) {
    const handler = live.get(held[i] ?? '')
    if (!handler) {
      i += 1
      continue
    }
    held.splice(i, 1)
    handler()
  }
}

/**
 * The live control for `key` takes its held clicks (and later ones are its own); returns the
 * unregister function.
 */
export function registerReplayTarget(key: string, handler: () => void): () => void {
  live.set(key, handler)
  if (!replayQueued) {
    replayQueued = true
    queueMicrotask(replayInOrder)
  }
  return () => {
    if (live.get(key) === handler) live.delete(key)
  }
}

/** Removes and counts the clicks held for `key`. */
export function takeHeldClicks(key: string): number {
  let count = 0
  for (let i = held.length - 1; i >= 0; i--) {
    if (held[i] !== key) continue
    held.splice(i, 1)
    count += 1
  }
  return count
}
