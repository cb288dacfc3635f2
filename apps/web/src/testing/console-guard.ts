/* eslint-disable no-console -- this file is the guard that watches the console */
import { format } from 'node:util'

import { afterEach, beforeEach, vi } from 'vitest'

type Method = 'error' | 'warn'

let allowed: { method: Method; pattern: RegExp }[] = []
let unexpected: string[] = []

/** Lets this test write a console message matching `pattern`; any other one fails it. */
export function allowConsole(method: Method, pattern: RegExp): void {
  allowed.push({ method, pattern })
}

/** Records a failure that the test did not see, e.g. an unhandled HTTP request. */
export function reportUnexpected(text: string): void {
  unexpected.push(text)
}

/** docs/conventions.md §7: a console.error or console.warn fails the test unless the test expects it. */
export function installConsoleGuard(): void {
  beforeEach(() => {
    for (const method of ['error', 'warn'] as const) {
      const original = console[method].bind(console)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        const text = format(...args)
        if (allowed.some((a) => a.method === method && a.pattern.test(text))) return
        unexpected.push(`console.${method}: ${text}`)
        original(...args)
      })
    }
  })

  afterEach(() => {
    vi.mocked(console.error).mockRestore()
    vi.mocked(console.warn).mockRestore()
    const found = unexpected
    allowed = []
    unexpected = []
    if (found.length > 0) throw new Error(`Unexpected output during the test:\n${found.join('\n')}`)
  })
}
