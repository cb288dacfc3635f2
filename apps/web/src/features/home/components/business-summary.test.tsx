import { act, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'

import { BusinessSummary } from './business-summary'

const ENDS = ['1000+', '1200+', '900+', '300+']
const LABELS = ['Total Customers', 'Delivery Record', 'Reviews', 'Products']

/** The numbers as a sighted visitor sees them (the moving, aria-hidden ones). */
const shownNumbers = () =>
  screen
    .getAllByTestId('business-counter')
    .map((counter) => counter.querySelector('[aria-hidden="true"]:not(svg)')?.textContent)

type Callback = (entries: { isIntersecting: boolean }[]) => void

/** An IntersectionObserver the test drives: `enterView()` scrolls every counter into view. */
function stubIntersectionObserver() {
  const callbacks: Callback[] = []
  const observe = vi.fn()
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback) {
        callbacks.push(callback)
      }
      observe = observe
      disconnect = vi.fn()
      unobserve = vi.fn()
    },
  )
  return {
    observe,
    enterView: () => act(() => callbacks.forEach((cb) => cb([{ isIntersecting: true }]))),
  }
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('Business Summary', () => {
  test('shows the four counters with their labels, each number followed by +', () => {
    render(<BusinessSummary />)

    const section = screen.getByRole('region', { name: 'Business Summary' })
    const items = within(section).getAllByRole('listitem')
    expect(items).toHaveLength(4)
    items.forEach((item, i) => {
      expect(item).toHaveTextContent(LABELS[i]!)
      // What a screen reader reads: the final number once.
      expect(item).toHaveTextContent(ENDS[i]!)
    })
  })

  test('counts up from 0 once scrolled into view and ends at 1000+, 1200+, 900+ and 300+', async () => {
    stubReducedMotion(false)
    const io = stubIntersectionObserver()
    render(<BusinessSummary />)

    expect(shownNumbers()).toEqual(['0+', '0+', '0+', '0+'])
    expect(io.observe).toHaveBeenCalledTimes(4)

    io.enterView()

    await vi.waitFor(() => expect(shownNumbers()).toEqual(ENDS), { timeout: 4000, interval: 50 })
  })

  test('with prefers-reduced-motion the final numbers show at once, without observing', () => {
    stubReducedMotion(true)
    const io = stubIntersectionObserver()
    render(<BusinessSummary />)

    expect(shownNumbers()).toEqual(ENDS)
    expect(io.observe).not.toHaveBeenCalled()
  })

  test('without IntersectionObserver the final numbers show at once', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<BusinessSummary />)

    expect(shownNumbers()).toEqual(ENDS)
  })
})
