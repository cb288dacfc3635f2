import { expect, test } from 'vitest'

import { redactUrl, serializeError } from './log-safe.js'

/** The log serializer keeps what diagnoses a failure and drops the values. */

test('a failed query keeps its SQL, codes and frames, but not its params nor the row detail', () => {
  const cause = Object.assign(
    new Error('null value in column "phone" violates not-null constraint'),
    {
      code: '23502',
      table: 'orders',
      column: 'phone',
      detail: 'Failing row contains (1, +880 1711 000000, House 9, Road 2, Dhaka).',
    },
  )
  const error = Object.assign(
    new Error('Failed query: insert into orders values ($1, $2)\nparams: +880 1711 000000,House 9'),
    { query: 'insert into orders values ($1, $2)', params: ['+880 1711 000000', 'House 9'], cause },
  )
  const logged = JSON.stringify(serializeError(error))
  expect(logged).not.toContain('+880')
  expect(logged).not.toContain('House 9')
  expect(logged).toContain('insert into orders values ($1, $2)')
  expect(logged).toContain('"code":"23502"')
  expect(logged).toContain('"column":"phone"')
  expect(logged).toMatch(/at .*log-safe\.test\.ts/)
})

test('a data exception does not quote the refused value', () => {
  const error = Object.assign(new Error('invalid input syntax for type uuid: "+880 1711 000000"'), {
    code: '22P02',
  })
  expect(JSON.stringify(serializeError(error))).not.toContain('+880')
})

test.each([
  [
    '/api/auth/verify-email?token=eyJabc.def&callbackURL=/',
    '/api/auth/verify-email?token=…&callbackURL=/',
  ],
  [
    '/api/auth/reset-password/AbC123xyz?callbackURL=%2Freset',
    '/api/auth/reset-password/…?callbackURL=%2Freset',
  ],
  ['/api/auth/callback/google?code=4/0Ab&state=xyz', '/api/auth/callback/google?code=…&state=…'],
  [
    '/dev/sslcommerz/validator/api/validationserverAPI.php?val_id=V1&store_id=s&store_passwd=pw%26x&v=1',
    '/dev/sslcommerz/validator/api/validationserverAPI.php?val_id=V1&store_id=s&store_passwd=…&v=1',
  ],
  ['/api/tool?search=wrench&limit=6', '/api/tool?search=wrench&limit=6'],
  ['/api/user?email=a%40b.com', '/api/user?email=a%40b.com'],
])('the request line shows %s as %s', (url, shown) => {
  expect(redactUrl(url)).toBe(shown)
})
