import { describe, expect, test } from 'vitest'

import { loginPathFor, returnPathOf } from './pages.js'

describe('the return path after a server-sent login', () => {
  test('a path of this site comes back as it was, query included', () => {
    expect(returnPathOf('/purchase/abc')).toBe('/purchase/abc')
    expect(returnPathOf('/purchase/abc?qty=3#top')).toBe('/purchase/abc?qty=3#top')
    const login = new URL(loginPathFor('/purchase/a b?x=1&y=2'), 'http://shop.test')
    expect(login.pathname).toBe('/login')
    expect(returnPathOf(login.searchParams.get('from'))).toBe('/purchase/a%20b?x=1&y=2')
  })

  test.for([
    ['/dashboard/orders?x=1', '/dashboard/orders?x=1'],
    ['/dashboard/./orders', '/dashboard/orders'],
    ['/a/../dashboard', '/dashboard'],
    ['/dashboard\\orders', '/dashboard/orders'],
    ['/%2e%2e/dashboard', '/dashboard'],
    ['/products?q=//evil.example', '/products?q=//evil.example'],
  ])('%s is normalised as a browser would: %s', ([value, expected]) => {
    expect(returnPathOf(value)).toBe(expected)
  })

  test.for([
    null,
    '',
    'purchase/abc',
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\tevil',
    // Judged after normalising, as the browser resolves it.
    '/.//evil.example',
    '/./\\evil.example',
    '/.\\/evil.example',
    '/./\\\\evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/..//evil.example',
    '/%2F%2Fevil.example',
    '/%2f%5Cevil.example',
    '/\\/evil.example',
    '//evil',
    'https://evil',
    '/\n/evil.example',
    '/./login',
    '/%E0%A4%A',
    '/login',
    '/signup?from=/x',
    `/${'a'.repeat(2001)}`,
  ])('%s is refused: another origin, not a path, or a sign-in page', (value) => {
    expect(returnPathOf(value)).toBeUndefined()
  })
})
