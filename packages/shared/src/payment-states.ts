import type { PaymentState } from './payment-methods.js'
import { stateTable, type Transition } from './state-table.js'

/** Every order starts with nothing paid. */
export const PAYMENT_INITIAL_STATE = 'unpaid' satisfies PaymentState

/**
 * What can happen to an order's money, beside its status (order-states.ts): the
 * seed's `paid` keeps its meaning, this says where the money stands and how it goes back.
 */
export const PAYMENT_STATE_EVENTS = [
  /** The buyer chose a bank transfer: a proforma, and the longer hold. */
  'await_transfer',
  /** The buyer switched to another method while the transfer was awaited. */
  'switch_method',
  /** A card or SSLCommerz payment the server verified with the provider. */
  'pay',
  /** SSLCommerz validated it but flagged it as risky (`risk_level` 1): an admin decides. */
  'flag_for_review',
  /** An admin accepts a payment under review. */
  'accept_review',
  /** An admin records the transfer received (reference, amount equal to what is due, date). */
  'receive_transfer',
  /** The money goes back through the gateway that took it (Stripe, SSLCommerz). */
  'refund',
  /** Money taken by bank transfer goes back by hand: a record the admin closes. */
  'refund_by_hand',
  /** The admin closes a refund due with the outgoing transfer's reference. */
  'close_refund',
] as const
export type PaymentStateEvent = (typeof PAYMENT_STATE_EVENTS)[number]

/**
 * The payment state machine (docs/architecture.md, States). `refund` also leaves `unpaid`: a
 * gateway's money that lands on an order a person cancelled is refunded without ever making it
 * paid (flows/payment-received.ts). Refunded is final. An order that expires or is cancelled
 * keeps its payment state: a transfer that still arrives for it is received (the order is
 * reinstated, or the money is due back by hand).
 */
export const PAYMENT_TRANSITIONS = [
  { from: 'unpaid', event: 'await_transfer', to: 'awaiting-transfer' },
  { from: 'unpaid', event: 'pay', to: 'paid' },
  { from: 'unpaid', event: 'flag_for_review', to: 'under-review' },
  { from: 'unpaid', event: 'refund', to: 'refunded' },
  { from: 'awaiting-transfer', event: 'switch_method', to: 'unpaid' },
  // Money from a gateway while a transfer was awaited (the buyer paid one way, then chose the
  // other): it counts, as it would from unpaid. A paid order is never lost.
  { from: 'awaiting-transfer', event: 'pay', to: 'paid' },
  { from: 'awaiting-transfer', event: 'flag_for_review', to: 'under-review' },
  { from: 'awaiting-transfer', event: 'refund', to: 'refunded' },
  { from: 'awaiting-transfer', event: 'receive_transfer', to: 'paid' },
  { from: 'awaiting-transfer', event: 'refund_by_hand', to: 'refund-due' },
  { from: 'under-review', event: 'accept_review', to: 'paid' },
  { from: 'under-review', event: 'refund', to: 'refunded' },
  { from: 'paid', event: 'refund', to: 'refunded' },
  { from: 'paid', event: 'refund_by_hand', to: 'refund-due' },
  { from: 'refund-due', event: 'close_refund', to: 'refunded' },
] as const satisfies readonly Transition<PaymentState, PaymentStateEvent>[]

const paymentStates = stateTable<PaymentState, PaymentStateEvent>(PAYMENT_TRANSITIONS)

/** Where `event` takes an order's money in `from`; undefined when it is not allowed. */
export const nextPaymentState = paymentStates.next
/** The states `event` may start from: the guard of its conditional update. */
export const paymentFromStatesOf = paymentStates.fromStatesOf
/** The state `event` leads to. */
export const paymentTargetOf = paymentStates.targetOf
