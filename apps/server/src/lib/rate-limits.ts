import {
  IMPORTS_PER_MINUTE_MAX,
  messages,
  ORDERS_PER_MINUTE_MAX,
  paymentMethodRules,
  searchMessages,
} from '@toolworks/shared'

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

import type { RenderBudget } from '../plugins/pages.js'
import { AppError } from './app-error.js'
import { createTokenBuckets } from './memory-counters.js'
import { actorOf } from './route-helpers.js'

const MINUTE_MS = 60_000

/**
 * Every route's rate limit, in one place: how many requests in which window, and
 * by what they are counted. The sign-in paths' limits are Better Auth's and plugins/auth.ts's
 * (per address, then per e-mail), counted before any account is known.
 *
 * When the shared counter store fails (a Redis gone away), every limit here and the credential
 * paths' (AUTH_ADDRESS_LIMITS) count in each process's memory until it answers again
 * (plugins/rate-limit-store.ts): enforced per process, never skipped, and never a 503.
 */
export const RATE_LIMITS = {
  /** Placing an order, both ordering routes together. */
  orders: { max: ORDERS_PER_MINUTE_MAX, timeWindowMs: MINUTE_MS },
  /** Requesting a quote, sending it again. */
  quotes: { max: 10, timeWindowMs: MINUTE_MS },
  quoteMessages: { max: 30, timeWindowMs: MINUTE_MS },
  productsImport: { max: IMPORTS_PER_MINUTE_MAX, timeWindowMs: MINUTE_MS },
  /** A customer has no reason to post more than a few reviews a minute. */
  reviews: { max: 10, timeWindowMs: MINUTE_MS },
  /** Per network address: confirming a sandbox card payment. */
  payments: { max: 30, timeWindowMs: MINUTE_MS },
  /**
   * Per account: starting a payment, by card (`POST /api/create-payment-intent`) or through
   * the gateway or a bank transfer (`POST /api/purchase/{id}/payment`), one budget for both.
   * Each start may open a session at a provider, so an account cannot make a provider's
   * sessions by the hundred; a buyer retrying a card or switching method stays far below it.
   */
  paymentStarts: { max: 10, timeWindowMs: MINUTE_MS },
  /** Per network address: a visitor's contact form and newsletter sign-up. */
  contact: { max: 5, timeWindowMs: 10 * MINUTE_MS },
  subscribe: { max: 10, timeWindowMs: 10 * MINUTE_MS },
  /**
   * Per network address: pages rendered on the server that no one asked for since the catalogue
   * last changed, such as /products with a query of its own. Generous, because an
   * office or a mobile carrier puts many buyers behind one address; a page already rendered is
   * never counted. Past it, the page comes unrendered and the browser renders it.
   */
  pageRenders: { max: 120, timeWindowMs: MINUTE_MS },
} as const satisfies Record<string, { max: number; timeWindowMs: number }>

export type RateLimitName = keyof typeof RATE_LIMITS

type ActorRequest = { actor: Parameters<typeof actorOf>[0]['actor'] }

/** A route's `config` counting per network address (the plugin's default key). */
export function perAddress(name: RateLimitName) {
  const { max, timeWindowMs } = RATE_LIMITS[name]
  return { rateLimit: { max, timeWindow: timeWindowMs } }
}

/**
 * The budget of server renders per address (RATE_LIMITS.pageRenders), counted in the app's
 * rate-limit store (across processes) only when the pages plugin asks: on a render whose HTML
 * is not kept yet. A store that fails counts in memory instead (plugins/rate-limit-store.ts).
 */
export function pageRenderLimit(
  app: FastifyInstance,
): (request: FastifyRequest) => Promise<RenderBudget> {
  const { max, timeWindowMs } = RATE_LIMITS.pageRenders
  const count = app.createRateLimit({
    max,
    timeWindow: timeWindowMs,
    keyGenerator: (request) => `page-renders:${request.ip}`,
    skipOnError: true,
  })
  return async (request) => {
    const result = await count(request)
    return result.isAllowed || !result.isExceeded
      ? { allowed: true }
      : { allowed: false, retryAfterSeconds: result.ttlInSeconds }
  }
}

/**
 * A route's `config` counting per account, not per address: many buyers share an office's
 * address. Counted after the sign-in check (preHandler), in the shared store, across
 * processes; `key` names the counter, so routes that give the same key (or `groupId`) share one
 * budget (plugins/rate-limit-store.ts).
 */
export function perAccount(
  name: RateLimitName,
  {
    key = name,
    groupId,
    error = () => new AppError('RATE_LIMITED'),
  }: { key?: string; groupId?: string; error?: () => AppError } = {},
) {
  const { max, timeWindowMs } = RATE_LIMITS[name]
  return {
    rateLimit: {
      ...(groupId ? { groupId } : {}),
      max,
      timeWindow: timeWindowMs,
      hook: 'preHandler' as const,
      keyGenerator: (request: ActorRequest) => `${key}:${actorOf(request).id}`,
      errorResponseBuilder: error,
    },
  }
}

/** The orders' own words when an account orders too often. */
export const tooManyOrders = () => new AppError('RATE_LIMITED', messages.orderRules.tooManyOrders)

/** Both payment-start routes' one budget per account, with the payments' own words. */
export const perAccountPaymentStarts = perAccount('paymentStarts', {
  key: 'payment-start',
  groupId: 'payment-starts',
  error: () => new AppError('RATE_LIMITED', paymentMethodRules.tooManyStarts),
})

/**
 * Per network address: reading the catalogue (GET /api/tool, /api/tool/facets and
 * /api/tool/suggest, one budget). A token bucket: a burst of 60 at once, then 10 a second, so a
 * person browsing fast, typing into the search box or opening many tabs never meets it, while
 * one address asking without pause is slowed to what a shop can answer. Counted in each
 * process's memory, not the shared store: a count there would cost a database write or a Redis
 * round trip per read, more than a cached answer itself, and the limit protects each process's
 * time and the database's, which a per-process count does (with N processes, N times it).
 */
export const CATALOGUE_READS = { burst: 60, perSecond: 10 } as const

/** Fastify reports an IPv4 client as `::ffff:a.b.c.d` on a dual-stack socket. */
const plainAddress = (ip: string) => (ip.startsWith('::ffff:') ? ip.slice(7) : ip)

/**
 * The catalogue routes' read limit (CATALOGUE_READS), one budget for all of them: an onRequest
 * hook answering 429 with Retry-After past it. `allow` (SEARCH_LIMIT_ALLOW) names addresses it
 * leaves uncounted, such as a load generator's; `now` is the app's clock.
 */
export function catalogueReadLimit({
  allow,
  now,
}: {
  allow: readonly string[]
  now: () => Date
}): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const exempt = new Set(allow.map(plainAddress))
  const buckets = createTokenBuckets(CATALOGUE_READS)
  return async (request, reply) => {
    const address = plainAddress(request.ip)
    if (exempt.has(address)) return
    const waitMs = buckets.take(address, now().getTime())
    if (waitMs === 0) return
    reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))))
    throw new AppError('RATE_LIMITED', searchMessages.tooManySearches)
  }
}

export type CatalogueReadLimit = ReturnType<typeof catalogueReadLimit>
