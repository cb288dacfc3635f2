// Time to enabled: how long after navigation a page's main control can be used,
// under the mid-range phone Lighthouse emulates. Used by `npm run lighthouse` (its column) and
// by e2e/early-click.spec.ts (the same emulation).

/**
 * Lighthouse's mobile defaults (`mobileSlow4G`: 150 ms round trip, 1.6 Mbps down, 750 Kbps up;
 * 4x CPU), applied by Chromium itself. The issue's figures (Add to cart visible at 0.5 s) were
 * taken with these; DevTools' own "Slow 4G" preset adds 562.5 ms to every request, under which
 * even the HTML comes later than that.
 */
export const MID_RANGE_PHONE = {
  cpuRate: 4,
  latencyMs: 150,
  downloadKbps: 1638.4,
  uploadKbps: 750,
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
