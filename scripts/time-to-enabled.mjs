// Time to enabled (issue 26 §5): how long after navigation a page's main control can be used,
// under the mid-range phone Lighthouse emulates. Used by `npm run lighthouse` (its column) and
// by e2e/early-click.spec.ts (the same emulation).

/**
 * Lighthouse's mobile defaults (4x CPU, slow 4G: 150 ms RTT, 1.6 Mbps down, 750 Kbps up) as
 * Chromium applies them itself: Lighthouse's own "devtools" throttling multiplies the latency by
 * 3.75 and the throughput by 0.9 for request-level throttling, and so does this.
 */
export const MID_RANGE_PHONE = {
  cpuRate: 4,
  latencyMs: 150 * 3.75,
  downloadKbps: 1638.4 * 0.9,
  uploadKbps: 750 * 0.9,
}

/** Applies MID_RANGE_PHONE to a playwright-core page (Chromium) through CDP. */
export async function emulateMidRangePhone(page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MID_RANGE_PHONE.cpuRate })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MID_RANGE_PHONE.latencyMs,
    downloadThroughput: (MID_RANGE_PHONE.downloadKbps * 1024) / 8,
    uploadThroughput: (MID_RANGE_PHONE.uploadKbps * 1024) / 8,
  })
  return cdp
}

/**
 * Milliseconds from navigation until the first `main` button named `name` is on screen, enabled
 * and handled: either the app has hydrated, or the button is a server-rendered control whose
 * clicks the boot script holds for replay (apps/web/src/lib/event-replay.ts).
 */
export async function timeToEnabled(page, url, name) {
  await page.goto(url, { waitUntil: 'commit' })
  const when = await page.waitForFunction(
    (wanted) => {
      const button = [...globalThis.document.querySelectorAll('main button')].find(
        (b) => b.textContent?.trim() === wanted,
      )
      if (!button || button.disabled || button.getBoundingClientRect().width === 0) return false
      const root = globalThis.document.documentElement
      const handled =
        root.dataset.hydrated === 'true' ||
        (root.hasAttribute('data-replay-ready') && button.closest('[data-replay]') !== null)
      return handled ? performance.now() : false
    },
    name,
    { polling: 'raf', timeout: 30_000 },
  )
  return Math.round(Number(await when.jsonValue()))
}
