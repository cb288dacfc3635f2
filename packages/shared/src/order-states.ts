import { stateTable, type Transition } from './state-table.js'
import type { OrderStatus } from './orders.js'

/** Every order is placed unpaid (checkout and `POST /api/purchase`). */
export const ORDER_INITIAL_STATUS = 'unpaid' satisfies OrderStatus

/** What can happen to an order; the rows below say from which status and to which. */
export const ORDER_EVENTS = [
  /** A verified payment for a live order (flows/payment-received.ts). */
  'pay',
  /** A verified payment for an order the sweeper expired, while its stock still allows. */
  'reinstate',
  /** A payment that cannot make its cancelled order live: it stays cancelled, refunded. */
  'refund',
  /** The buyer cancels (`DELETE /api/purchase/{id}`, flows/cancellation.ts). */
  'cancel_by_buyer',
  /** An admin cancels someone's order (the same route). */
  'cancel_by_admin',
  /**
   * An admin cancels a paid order that has not shipped (`POST /api/purchase/{id}/cancel`): its stock comes back and its money goes back the way it came.
   */
  'cancel_paid',
  /** The sweeper: the hold ran out before any payment (modules/orders/order-sweeper.ts). */
  'expire',
  /** An admin marks a paid order shipped (`PATCH /api/purchase/{id}/status`). */
  'ship',
] as const
export type OrderEvent = (typeof ORDER_EVENTS)[number]

/**
 * The order's state machine (docs/architecture.md, States). A cancelled order is not final:
 * money arriving for it either reinstates it (only after an expiry) or is
 * refunded. A shipped order is final.
 */
export const ORDER_TRANSITIONS = [
  { from: 'unpaid', event: 'pay', to: 'paid' },
  { from: 'unpaid', event: 'cancel_by_buyer', to: 'cancelled' },
  { from: 'unpaid', event: 'cancel_by_admin', to: 'cancelled' },
  { from: 'unpaid', event: 'expire', to: 'cancelled' },
  { from: 'cancelled', event: 'reinstate', to: 'paid' },
  { from: 'cancelled', event: 'refund', to: 'cancelled' },
  { from: 'paid', event: 'ship', to: 'shipped' },
  { from: 'paid', event: 'cancel_paid', to: 'cancelled' },
] as const satisfies readonly Transition<OrderStatus, OrderEvent>[]

const orderStates = stateTable<OrderStatus, OrderEvent>(ORDER_TRANSITIONS)

/** Where `event` takes an order in `from`; undefined when it is not allowed. */
export const nextOrderStatus = orderStates.next
/** The statuses an order may be in for `event`: the guard of its conditional update. */
export const orderFromStatesOf = orderStates.fromStatesOf
/** The status `event` leads to. */
export const orderTargetOf = orderStates.targetOf

/** A person's cancellation, by the reason it leaves on the order. */
export const PERSON_CANCEL_EVENTS = {
  customer: 'cancel_by_buyer',
  admin: 'cancel_by_admin',
} as const satisfies Record<string, OrderEvent>
