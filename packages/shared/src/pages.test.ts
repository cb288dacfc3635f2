import { describe, expect, test } from 'vitest'

import { loginPathFor, returnPathOf } from './pages.js'

describe('the return path after a server-sent login (issue 16)', () => {
  test('a path of this site comes back as it was, query included', () => {
    expect(returnPathOf('/purchase/abc')).toBe('/purchase/abc')
    expect(returnPathOf('/purchase/abc?qty=3#top')).toBe('/purchase/abc?qty=3#top')
    const login = new URL(loginPathFor('/purchase/a b?x=1&y=2'), 'http://shop.test')
    expect(login.pathname).toBe('/login')
    expect(returnPathOf(login.searchParams.get('from'))).toBe('/purchase/a b?x=1&y=2')
  })

  test.for([
    null,
    '',
    'purchase/abc',
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\tevil',
    '/login',
    '/signup?from=/x',
    `/${'a'.repeat(2001)}`,
  ])('%s is refused: another origin, not a path, or a sign-in page', (value) => {
    expect(returnPathOf(value)).toBeUndefined()
  })
})
