import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'

import { captureEarlyClicks, REPLAY_READY_ATTRIBUTE, takeHeldClicks } from './event-replay'
import { useReplayedClick } from './use-replayed-click'

// A click on a server-rendered control before the app can act on it is held by the
// boot script and replayed by the live control.

captureEarlyClicks(document)

afterEach(() => {
  document.body.innerHTML = ''
  takeHeldClicks('add-to-cart:bolts')
  takeHeldClicks('add-to-cart:hammer')
})

function standIn(key: string) {
  document.body.innerHTML = `<a href="/purchase/bolts"><button type="button" data-replay="${key}"><span>Add to cart</span></button></a><button type="button" id="live">Live</button>`
  return document.querySelector('button') as HTMLButtonElement
}

describe('holding early clicks', () => {
  test('a click on a stand-in (or inside it) is held for its key and goes nowhere else', () => {
    const button = standIn('add-to-cart:bolts')
    const elsewhere = vi.fn()
    document.body.addEventListener('click', elsewhere)

    button.querySelector('span')?.click()
    button.click()

    expect(elsewhere).not.toHaveBeenCalled()
    expect(button).toHaveAttribute('aria-busy', 'true')
    expect(document.documentElement).toHaveAttribute(REPLAY_READY_ATTRIBUTE)
    expect(takeHeldClicks('add-to-cart:bolts')).toBe(2)
    expect(takeHeldClicks('add-to-cart:bolts')).toBe(0)
  })

  test('a click on a live control passes through untouched', () => {
    standIn('add-to-cart:bolts')
    const live = document.getElementById('live') as HTMLButtonElement
    const onClick = vi.fn()
    live.addEventListener('click', onClick)

    live.click()

    expect(onClick).toHaveBeenCalledOnce()
    expect(takeHeldClicks('add-to-cart:bolts')).toBe(0)
  })

  test('the live control replays each held click once, and only when enabled', async () => {
    standIn('add-to-cart:bolts').click()
    standIn('add-to-cart:bolts').click()
    const handler = vi.fn()

    const { rerender } = renderHook(
      ({ enabled }) => useReplayedClick('add-to-cart:bolts', handler, enabled),
      {
        initialProps: { enabled: false },
      },
    )
    expect(handler).not.toHaveBeenCalled()
    rerender({ enabled: true })
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(2))
    rerender({ enabled: true })
    await Promise.resolve()
    expect(handler).toHaveBeenCalledTimes(2)
  })

  test('held clicks are replayed in the order they were made, whichever control mounts first', async () => {
    // The bolts were clicked first, then the hammer: the cart's first line must be the bolts,
    // though the hammer's card comes first in the grid and mounts first.
    standIn('add-to-cart:bolts').click()
    standIn('add-to-cart:hammer').click()
    const order: string[] = []

    renderHook(() => {
      useReplayedClick('add-to-cart:hammer', () => order.push('hammer'))
      useReplayedClick('add-to-cart:bolts', () => order.push('bolts'))
    })

    await vi.waitFor(() => expect(order).toEqual(['bolts', 'hammer']))
    expect(takeHeldClicks('add-to-cart:bolts') + takeHeldClicks('add-to-cart:hammer')).toBe(0)
  })
})
