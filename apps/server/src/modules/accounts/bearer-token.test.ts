import { decodeJwt } from 'jose'
import { describe, expect, test } from 'vitest'

import { createBearerTokens, TOKEN_TTL_SECONDS } from './bearer-token.js'

const tokens = createBearerTokens('a-secret-of-the-right-length-for-testing-000000')
const claims = { userId: 'user-1', email: 'rahim@example.com', sessionId: 'session-1' }

describe('bearer tokens', () => {
  test('a fresh token carries who it is for and expires within a day', async () => {
    const token = await tokens.sign(claims)
    expect(await tokens.verify(token)).toEqual(claims)
    const { iat, exp } = decodeJwt(token)
    expect((exp ?? 0) - (iat ?? 0)).toBe(TOKEN_TTL_SECONDS)
    expect(TOKEN_TTL_SECONDS).toBeLessThanOrEqual(24 * 3600)
  })

  test('an expired token is refused', async () => {
    const old = await tokens.sign(claims, Date.now() - (TOKEN_TTL_SECONDS + 60) * 1000)
    expect(await tokens.verify(old)).toBeUndefined()
  })

  test('a token signed with another secret, or altered, is refused', async () => {
    const foreign = await createBearerTokens('another-secret-of-the-right-length-0000000000').sign(
      claims,
    )
    expect(await tokens.verify(foreign)).toBeUndefined()
    const [h, , s] = (await tokens.sign(claims)).split('.')
    const payload = Buffer.from(
      JSON.stringify({ ...claims, sub: 'admin-1', email: 'boss@example.com' }),
    ).toString('base64url')
    expect(await tokens.verify(`${h}.${payload}.${s}`)).toBeUndefined()
  })

  test('a token verified once is still refused once it expires', async () => {
    const now = Date.now()
    // Signed so that it expires two seconds from now.
    const token = await tokens.sign(claims, now - (TOKEN_TTL_SECONDS - 2) * 1000)
    expect(await tokens.verify(token, now)).toEqual(claims)
    expect(await tokens.verify(token, now + 1_000)).toEqual(claims)
    expect(await tokens.verify(token, now + 3_000)).toBeUndefined()
  })

  test('a refused token stays refused when asked again', async () => {
    const [h, , s] = (await tokens.sign(claims)).split('.')
    const altered = `${h}.${Buffer.from(JSON.stringify({ sub: 'admin-1' })).toString('base64url')}.${s}`
    expect(await tokens.verify(altered)).toBeUndefined()
    expect(await tokens.verify(altered)).toBeUndefined()
  })
})
