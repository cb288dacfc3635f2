import { messages } from '@toolworks/shared'
import { fromNodeHeaders } from 'better-auth/node'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

import { AppError } from '../lib/app-error.js'
import type { Actor, SessionUser } from '../modules/accounts/accounts.service.js'
import {
  findSessionRole,
  findUserBySession,
  hasSignedInFrom,
} from '../modules/accounts/accounts.queries.js'
import { isAdminAddress } from '../modules/accounts/admin-address.js'
import {
  AUTH_ADDRESS_LIMITS,
  AUTH_RATE_WINDOW_SECONDS,
  canonicalAuthPath,
  CLIENT_IP_HEADER,
  type Auth,
} from '../modules/accounts/auth.js'
import type { BearerTokens } from '../modules/accounts/bearer-token.js'
import type { Db } from '../db/client.js'

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null
  }
  interface FastifyInstance {
    /** onRequest hook (before the body is read or validated): a valid bearer token of an existing account, else 401. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** onRequest hook: requireUser, and the account's role is admin, else 403. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /**
     * The Better Auth session behind the request's cookie, if any. A cookie call whose Origin
     * is not one of the trusted origins is refused with 403 (see the decorator).
     */
    sessionUser: (request: FastifyRequest) => Promise<SessionUser | null>
  }
}

type Options = {
  auth: Auth
  tokens: BearerTokens
  db: Db
  publicUrl: string
  adminEmails: readonly string[]
  trustedOrigins: readonly string[]
}

/**
 * Mounts Better Auth under /api/auth (docs/architecture.md, Stack pitfalls §2) and gives routes the bearer
 * checks. The client IP header is set from the socket, overwriting anything the client sent,
 * so rate limits count per address.
 */
export const authPlugin = fp<Options>(
  async (app: FastifyInstance, { auth, tokens, db, publicUrl, adminEmails, trustedOrigins }) => {
    app.decorateRequest('actor', null)

    // These paths are limited per network address, then per e-mail, so one account cannot be
    // hammered from many addresses. The address is checked first: an address over its
    // limit writes no per-e-mail counter. Better Auth counts per address too.
    const emailOf = (request: FastifyRequest) => {
      const body = request.body as { email?: unknown } | undefined
      return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''
    }
    // Every credential path (AUTH_ADDRESS_LIMITS) is gated here, the mount's own count beside
    // Better Auth's. A shared store that fails (Redis gone) counts in this process's memory
    // instead (plugins/rate-limit-store.ts), so guesses are counted per process, never let
    // through uncounted, and sign-in keeps working.
    const credentialPaths = Object.keys(AUTH_ADDRESS_LIMITS) as (keyof typeof AUTH_ADDRESS_LIMITS)[]
    const emailPaths = new Set(['/sign-in/email', '/sign-up/email', '/request-password-reset'])
    const perAddress = new Map(
      credentialPaths.map((p) => [
        `/api/auth${p}`,
        app.createRateLimit({
          max: AUTH_ADDRESS_LIMITS[p],
          timeWindow: AUTH_RATE_WINDOW_SECONDS * 1000,
          keyGenerator: (request) => `auth-address:${p}:${request.ip}`,
          skipOnError: false,
        }),
      ]),
    )
    // createRateLimit counts in the store registered with the plugin (app.ts), whatever `store`
    // it is given; the keys name their kind, so an "e-mail" that reads like an address never
    // counts against that address.
    const perEmail = app.createRateLimit({
      max: 10,
      timeWindow: 60_000,
      // Only canonical paths get this far (see the handler), so the path is the routed one.
      keyGenerator: (request) =>
        `auth-email:${canonicalAuthPath(request.url) ?? ''}:${emailOf(request)}`,
      skipOnError: false,
    })

    type Verdict = Awaited<ReturnType<typeof perEmail>>
    /** The time left in the window when over the limit, else undefined. isAllowed means "on
     * the allow list" (never here); isExceeded is the verdict. */
    const over = (verdict: Verdict): number | undefined =>
      !verdict.isAllowed && verdict.isExceeded ? verdict.ttl : undefined

    async function checkLimits(request: FastifyRequest, reply: FastifyReply, path: string) {
      const byAddress = perAddress.get(path)
      if (!byAddress) return
      if (over(await byAddress(request)) !== undefined) throw new AppError('RATE_LIMITED')
      if (!emailPaths.has(path.slice('/api/auth'.length))) return
      const ttl = over(await perEmail(request))
      if (ttl === undefined) return
      if (path !== '/api/auth/sign-in/email') throw new AppError('RATE_LIMITED')
      // Others' wrong passwords do not lock the owner out where they signed in before.
      if (await hasSignedInFrom(db, emailOf(request), request.ip)) return
      const seconds = Math.max(1, Math.ceil(ttl / 1000))
      reply.header('retry-after', String(seconds))
      throw new AppError('RATE_LIMITED', messages.accounts.tooManySignIns(Math.ceil(seconds / 60)))
    }

    /**
     * Better Auth's get-session answers the stored role; the shop acts on the effective one
     * (accounts.queries.ts), so the session shows that one, as /api/admin/{email} and the users
     * list do. A session of an unproven ADMIN_EMAILS address is no session (null),
     * as the sessionUser decorator below says.
     */
    async function withEffectiveRole(body: string): Promise<string> {
      const answer = JSON.parse(body) as { user?: { id?: unknown; role?: unknown } } | null
      const id = answer?.user?.id
      if (!answer?.user || typeof id !== 'string') return body
      const role = await findSessionRole(db, adminEmails, id)
      if (role === undefined) return 'null'
      return JSON.stringify({ ...answer, user: { ...answer.user, role } })
    }

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      async handler(request, reply) {
        // Better Auth routes the URL after `new URL` has resolved dot segments, so `./`,
        // `x/../`, `%2e/` and backslash spellings would reach sign-in while the per-email limit
        // below saw another path. Only the one canonical spelling is served.
        const path = canonicalAuthPath(request.url)
        if (path === undefined) throw new AppError('NOT_FOUND')
        if (request.method === 'POST') await checkLimits(request, reply, path)
        const headers = fromNodeHeaders(request.headers)
        headers.set(CLIENT_IP_HEADER, request.ip)
        const hasBody = request.method !== 'GET' && request.body !== undefined
        const response = await auth.handler(
          new Request(new URL(request.url, publicUrl), {
            method: request.method,
            headers,
            body: hasBody ? JSON.stringify(request.body) : undefined,
          }),
        )
        // The sign-up of an ADMIN_EMAILS address answers that its link was
        // mailed, nothing else: the same whether the address had an account or not, as every
        // sign-up answers (auth.ts, autoSignIn). No session was made and no cookie is sent.
        if (
          path === '/api/auth/sign-up/email' &&
          response.status === 200 &&
          isAdminAddress(adminEmails, emailOf(request))
        )
          return reply.code(200).send({
            token: null,
            user: null,
            confirmEmail: true,
            message: messages.accounts.adminCheckMailbox,
          })
        reply.code(response.status)
        response.headers.forEach((value, name) => void reply.header(name, value))
        if (path === '/api/auth/get-session' && response.status === 200) {
          reply.removeHeader('content-length')
          return reply.send(await withEffectiveRole(await response.text()))
        }
        return reply.send(response.body ? await response.text() : null)
      },
    })

    async function requireUser(request: FastifyRequest) {
      const header = request.headers.authorization ?? ''
      const match = /^Bearer\s+(\S+)$/i.exec(header)
      const claims = match?.[1] ? await tokens.verify(match[1]) : undefined
      if (!claims) throw new AppError('UNAUTHENTICATED')
      // One query: the account, its effective role, and that the token's session is alive.
      const user = await findUserBySession(db, adminEmails, claims.userId, claims.sessionId)
      if (!user) throw new AppError('UNAUTHENTICATED')
      request.actor = { id: user.id, email: user.email, name: user.name, role: user.role }
    }

    app.decorate('requireUser', requireUser)
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await requireUser(request)
      if (request.actor?.role !== 'admin') throw new AppError('FORBIDDEN')
    })
    const trusted = new Set(trustedOrigins)
    app.decorate('sessionUser', async (request: FastifyRequest): Promise<SessionUser | null> => {
      // A cookie rides along on cross-site requests, so a foreign Origin is refused like
      // Better Auth refuses it on its own routes (Low). A request without Origin
      // is allowed: browsers always send Origin on the PUT fetch that asks for a token, so
      // only non-browser clients (curl, scripts) that hold the cookie themselves omit it.
      const origin = request.headers.origin
      if (origin !== undefined && !trusted.has(origin))
        throw new AppError('FORBIDDEN', messages.accounts.foreignOrigin)
      const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) })
      // No session of an unproven ADMIN_EMAILS address is honoured, even one older than the rule.
      if (session && isAdminAddress(adminEmails, session.user.email) && !session.user.emailVerified)
        return null
      return session
        ? { id: session.user.id, email: session.user.email, sessionId: session.session.id }
        : null
    })
  },
  { name: 'auth', dependencies: ['errors'] },
)
