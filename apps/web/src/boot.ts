// The page's one script. The stylesheet is linked from the HTML, ahead of any script.
import './index.css'

import { afterFirstPaint } from './lib/after-first-paint'
import { captureEarlyClicks } from './lib/event-replay'

// First: from here on a click on a server-rendered control is kept until the app can act on it
// (lib/event-replay.ts), so the page may be used before its code has loaded.
captureEarlyClicks()

/**
 * A server-rendered page is on screen from its HTML alone. The code that hydrates it (about
 * 130 KB) is asked for only once the browser has painted that HTML: on a slow mobile link the
 * stylesheet then has the bandwidth to itself instead of sharing it with the scripts, and the
 * first screen shows sooner. Links are real links, forms stay disabled until hydrated, and a
 * click on a control that needs the code (Add to cart) is held and replayed once it can act, so
 * nothing is lost meanwhile. A page that comes with an empty #root (personal and dashboard
 * pages) shows nothing without the code: it loads it at once.
 */
const start = () => void import('./main')

if (document.getElementById('root')?.firstElementChild) afterFirstPaint(start)
else start()
