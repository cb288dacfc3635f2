import { createHash } from 'node:crypto'

import { jwtVerify, SignJWT } from 'jose'

/** Bearer tokens live at most a day (issue 3). */
export const TOKEN_TTL_SECONDS = 24 * 3600
const ISSUER = 'toolworks'
const AUDIENCE = 'toolworks-api'

/** sessionId is Better Auth's session row id (not its secret token): the token lives only as long as that row. */
export type TokenClaims = { userId: string; email: string; sessionId: string }

/**
 * The access token of docs/product.md §3, kept by the client in localStorage.accessToken: an
 * HS256 JWT whose key is derived from AUTH_SECRET for this one purpose.
 */
export function createBearerTokens(authSecret: string) {
  const key = createHash('sha256').update(`toolworks bearer token v1:${authSecret}`).digest()
  return {
    async sign(claims: TokenClaims, now = Date.now()): Promise<string> {
      const iat = Math.floor(now / 1000)
      return new SignJWT({ email: claims.email, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + TOKEN_TTL_SECONDS)
        .sign(key)
    },

    /** The claims of a valid, unexpired token, or undefined for anything else. */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        })
        const { sub, email, sid } = payload
        // Tokens issued before session binding carry no sid: refused, the client asks again.
        if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string')
          return undefined
        return { userId: sub, email, sessionId: sid }
      } catch {
        return undefined
      }
    },
  }
}

export type BearerTokens = ReturnType<typeof createBearerTokens>
