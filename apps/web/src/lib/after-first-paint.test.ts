import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

import { afterFirstPaint, FALLBACK_MS } from './after-first-paint'

type Listener = () => void

let entriesSpy: { mockRestore: () => void } | undefined

/** A stand-in for the browser's paint timing: `paint()` reports the first contentful paint. */
function fakePaintTiming({ supported = true } = {}) {
  const entries: string[] = []
  const observers: Listener[] = []
  entriesSpy = vi
    .spyOn(performance, 'getEntriesByName')
    .mockImplementation((name: string) =>
      entries.includes(name) ? ([{ name }] as unknown as PerformanceEntryList) : [],
    )
  class FakeObserver {
    static supportedEntryTypes = supported ? ['paint', 'navigation'] : ['navigation']
    constructor(private readonly callback: Listener) {}
    observe() {
      observers.push(this.callback)
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1)
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver)
  return {
    report(name: string) {
      entries.push(name)
      for (const observer of [...observers]) observer()
    },
  }
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
}

describe('afterFirstPaint (the scripts wait for the first screen)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    setVisibility('visible')
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    entriesSpy?.mockRestore()
  })

  test('waits for the first contentful paint, not the first paint, and runs once', () => {
    const timing = fakePaintTiming()
    const then = vi.fn()
    afterFirstPaint(then)
    vi.advanceTimersByTime(100)
    expect(then).not.toHaveBeenCalled()
    timing.report('first-paint')
    expect(then).not.toHaveBeenCalled()
    timing.report('first-contentful-paint')
    expect(then).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(FALLBACK_MS)
    document.dispatchEvent(new Event('visibilitychange'))
    expect(then).toHaveBeenCalledTimes(1)
  })

  test('runs at once when the page has already painted', () => {
    const timing = fakePaintTiming()
    timing.report('first-contentful-paint')
    const then = vi.fn()
    afterFirstPaint(then)
    expect(then).toHaveBeenCalledTimes(1)
  })

  test('runs at once in a background tab, and when the tab is hidden before it painted', () => {
    fakePaintTiming()
    setVisibility('hidden')
    const hidden = vi.fn()
    afterFirstPaint(hidden)
    expect(hidden).toHaveBeenCalledTimes(1)

    setVisibility('visible')
    const switchedAway = vi.fn()
    afterFirstPaint(switchedAway)
    expect(switchedAway).not.toHaveBeenCalled()
    document.dispatchEvent(new Event('visibilitychange'))
    expect(switchedAway).toHaveBeenCalledTimes(1)
  })

  test.each([
    ['without paint timing', () => fakePaintTiming({ supported: false })],
    ['without PerformanceObserver at all', () => vi.stubGlobal('PerformanceObserver', undefined)],
  ])('%s, runs in the task after the next frame', (_browser, setUp) => {
    setUp()
    const then = vi.fn()
    afterFirstPaint(then)
    expect(then).not.toHaveBeenCalled()
    vi.advanceTimersByTime(50)
    expect(then).toHaveBeenCalledTimes(1)
  })

  test('runs after a while even if no paint is ever reported', () => {
    fakePaintTiming()
    const then = vi.fn()
    afterFirstPaint(then)
    vi.advanceTimersByTime(FALLBACK_MS - 1)
    expect(then).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(then).toHaveBeenCalledTimes(1)
  })
})
