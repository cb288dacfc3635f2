import { describe, expect, it } from 'vitest'

import {
  isFinalQuoteStatus,
  nextQuoteStatus,
  QUOTE_EVENTS,
  QUOTE_INITIAL_STATUS,
  QUOTE_TRANSITIONS,
  quoteFromStatesOf,
} from './quote-states.js'
import {
  nextOrderStatus,
  ORDER_EVENTS,
  ORDER_INITIAL_STATUS,
  ORDER_TRANSITIONS,
  orderFromStatesOf,
  orderTargetOf,
} from './order-states.js'
import { ORDER_STATUSES } from './orders.js'
import { PAYMENT_STATES } from './payment-methods.js'
import {
  nextPaymentState,
  PAYMENT_INITIAL_STATE,
  PAYMENT_STATE_EVENTS,
  PAYMENT_TRANSITIONS,
  paymentFromStatesOf,
} from './payment-states.js'
import { QUOTE_STATUSES } from './quotes.js'
import { stateTable, type Transition } from './state-table.js'

type Row = Transition<string, string>

/** Every status some path of the table reaches from `start`. */
function reachable(rows: readonly Row[], start: string): Set<string> {
  const seen = new Set([start])
  for (let grew = true; grew;) {
    grew = false
    for (const row of rows)
      if (seen.has(row.from) && !seen.has(row.to)) {
        seen.add(row.to)
        grew = true
      }
  }
  return seen
}

const machines = [
  {
    name: 'order',
    rows: ORDER_TRANSITIONS as readonly Row[],
    statuses: ORDER_STATUSES as readonly string[],
    events: ORDER_EVENTS as readonly string[],
    initial: ORDER_INITIAL_STATUS as string,
    final: ['shipped'],
  },
  {
    name: 'quote',
    rows: QUOTE_TRANSITIONS as readonly Row[],
    statuses: QUOTE_STATUSES as readonly string[],
    events: QUOTE_EVENTS as readonly string[],
    initial: QUOTE_INITIAL_STATUS as string,
    final: ['declined', 'expired', 'withdrawn'],
  },
  {
    name: 'payment',
    rows: PAYMENT_TRANSITIONS as readonly Row[],
    statuses: PAYMENT_STATES as readonly string[],
    events: PAYMENT_STATE_EVENTS as readonly string[],
    initial: PAYMENT_INITIAL_STATE as string,
    final: ['refunded'],
  },
]

describe.each(machines)('the $name transitions table', (m) => {
  it('reaches every status from the initial one', () => {
    expect([...reachable(m.rows, m.initial)].sort()).toEqual([...m.statuses].sort())
  })

  it('has no exit from its final statuses, and one from every other status', () => {
    for (const status of m.statuses)
      expect(
        m.rows.some((row) => row.from === status),
        status,
      ).toBe(!m.final.includes(status))
  })

  it('never lists one (from, event) twice', () => {
    const pairs = m.rows.map((row) => `${row.from} ${row.event}`)
    expect(new Set(pairs).size).toBe(pairs.length)
  })

  it('uses every event, each leading to one status', () => {
    const table = stateTable(m.rows)
    for (const event of m.events) expect(() => table.targetOf(event), event).not.toThrow()
  })
})

describe('asking the tables', () => {
  it('answers the next status, or undefined when the table does not allow the step', () => {
    expect(nextOrderStatus('unpaid', 'pay')).toBe('paid')
    expect(nextOrderStatus('cancelled', 'reinstate')).toBe('paid')
    expect(nextOrderStatus('paid', 'cancel_by_buyer')).toBeUndefined()
    expect(nextOrderStatus('shipped', 'ship')).toBeUndefined()
    expect(nextQuoteStatus('accepted', 'release_expired')).toBe('expired')
    expect(nextQuoteStatus('ordered', 'accept')).toBeUndefined()
  })

  it('gives the from-states that the conditional updates guard on', () => {
    expect(orderFromStatesOf('pay', 'reinstate').sort()).toEqual(['cancelled', 'unpaid'])
    expect(orderFromStatesOf('ship')).toEqual(['paid'])
    expect(orderTargetOf('expire')).toBe('cancelled')
    expect(quoteFromStatesOf('offer')).toEqual(['requested', 'quoted'])
    expect(quoteFromStatesOf('expire')).toEqual(['quoted'])
    expect(QUOTE_STATUSES.filter(isFinalQuoteStatus)).toEqual(['declined', 'expired', 'withdrawn'])
  })

  it('keeps an order’s money where the payment rules say: paid once, refunded the way it came', () => {
    // A transfer is awaited, then received; a risky payment waits for an admin.
    expect(nextPaymentState('unpaid', 'await_transfer')).toBe('awaiting-transfer')
    expect(nextPaymentState('awaiting-transfer', 'receive_transfer')).toBe('paid')
    expect(nextPaymentState('unpaid', 'flag_for_review')).toBe('under-review')
    expect(nextPaymentState('under-review', 'accept_review')).toBe('paid')
    // Nothing pays twice, and a bank transfer never goes back through a gateway.
    expect(nextPaymentState('paid', 'pay')).toBeUndefined()
    expect(nextPaymentState('paid', 'receive_transfer')).toBeUndefined()
    expect(nextPaymentState('refund-due', 'refund')).toBeUndefined()
    expect(nextPaymentState('refunded', 'close_refund')).toBeUndefined()
    expect(paymentFromStatesOf('refund_by_hand').sort()).toEqual(['awaiting-transfer', 'paid'])
    expect(paymentFromStatesOf('refund').sort()).toEqual([
      'awaiting-transfer',
      'paid',
      'under-review',
      'unpaid',
    ])
    // Gateway money that lands while a transfer is awaited still counts.
    expect(nextPaymentState('awaiting-transfer', 'pay')).toBe('paid')
  })

  it('refuses a table that sends one event to several statuses', () => {
    const table = stateTable([
      { from: 'a', event: 'go', to: 'b' },
      { from: 'b', event: 'go', to: 'c' },
    ])
    expect(() => table.targetOf('go')).toThrow(/2 target statuses/)
  })
})
