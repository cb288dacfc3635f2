import { describe, expect, test } from 'vitest'

/**
 * The web tests' mock server answers the paths the app calls because both come from the
 * contract (packages/shared: each `*Contract` entry's `path`). A handler that spells
 * its own `/api/...` path can drift from the route it stands in for, and shows here. Better
 * Auth's `/api/auth/*` paths are its own, not the contract's.
 */
const sources = import.meta.glob<string>('./*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
})

describe('mock handlers', () => {
  test('take their paths from the contract', () => {
    const own = Object.entries(sources).flatMap(([file, text]) =>
      [...text.matchAll(/http\.\w+\(\s*[`'"](\/api\/(?!auth\/)[^`'"]*)/g)].map(
        (match) => `${file}: ${match[1]}`,
      ),
    )
    expect(own).toEqual([])
    expect(Object.keys(sources).length).toBeGreaterThan(5)
  })
})
