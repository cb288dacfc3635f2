import { sql } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import Stripe from 'stripe'
import { afterEach, expect, test, vi } from 'vitest'

import { buildApp, type App } from '../src/app.js'
import type { Config } from '../src/config.js'
import { bearer, linksSentTo, signUp } from './accounts.js'
import { TEST_ORIGIN, testConfig } from './app.js'
import { useTestDatabase } from './database.js'
import { insertTool } from './factories.js'
import { startGoogleStandIn } from './oidc-server.js'
import { startStripeStandIn } from './stripe-stand-in.js'

/**
 * Secrets and personal data never leak: an app with real-looking secrets and a
 * captured logger (every level, plus the console) goes through sign-up, sign-in, failed
 * sign-ins, a profile, orders, payments (Stripe against a local stand-in, then sandbox cards),
 * Google sign-in and a run of 400/401/404/500 answers. No secret may appear in a log line or
 * in any answer; no password, phone, address, card number or token may appear in a log line.
 */

const database = useTestDatabase()

const SECRETS = {
  AUTH_SECRET: 'auth-secret-LEAKCHECK-7f3a9c1e5b2d4086a1c3e5f7b9d0a2c4',
  STRIPE_SECRET_KEY: 'sk_test_51LEAKCHECKsecretKeyQ8w7e6r5t4y3u2i1o0p',
  STRIPE_WEBHOOK_SECRET: 'whsec_LEAKCHECKwebhookSecret0a9s8d7f6g5h4j3k',
  GOOGLE_CLIENT_SECRET: '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-z1x2c3',
}

const PASSWORD = 'Pa55word-LEAKCHECK-never-logged'
const NEW_PASSWORD = 'N3w-LEAKCHECK-password-after-reset'
const WRONG_PASSWORD = 'Wr0ng-LEAKCHECK-password'
const PHONE = '+880 1799 424242'
const ADDRESS = 'House 12, Road 7, LEAKCHECK Lane, Dhanmondi'
const CARD = '4242424242424242'

type Captured = { logs: string[]; answers: string[] }

function capture(): Captured {
  const captured: Captured = { logs: [], answers: [] }
  // Better Auth and libraries may write to the console rather than to our logger.
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      captured.logs.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '))
    })
  }
  return captured
}
afterEach(() => vi.restoreAllMocks())

async function appWith(
  captured: Captured,
  overrides: Partial<Config>,
  onTestFinished: (fn: () => Promise<void>) => void,
): Promise<App> {
  const app = await buildApp({
    config: testConfig({ AUTH_SECRET: SECRETS.AUTH_SECRET }, overrides),
    database: database.current,
    // The most verbose level: a secret must not leak at any level.
    logger: { level: 'trace', stream: { write: (line: string) => captured.logs.push(line) } },
  })
  onTestFinished(() => app.close())
  await app.ready()
  // Every answer, headers and body, as one string each.
  const inject = app.inject.bind(app)
  const recorded = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const res = await inject(options)
    captured.answers.push(`${JSON.stringify(res.headers)}\n${res.body}`)
    return res
  }
  app.inject = recorded as unknown as App['inject']
  return app
}

const cookiesOf = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((c) => c.split(';')[0])
    .join('; ')

/** A trigger that makes inserting an order fail the way a broken database does (a 500). */
async function breakOrders() {
  await database.current.db.execute(sql`
    create or replace function toolworks_test_fail() returns trigger language plpgsql as $$
    begin raise exception 'forced failure for the leak test'; end $$`)
  await database.current.db.execute(sql`
    create trigger toolworks_test_fail before insert on orders
    for each row execute function toolworks_test_fail()`)
  return async () => {
    await database.current.db.execute(sql`drop trigger toolworks_test_fail on orders`)
  }
}

test(
  'no secret in any log line or answer; no password, phone, address, card or token in the logs',
  { timeout: 60_000 },
  async ({ onTestFinished }) => {
    const captured = capture()
    const stripe = await startStripeStandIn()
    onTestFinished(() => stripe.stop())
    const google = await startGoogleStandIn()
    onTestFinished(() => google.stop())
    const app = await appWith(
      captured,
      {
        stripe: {
          secretKey: SECRETS.STRIPE_SECRET_KEY,
          publishableKey: 'pk_test_public_by_design',
          webhookSecret: SECRETS.STRIPE_WEBHOOK_SECRET,
          apiBase: stripe.apiBase,
        },
        google: {
          clientId: 'toolworks-leak-test',
          clientSecret: SECRETS.GOOGLE_CLIENT_SECRET,
          discoveryUrl: google.discoveryUrl,
        },
      },
      onTestFinished,
    )
    const tokens: string[] = []
    const statuses: number[] = []
    const call = async (options: InjectOptions) => {
      const res = await app.inject(options)
      statuses.push(res.statusCode)
      return res
    }

    // Accounts: sign-up, sign-in, a wrong password, an unknown email, a profile.
    const user = await signUp(app, { name: 'Leak Check', password: PASSWORD })
    tokens.push(user.token, ...user.cookie.split('; ').map((c) => c.split('=')[1] ?? ''))
    const signIn = await call({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, password: PASSWORD },
    })
    expect(signIn.statusCode).toBe(200)
    tokens.push(
      ...cookiesOf(signIn.headers['set-cookie'])
        .split('; ')
        .map((c) => c.split('=')[1] ?? ''),
    )
    for (const [email, password] of [
      [user.email, WRONG_PASSWORD],
      ['nobody.leakcheck@example.com', WRONG_PASSWORD],
    ] as const) {
      const failed = await call({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email, password },
      })
      expect(failed.statusCode).toBe(401)
    }
    const profile = await call({
      method: 'PUT',
      url: `/api/updateduser?email=${encodeURIComponent(user.email)}`,
      headers: bearer(user),
      payload: { phone: PHONE, address: ADDRESS, education: 'BSc', linkedin: 'https://x.example' },
    })
    expect(profile.statusCode).toBe(200)

    // An order and a Stripe payment, with a good and a forged webhook.
    const tool = await insertTool(database.current.db, { priceCents: 2500, quantity: 50 })
    const order = await call({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(user),
      payload: { toolsId: tool.id, purchaseQuantity: 2, phone: PHONE, address: ADDRESS },
    })
    expect(order.statusCode).toBe(201)
    const orderId = order.json<{ insertedId: string }>().insertedId
    const intent = await call({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(user),
      payload: { orderId },
    })
    expect(intent.statusCode).toBe(200)
    const clientSecret = intent.json<{ clientSecret: string }>().clientSecret
    tokens.push(clientSecret)
    const intentId = clientSecret.split('_secret_')[0] ?? ''
    const event = JSON.stringify({
      id: `evt_${intentId}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          status: 'succeeded',
          amount: 5000,
          metadata: { orderId },
        },
      },
    })
    const signer = new Stripe('sk_test_signer_only')
    for (const secret of [SECRETS.STRIPE_WEBHOOK_SECRET, 'whsec_forged']) {
      await call({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: event, secret }),
        },
        payload: event,
      })
    }

    // Google sign-in through the stand-in: the code exchange sends the client secret.
    google.signInAs({ email: 'google.leakcheck@example.com', name: 'G User' })
    const start = await call({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: TEST_ORIGIN },
      payload: { provider: 'google', callbackURL: '/dashboard' },
    })
    const consent = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' })
    const callback = new URL(consent.headers.get('location') ?? '')
    tokens.push(callback.searchParams.get('code') ?? '', callback.searchParams.get('state') ?? '')
    const done = await call({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookiesOf(start.headers['set-cookie']) },
    })
    expect(done.statusCode).toBe(302)

    // One-time links: the verification and reset tokens travel in URLs, and are bearer secrets.
    const verifyLink = (await linksSentTo(app, user.email)).find((l) => l.includes('verify-email'))
    const verifyToken = new URL(verifyLink ?? 'http://x/').searchParams.get('token') ?? ''
    expect(verifyToken.length).toBeGreaterThan(16)
    tokens.push(verifyToken)
    await call({ method: 'GET', url: (verifyLink ?? '').replace(TEST_ORIGIN, '') })
    await call({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, redirectTo: '/reset-password' },
    })
    const resetLink = (await linksSentTo(app, user.email)).find((l) => l.includes('reset-password'))
    const resetToken = /reset-password\/([^?]+)/.exec(resetLink ?? '')?.[1] ?? ''
    expect(resetToken.length).toBeGreaterThan(16)
    tokens.push(resetToken)
    await call({ method: 'GET', url: (resetLink ?? '').replace(TEST_ORIGIN, '') })
    const reset = await call({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { token: resetToken, newPassword: NEW_PASSWORD },
    })
    expect(reset.statusCode).toBe(200)
    // The reset ended every session and the tokens issued for them: sign in again.
    const again = await call({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, password: NEW_PASSWORD },
    })
    expect(again.statusCode).toBe(200)
    const cookie = [again.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0])
      .join('; ')
    const fresh = await call({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(user.email)}`,
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { email: user.email },
    })
    expect(fresh.statusCode).toBe(200)
    user.token = fresh.json<{ token: string }>().token
    tokens.push(user.token)

    // Errors: 400s, 401s, 404s, and a 500 from a database that fails an order mid-insert.
    const forgedToken = 'eyJhbGciOiJIUzI1NiJ9.LEAKCHECKforgedBearerToken.c2lnbmF0dXJl'
    tokens.push(forgedToken)
    await call({
      method: 'GET',
      url: '/api/purchase',
      headers: { authorization: `Bearer ${forgedToken}` },
    })
    await call({
      method: 'POST',
      url: '/api/purchase',
      headers: { ...bearer(user), 'content-type': 'application/json' },
      payload: `{"phone":"${PHONE}","address":"${ADDRESS}",`,
    })
    await call({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(user),
      payload: { toolsId: 'not-an-id', purchaseQuantity: -1, phone: PHONE, address: ADDRESS },
    })
    await call({
      method: 'GET',
      url: '/api/purchase/00000000-0000-4000-8000-000000000000',
      headers: bearer(user),
    })
    await call({ method: 'GET', url: '/api/no-such-route', headers: bearer(user) })
    const repair = await breakOrders()
    const broken = await call({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(user),
      payload: { toolsId: tool.id, purchaseQuantity: 1, phone: PHONE, address: ADDRESS },
    })
    await repair()
    expect(broken.statusCode).toBe(500)
    expect(statuses).toEqual(expect.arrayContaining([400, 401, 404, 500]))

    // Sandbox card payments (no Stripe): the card number goes through our own server.
    const sandboxApp = await appWith(captured, {}, onTestFinished)
    const buyer = await signUp(sandboxApp, { password: PASSWORD })
    tokens.push(buyer.token)
    const sandboxOrder = await sandboxApp.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(buyer),
      payload: { toolsId: tool.id, purchaseQuantity: 1, phone: PHONE, address: ADDRESS },
    })
    const sandboxIntent = await sandboxApp.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(buyer),
      payload: { orderId: sandboxOrder.json<{ insertedId: string }>().insertedId },
    })
    const paid = await sandboxApp.inject({
      method: 'POST',
      url: '/api/sandbox/payment_intents/confirm',
      payload: {
        clientSecret: sandboxIntent.json<{ clientSecret: string }>().clientSecret,
        card: { number: CARD, expMonth: 12, expYear: 2034, cvc: '987' },
        billingDetails: { name: 'Leak Check', email: buyer.email },
      },
    })
    expect(paid.statusCode).toBe(200)
    // A second confirmation with a bad card (answered as the already-paid intent or refused).
    await sandboxApp.inject({
      method: 'POST',
      url: '/api/sandbox/payment_intents/confirm',
      payload: {
        clientSecret: sandboxIntent.json<{ clientSecret: string }>().clientSecret,
        card: { number: '4000000000000002', expMonth: 1, expYear: 2000, cvc: 'x' },
        billingDetails: { name: 'Leak Check', email: buyer.email },
      },
    })

    // The logs are real (the failing insert was logged), and the email may appear in them.
    const logs = captured.logs.join('\n')
    expect(captured.logs.length).toBeGreaterThan(30)
    expect(logs).toContain('unexpected error')
    const leaks: string[] = []
    for (const [name, value] of Object.entries(SECRETS)) {
      if (logs.includes(value)) leaks.push(`${name} in the logs`)
      captured.answers.forEach((a, i) => {
        if (a.includes(value)) leaks.push(`${name} in answer ${i}`)
      })
    }
    const personal = {
      password: PASSWORD,
      'wrong password': WRONG_PASSWORD,
      'new password': NEW_PASSWORD,
      phone: PHONE,
      address: ADDRESS,
      'card number': CARD,
      'card number (spaced)': '4242 4242 4242 4242',
      cvc: '"987"',
    }
    for (const [name, value] of Object.entries(personal))
      if (logs.includes(value)) leaks.push(`${name} in the logs`)
    for (const token of tokens.filter((t) => t.length >= 16))
      if (logs.includes(token)) leaks.push(`token ${token.slice(0, 8)}… in the logs`)
    expect(leaks, leaks.length ? logs.slice(0, 20_000) : '').toEqual([])
  },
)
