import { describe, expect, test } from 'vitest'

import { ApiError } from '@/lib/api-error'

import { authErrorMessage } from './auth-error-message'

describe('authErrorMessage', () => {
  test('a sign-in limit with Retry-After says how many minutes, or to reset the password', () => {
    const error = new ApiError({ status: 429, code: 'RATE_LIMITED', retryAfterMs: 150_000 })
    expect(authErrorMessage(error)).toBe(
      'Too many attempts; try again in 3 minutes, or reset your password.',
    )
    expect(
      authErrorMessage(new ApiError({ status: 429, code: 'RATE_LIMITED', retryAfterMs: 1 })),
    ).toBe('Too many attempts; try again in 1 minute, or reset your password.')
  })
})
