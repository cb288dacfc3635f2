import { IMPORTS_PER_MINUTE_MAX, messages, ORDERS_PER_MINUTE_MAX } from '@toolworks/shared'

import { AppError } from './app-error.js'
import { actorOf } from './route-helpers.js'

const MINUTE_MS = 60_000

/**
 * Every route's rate limit, in one place (issue 26 §4): how many requests in which window, and
 * by what they are counted. The sign-in paths' limits are Better Auth's and plugins/auth.ts's
 * (per address, then per e-mail), counted before any account is known.
 */
export const RATE_LIMITS = {
  /** Placing an order, both ordering routes together (issue 25). */
  orders: { max: ORDERS_PER_MINUTE_MAX, timeWindowMs: MINUTE_MS },
  /** Requesting a quote, sending it again. */
  quotes: { max: 10, timeWindowMs: MINUTE_MS },
  quoteMessages: { max: 30, timeWindowMs: MINUTE_MS },
  productsImport: { max: IMPORTS_PER_MINUTE_MAX, timeWindowMs: MINUTE_MS },
  /** A customer has no reason to post more than a few reviews a minute. */
  reviews: { max: 10, timeWindowMs: MINUTE_MS },
  /** Starting a payment. */
  payments: { max: 30, timeWindowMs: MINUTE_MS },
  /** Per network address: a visitor's contact form and newsletter sign-up. */
  contact: { max: 5, timeWindowMs: 10 * MINUTE_MS },
  subscribe: { max: 10, timeWindowMs: 10 * MINUTE_MS },
} as const satisfies Record<string, { max: number; timeWindowMs: number }>

export type RateLimitName = keyof typeof RATE_LIMITS

type ActorRequest = { actor: Parameters<typeof actorOf>[0]['actor'] }

/** A route's `config` counting per network address (the plugin's default key). */
export function perAddress(name: RateLimitName) {
  const { max, timeWindowMs } = RATE_LIMITS[name]
  return { rateLimit: { max, timeWindow: timeWindowMs } }
}

/**
 * A route's `config` counting per account, not per address: many buyers share an office's
 * address (issue 13). Counted after the sign-in check (preHandler), in the shared store, across
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

/** The orders' own words when an account orders too often (issue 13). */
export const tooManyOrders = () => new AppError('RATE_LIMITED', messages.orderRules.tooManyOrders)
