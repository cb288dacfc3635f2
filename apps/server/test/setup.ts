import { afterEach, beforeEach, vi } from 'vitest'

// An unexpected console.error or console.warn fails the test (docs/conventions.md §7).
const unexpected: string[] = []

beforeEach(() => {
  unexpected.length = 0
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`)
    })
  }
})

afterEach(() => {
  vi.restoreAllMocks()
  if (unexpected.length > 0) throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`)
})
