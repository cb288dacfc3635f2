import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { genericOAuth } from 'better-auth/plugins'

import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index.js'
import type { Mailer } from '../../lib/mailer.js'
import { resetPasswordMail, verificationMail } from './accounts.mails.js'

export const CLIENT_IP_HEADER = 'x-toolworks-client-ip'

type Log = Record<'debug' | 'info' | 'warn' | 'error', (obj: object, msg: string) => void>
type AuthDeps = { config: Config; db: Db; mailer: Mailer; secret: string; log: Log }

/** Browser origins allowed to send cookie-carrying requests: the site and Vite's dev/preview. */
export function trustedOrigins(config: Config): string[] {
  return [
    config.publicUrl,
    'http://localhost:5173',
    'http://127.0.0.1:5173',
    'http://localhost:4173',
  ]
}

/**
 * Identity (DESIGN.md): Better Auth under /api/auth with email + password, email
 * verification, password reset and Google; sessions and rate limits in the database.
 */
export function createAuth({ config, db, mailer, secret, log }: AuthDeps) {
  const admins = new Set(config.adminEmails)
  return betterAuth({
    appName: 'Toolworks',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config),
    // The adapter's transaction option stays off: PGlite deadlocks on nested use (STACK-NOTES.md §2).
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
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => mailer.send(resetPasswordMail(user, url)),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user, url }) => mailer.send(verificationMail(user, url)),
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
    databaseHooks: {
      user: {
        create: {
          // ADMIN_EMAILS are admins from sign-up on; nobody else can choose a role.
          before: async (user) => ({
            data: { ...user, role: admins.has(user.email.toLowerCase()) ? 'admin' : 'customer' },
          }),
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
        '/send-verification-email': { window: 60, max: 5 },
      },
    },
    session: { expiresIn: 7 * 24 * 3600, updateAge: 24 * 3600 },
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
}

export type Auth = ReturnType<typeof createAuth>
