import { expect, test } from 'vitest'

import { codeForStatus } from './api-error'

// Specific 403 and 409 codes came later: a bare status still reads as the general one.
test('a bare 403 or 409 is the general FORBIDDEN or CONFLICT, never a specific code', () => {
  expect(codeForStatus(403)).toBe('FORBIDDEN')
  expect(codeForStatus(409)).toBe('CONFLICT')
})
