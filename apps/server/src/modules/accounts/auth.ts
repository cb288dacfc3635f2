import { randomBytes } from 'node:crypto'

import {
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE_SECONDS,
  DisplayNameSchema,
  fitDisplayName,
  messages,
  startingCurrency,
} from '@toolworks/shared'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { genericOAuth } from 'better-auth/plugins'

import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index.js'
import type { Mailer } from '../../lib/mailer.js'
import type { SecondaryStorage } from '../../lib/redis.js'
import { resetPasswordMail, signUpAttemptMail, verificationMail } from './accounts.mails.js'
import {
  claimSignUpAttemptMail,
  deleteSessionsOf,
  discardPassword,
  findCurrencyPreference,
  findSignInState,
  forgetSignInAddresses,
  markEmailVerified,
  recordSignInAddress,
} from './accounts.queries.js'
import { isAdminAddress } from './admin-address.js'
import { scryptPasswordHasher } from './password-hash.js'

export const CLIENT_IP_HEADER = 'x-toolworks-client-ip'

type Log = Record<'debug' | 'info' | 'warn' | 'error', (obj: object, msg: string) => void>
/** Better Auth's `emailAndPassword.password`: how a password is hashed and checked. */
export type PasswordHasher = {
  hash: (password: string) => Promise<string>
  verify: (input: { hash: string; password: string }) => Promise<boolean>
}
type AuthDeps = {
  config: Config
  db: Db
  mailer: Mailer
  secret: string
  log: Log
  /** Tests only (AppOptions.passwordHasher); Better Auth's scrypt scheme otherwise (password-hash.ts). */
  passwordHasher?: PasswordHasher | undefined
  /**
   * Redis when REDIS_URL is set (lib/redis.ts): sessions are read from it first
   * and Better Auth's rate limits count in it. Every session is also kept in the database, so
   * a Redis that fails signs nobody out.
   */
  secondaryStorage?: SecondaryStorage | undefined
}

/** Browser origins allowed to send cookie-carrying requests: the site and Vite's dev/preview. */
export function trustedOrigins(config: Config): string[] {
  return [
    config.publicUrl,
    'http://localhost:5173',
    'http://127.0.0.1:5173',
    'http://localhost:4173',
  ]
}

const AUTH_BASE = '/api/auth'
/** One path segment as Better Auth's routes spell them: no dots alone, no escapes, no slashes. */
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/

/**
 * The path of a request under /api/auth when it is spelled the one canonical way, else
 * undefined. Refused: dot segments (`.`, `..`, `%2e` in any case), empty
 * segments (`//`, a trailing `/`), percent-escapes and backslashes. Each of those is either
 * rewritten by `new URL` on the way into Better Auth or matched loosely by its router, so
 * the path a limiter saw could differ from the route that ran.
 */
export function canonicalAuthPath(url: string): string | undefined {
  const path = url.split('?')[0] ?? ''
  if (!path.startsWith(`${AUTH_BASE}/`)) return undefined
  const segments = path.slice(AUTH_BASE.length + 1).split('/')
  if (!segments.every((segment) => SEGMENT.test(segment))) return undefined
  return path
}

/** The refusal of a session for an ADMIN_EMAILS address whose mailbox is not proven. */
export const UNPROVEN_ADMIN_CODE = 'EMAIL_NOT_VERIFIED'
const unprovenAdmin = () =>
  new APIError('FORBIDDEN', {
    code: UNPROVEN_ADMIN_CODE,
    message: messages.accounts.adminConfirmFirst,
  })

/** Better Auth's rate-limit window; every rule below counts in it (the sweep relies on that). */
export const AUTH_RATE_WINDOW_SECONDS = 60

/**
 * Requests a minute per network address on the paths that guess or send mail. The
 * mount checks the first three itself, before their per-e-mail limit (plugins/auth.ts).
 */
export const AUTH_ADDRESS_LIMITS = {
  '/sign-in/email': 10,
  '/sign-up/email': 10,
  '/request-password-reset': 5,
  '/reset-password': 10,
  '/send-verification-email': 5,
} as const

/** Lifetime of a reset token, also of the one an ADMIN_EMAILS verification leads to. */
const RESET_TOKEN_SECONDS = 3600

/** At most one "someone tried to sign up with your address" mail per account in this time. */
export const SIGN_UP_ATTEMPT_MAIL_WINDOW_MS = 15 * 60 * 1000

/** Better Auth endpoints that take a display name from the request body. */
const NAME_PATHS = new Set(['/sign-up/email', '/update-user'])

/**
 * Identity (docs/decisions/0002-better-auth-bearer-token.md): Better Auth under /api/auth with email + password, email
 * verification, password reset and Google; sessions and rate limits in the database, or with
 * REDIS_URL in Redis as well (sessions) or instead (rate limits).
 */
export function createAuth({
  config,
  db,
  mailer,
  secret,
  log,
  passwordHasher,
  secondaryStorage,
}: AuthDeps) {
  const adminAddress = (email: string) => isAdminAddress(config.adminEmails, email)

  /**
   * Every session of the account goes: the rows, and with Redis the copies Better Auth keeps
   * there, which it would otherwise go on answering from after the rows are gone.
   */
  async function signOutEverywhere(userId: string) {
    await deleteSessionsOf(db, userId)
    if (secondaryStorage) await (await auth.$context).internalAdapter.deleteUserSessions(userId)
  }

  /**
   * True at most once per account per SIGN_UP_ATTEMPT_MAIL_WINDOW_MS, in every server process:
   * counted where the other limits count, in Redis with REDIS_URL (one atomic increment; this
   * process's memory while Redis is away, as for the limits), else in the database.
   */
  async function mayTellOwnerOfSignUp(userId: string): Promise<boolean> {
    if (!secondaryStorage) return claimSignUpAttemptMail(db, userId, SIGN_UP_ATTEMPT_MAIL_WINDOW_MS)
    const key = `sign-up-attempt-mail:${userId}`
    return (await secondaryStorage.increment(key, SIGN_UP_ATTEMPT_MAIL_WINDOW_MS / 1000)) === 1
  }

  /**
   * Where the verification of an ADMIN_EMAILS address leads: the web's reset
   * page with a fresh reset token, so the mailbox owner chooses the password. Thrown from
   * Better Auth's verify-email as its redirect, before it would sign anyone in.
   */
  async function choosePasswordRedirect(userId: string): Promise<APIError> {
    const context = await auth.$context
    const token = randomBytes(24).toString('base64url')
    await context.internalAdapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
    })
    const location = new URL('/reset-password', config.publicUrl)
    location.searchParams.set('token', token)
    location.searchParams.set('confirmed', '1')
    return new APIError('FOUND', undefined, new Headers({ location: location.href }))
  }

  const auth = betterAuth({
    appName: 'Toolworks',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config),
    // The adapter's transaction option stays off: PGlite deadlocks on nested use (docs/architecture.md, Stack pitfalls §2).
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: passwordHasher ?? scryptPasswordHasher,
      requireEmailVerification: false,
      // Sign-up signs nobody in, so it can answer an address that has an account exactly as a
      // new one (Better Auth hashes the password anyway and answers a made-up user): nobody
      // learns from it who shops here. The browser signs in next with what was typed.
      autoSignIn: false,
      // The made-up user of that answer has the keys and values a new account's has: the
      // role every account starts with, the fields it has not filled, the name fitted as
      // the create hook below fits it.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        ...additionalFields,
        name: fitDisplayName(coreFields.name, coreFields.email.split('@')[0] ?? ''),
        role: 'customer',
        id,
      }),
      // The owner is told instead, at most once per window, whoever keeps trying.
      onExistingUserSignUp: async ({ user }) => {
        if (await mayTellOwnerOfSignUp(user.id))
          await mailer.send(signUpAttemptMail(user, config.publicUrl))
      },
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => mailer.send(resetPasswordMail(user, url)),
      // A reset link reached its mailbox, so a reset proves the address: the way in for an
      // ADMIN_EMAILS owner who lost the verification mail. Every session is already revoked.
      onPasswordReset: async ({ user }) => {
        await forgetSignInAddresses(db, user.id)
        if (adminAddress(user.email) && !user.emailVerified) await markEmailVerified(db, user.id)
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user, url }) =>
        mailer.send(verificationMail(user, url, { choosePassword: adminAddress(user.email) })),
      // An ADMIN_EMAILS address: whoever signed it up may not own it. Before the
      // address counts as verified, the password typed at sign-up is discarded and every
      // session goes; then the owner is sent to choose a password instead of being signed in.
      beforeEmailVerification: async (user) => {
        if (!adminAddress(user.email)) return
        await discardPassword(db, user.id)
        await signOutEverywhere(user.id)
        await forgetSignInAddresses(db, user.id)
      },
      afterEmailVerification: async (user) => {
        if (!adminAddress(user.email)) return
        await signOutEverywhere(user.id)
        throw await choosePasswordRedirect(user.id)
      },
    },
    // Google through its OpenID Connect discovery document: code flow with PKCE, nonce and
    // ID-token verification against the published keys. The discovery URL is configurable so
    // the whole flow is tested against a local OIDC server.
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: config.google.discoveryUrl,
                requireIdTokenVerification: true,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                prompt: 'select_account',
              },
            ],
          }),
        ]
      : [],
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
        phone: { type: 'string', required: false, input: false },
        location: { type: 'string', required: false, input: false },
        education: { type: 'string', required: false, input: false },
        linkedin: { type: 'string', required: false, input: false },
      },
    },
    // Names typed by a person (sign-up, update-user) are checked and refused with the field's
    // message; the check runs inside Better Auth so every way in is covered.
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // An unproven ADMIN_EMAILS address is refused before its password is even checked.
        if (ctx.path === '/sign-in/email') {
          const email: unknown = (ctx.body as { email?: unknown } | undefined)?.email
          if (typeof email !== 'string' || !adminAddress(email)) return
          const state = await findSignInState(db, { email })
          if (state && !state.emailVerified) throw unprovenAdmin()
          return
        }
        if (!NAME_PATHS.has(ctx.path)) return
        const body: unknown = ctx.body
        const hasName = typeof body === 'object' && body !== null && 'name' in body
        // update-user without a name changes other fields and leaves the name alone.
        if (!hasName && ctx.path === '/update-user') return
        const checked = DisplayNameSchema.safeParse(hasName ? body.name : undefined)
        if (!checked.success) {
          throw new APIError('BAD_REQUEST', {
            code: 'INVALID_NAME',
            message: checked.error.issues[0]?.message ?? '',
          })
        }
      }),
      // Every way of signing in (password, Google, the link in a verification mail) makes a new
      // session: a browser with no currency of its own starts in the buyer's, so the
      // first page they see is already in it. Not HttpOnly: the header's switch rewrites it.
      after: createAuthMiddleware(async (ctx) => {
        const session = ctx.context.newSession
        if (!session || ctx.getCookie(CURRENCY_COOKIE)) return
        const preference = await findCurrencyPreference(db, session.user.id)
        const currency = preference && startingCurrency(preference)
        if (!currency) return
        ctx.setCookie(CURRENCY_COOKIE, currency, {
          path: '/',
          maxAge: CURRENCY_COOKIE_MAX_AGE_SECONDS,
          sameSite: 'lax',
          httpOnly: false,
        })
      }),
    },
    databaseHooks: {
      // No session of an ADMIN_EMAILS address until its mailbox is proven,
      // whichever way it would be made: sign-up, sign-in, Google with an unverified e-mail.
      session: {
        create: {
          before: async (session) => {
            const state = await findSignInState(db, { id: session.userId })
            if (state && adminAddress(state.email) && !state.emailVerified) throw unprovenAdmin()
          },
          // Where the account signs in from, so the per-e-mail limit spares it.
          after: async (session) => {
            if (session.ipAddress) await recordSignInAddress(db, session.userId, session.ipAddress)
          },
        },
      },
      user: {
        create: {
          // Nobody chooses a role: every account starts as a customer. An ADMIN_EMAILS address
          // becomes an admin once its email is verified, which the role query derives
          // (accounts.queries.ts, effectiveRole). A Google name is made to fit, not refused:
          // the person cannot change it here.
          before: async (user) => ({
            data: {
              ...user,
              role: 'customer',
              name: fitDisplayName(user.name, user.email.split('@')[0] ?? ''),
            },
          }),
        },
        update: {
          // The same for a name Better Auth copies from Google on a later sign-in.
          before: async (data) =>
            typeof data.name === 'string'
              ? { data: { ...data, name: fitDisplayName(data.name, 'Customer') } }
              : { data },
        },
      },
    },
    // With Redis, sessions are read from it first and also kept in the database, the record
    // the bearer tokens check and the fallback when Redis fails. Verification tokens are kept
    // in the database too, so a link mailed while Redis was away still works.
    ...(secondaryStorage && {
      secondaryStorage,
      verification: { storeInDatabase: true },
    }),
    rateLimit: {
      enabled: true,
      storage: secondaryStorage ? 'secondary-storage' : 'database',
      window: AUTH_RATE_WINDOW_SECONDS,
      max: 100,
      customRules: {
        ...Object.fromEntries(
          Object.entries(AUTH_ADDRESS_LIMITS).map(([path, max]) => [
            path,
            { window: AUTH_RATE_WINDOW_SECONDS, max },
          ]),
        ),
        // Every page load reads the session; a shared address (an office, carrier-grade NAT)
        // would hit the 100 a minute of the rule above in normal use. Reading
        // the session changes nothing and guesses nothing, so it is not limited per address.
        '/get-session': false,
      },
    },
    session: {
      expiresIn: 7 * 24 * 3600,
      updateAge: 24 * 3600,
      storeSessionInDatabase: true,
    },
    advanced: {
      // The Fastify mount sets this header from the socket address, overwriting any client value.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Tests run with NODE_ENV=test, where Better Auth would skip the origin check by default.
      disableOriginCheck: false,
    },
    telemetry: { enabled: false },
    // Better Auth's own lines go through pino like every other log line, never to the console.
    logger: {
      log: (level, message) => log[level]({ component: 'better-auth' }, message),
    },
  })
  return auth
}

export type Auth = ReturnType<typeof createAuth>
