import { PAYMENT_HOLD_MINUTES } from '@toolworks/shared'

import type { Config } from '../../config.js'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/**
 * How long an unpaid order may hold its stock, by the class of its account: the one home of
 * these numbers (ORDER_HOLD_HOURS, UNVERIFIED_HOLD_MINUTES, BANK_TRANSFER_HOLD_DAYS), for
 * placing an order, starting a card or gateway payment, and choosing a bank transfer.
 */
export type HoldRules = {
  /** A verified account's order (ORDER_HOLD_HOURS). */
  verifiedHours: number
  /** An order of an account whose e-mail is not verified (UNVERIFIED_HOLD_MINUTES, 60). */
  unverifiedMinutes: number
  /** A verified account's order awaiting a bank transfer (BANK_TRANSFER_HOLD_DAYS). */
  transferDays: number
}

/** The classes an order's hold is measured by. */
export type HoldClass = 'unverified' | 'verified' | 'transfer'

export const holdRulesOf = (
  config: Pick<Config, 'orderHoldHours' | 'orderLimits' | 'bankTransferHoldDays'>,
): HoldRules => ({
  verifiedHours: config.orderHoldHours,
  unverifiedMinutes: config.orderLimits.unverifiedHoldMinutes,
  transferDays: config.bankTransferHoldDays,
})

/**
 * The longest a class may hold stock, counted from when the order was placed. A payment starting
 * pushes a hold on, but never past this: otherwise an unverified account could keep stock for
 * ever by starting a payment every half hour.
 */
export function holdAllowanceMs(rules: HoldRules, holdClass: HoldClass): number {
  if (holdClass === 'unverified') return rules.unverifiedMinutes * MINUTE_MS
  if (holdClass === 'transfer')
    return Math.max(rules.transferDays * DAY_MS, rules.verifiedHours * HOUR_MS)
  return rules.verifiedHours * HOUR_MS
}

/** The class an account's order is held by: a transfer is only for verified accounts. */
export const holdClassOf = (emailVerified: boolean, transfer = false): HoldClass =>
  !emailVerified ? 'unverified' : transfer ? 'transfer' : 'verified'

/** When a new order's hold ends: its class's whole allowance from the moment it is placed. */
export const placedHoldEnd = (rules: HoldRules, placedAt: Date, emailVerified: boolean): Date =>
  new Date(placedAt.getTime() + holdAllowanceMs(rules, holdClassOf(emailVerified)))

/**
 * What starting a payment asks for (before the class's ceiling): a card or gateway payment
 * PAYMENT_HOLD_MINUTES from now, so the sweeper does not cancel it mid-payment; a transfer its
 * whole allowance.
 */
export function holdWanted(rules: HoldRules, holdClass: HoldClass, now: Date): Date {
  const ms =
    holdClass === 'transfer' ? holdAllowanceMs(rules, 'transfer') : PAYMENT_HOLD_MINUTES * MINUTE_MS
  return new Date(now.getTime() + ms)
}

/**
 * How long past its hold an order with an open gateway attempt waits while the gateway cannot
 * be asked about it (an outage): a payment made meanwhile is then found before the stock goes
 * back on sale. After it the order expires anyway; money that still arrives takes the late
 * payment path (reinstated, or refunded).
 */
export const GATEWAY_RECHECK_GRACE_MS = 12 * HOUR_MS
