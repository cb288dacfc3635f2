import { runInNewContext } from 'node:vm'

import { EARLY_CLICKS_GLOBAL, EARLY_CLICKS_SCRIPT } from '@toolworks/shared'
import { expect, test } from 'vitest'

type FakeElement = {
  attributes: Record<string, string>
  getAttribute(name: string): string | null
  setAttribute(name: string, value: string): void
  closest(selector: string): FakeElement | null
}

/** An element that knows its own data-replay and whether it sits inside such a control. */
function element(attributes: Record<string, string>, control?: FakeElement): FakeElement {
  const self: FakeElement = {
    attributes: { ...attributes },
    getAttribute: (name: string) => self.attributes[name] ?? null,
    setAttribute: (name: string, value: string) => {
      self.attributes[name] = value
    },
    closest: (selector: string) => {
      expect(selector).toBe('[data-replay]')
      return 'data-replay' in self.attributes ? self : (control ?? null)
    },
  }
  return self
}

/**
 * The text the server inlines runs on its own, as the browser runs it: no module, no import,
 * no helper (a build that slipped one in would throw here), and it does what event-replay.ts
 * expects of it.
 */
test('the inlined capture runs alone, holds clicks on [data-replay] controls in order and stops them', () => {
  let listener: ((event: unknown) => void) | undefined
  const root = element({})
  const document = {
    documentElement: root,
    addEventListener: (type: string, fn: (event: unknown) => void, capture: boolean) => {
      expect([type, capture]).toEqual(['click', true])
      listener = fn
    },
  }
  const window: Record<string, unknown> = {}
  runInNewContext(EARLY_CLICKS_SCRIPT, { window, document })
  expect(root.getAttribute('data-replay-ready')).toBe('')

  const click = (target: unknown) => {
    const event = { target, stopped: false, prevented: false } as Record<string, unknown>
    event.preventDefault = () => (event.prevented = true)
    event.stopImmediatePropagation = () => (event.stopped = true)
    listener?.(event)
    return event
  }
  const hammer = element({ 'data-replay': 'add-to-cart:hammer' })
  const bolts = element({ 'data-replay': 'add-to-cart:bolts' })
  const label = element({}, bolts)
  const link = element({})

  expect(click(hammer)).toMatchObject({ prevented: true, stopped: true })
  expect(click(label)).toMatchObject({ prevented: true, stopped: true })
  expect(click(link)).toMatchObject({ prevented: false, stopped: false })
  expect(click(null)).toMatchObject({ prevented: false })

  const state = window[EARLY_CLICKS_GLOBAL] as { held: string[] }
  expect(state.held).toEqual(['add-to-cart:hammer', 'add-to-cart:bolts'])
  expect(hammer.getAttribute('aria-busy')).toBe('true')

  // Run again (boot.ts on a page that had it): the same list, no second listener.
  listener = undefined
  runInNewContext(EARLY_CLICKS_SCRIPT, { window, document })
  expect(listener).toBeUndefined()
  expect(window[EARLY_CLICKS_GLOBAL]).toBe(state)
})
