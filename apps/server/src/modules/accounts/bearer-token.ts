import { createHash } from 'node:crypto'

import { jwtVerify, SignJWT } from 'jose'
import { LRUCache } from 'lru-cache'

/** Bearer tokens live at most a day. */
export const TOKEN_TTL_SECONDS = 24 * 3600
const ISSUER = 'toolworks'
const AUDIENCE = 'toolworks-api'

/** sessionId is Better Auth's session row id (not its secret token): the token lives only as long as that row. */
export type TokenClaims = { userId: string; email: string; sessionId: string }

/**
 * Tokens already verified, by their exact text, until they expire: every signed-in request
 * presents one, and checking its signature again was about 4 % of an order's CPU
 * (docs/performance.md). Only the signature and claims are remembered; that the session is
 * still alive is asked of the database on every request (plugins/auth.ts). Bounded by bytes.
 */
const VERIFIED_BYTES_MAX = 2 * 1024 * 1024
type Verified = { claims: TokenClaims; expiresAtMs: number }

/**
 * The access token of docs/product.md §3, kept by the client in localStorage.accessToken: an
 * HS256 JWT whose key is derived from AUTH_SECRET for this one purpose.
 */
export function createBearerTokens(authSecret: string) {
  const key = createHash('sha256').update(`toolworks bearer token v1:${authSecret}`).digest()
  const verified = new LRUCache<string, Verified>({
    maxSize: VERIFIED_BYTES_MAX,
    sizeCalculation: (v, token) => token.length + v.claims.email.length + 200,
  })
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
    async verify(token: string, now = Date.now()): Promise<TokenClaims | undefined> {
      const known = verified.get(token)
      if (known) return known.expiresAtMs > now ? known.claims : undefined
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: new Date(now),
        })
        const { sub, email, sid, exp } = payload
        // Tokens issued before session binding carry no sid: refused, the client asks again.
        if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string')
          return undefined
        const claims = { userId: sub, email, sessionId: sid }
        // jwtVerify required the expiry (setExpirationTime on every token we sign).
        if (typeof exp === 'number') verified.set(token, { claims, expiresAtMs: exp * 1000 })
        return claims
      } catch {
        return undefined
      }
    },
  }
}

export type BearerTokens = ReturnType<typeof createBearerTokens>
