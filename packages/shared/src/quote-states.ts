import { stateTable, type Transition } from './state-table.js'
import type { QuoteStatus } from './quotes.js'

/** A request starts as asked (`POST /api/quote`, or sent again from a closed one). */
export const QUOTE_INITIAL_STATUS = 'requested' satisfies QuoteStatus

/** What can happen to a quote request; the rows below say from which status and to which. */
export const QUOTE_EVENTS = [
  /** The shop sends its first offer or a revision (`POST /api/quote/{id}/offer`). */
  'offer',
  /** The buyer puts a line of the latest offer in the cart (`POST /api/quote/{id}/accept`). */
  'accept',
  /** The buyer turns the offer down. */
  'decline',
  /** The buyer takes the request back before accepting. */
  'withdraw',
  /** The latest offer's Valid until passed (lists, the sweeper, an accept too late). */
  'expire',
  /** A checkout orders the accepted quote. */
  'order',
  /**
   * Back from the cart (`DELETE /api/cart/quote/{id}`) or from a cancelled order, while the
   * latest offer is still valid.
   */
  'release',
  /** The same, when the latest offer has run out meanwhile. */
  'release_expired',
  /** A late payment reinstates a cancelled order, which orders its quote again. */
  'reorder',
] as const
export type QuoteEvent = (typeof QUOTE_EVENTS)[number]

/**
 * The quote request's state machine (docs/architecture.md, States). Declined, expired and
 * withdrawn are final: such a request may only be sent again as a new one.
 */
export const QUOTE_TRANSITIONS = [
  { from: 'requested', event: 'offer', to: 'quoted' },
  { from: 'requested', event: 'withdraw', to: 'withdrawn' },
  { from: 'quoted', event: 'offer', to: 'quoted' },
  { from: 'quoted', event: 'accept', to: 'accepted' },
  { from: 'quoted', event: 'decline', to: 'declined' },
  { from: 'quoted', event: 'withdraw', to: 'withdrawn' },
  { from: 'quoted', event: 'expire', to: 'expired' },
  { from: 'quoted', event: 'reorder', to: 'ordered' },
  { from: 'accepted', event: 'order', to: 'ordered' },
  { from: 'accepted', event: 'release', to: 'quoted' },
  { from: 'accepted', event: 'release_expired', to: 'expired' },
  { from: 'ordered', event: 'release', to: 'quoted' },
  { from: 'ordered', event: 'release_expired', to: 'expired' },
] as const satisfies readonly Transition<QuoteStatus, QuoteEvent>[]

const quoteStates = stateTable<QuoteStatus, QuoteEvent>(QUOTE_TRANSITIONS)

/** Where `event` takes a request in `from`; undefined when it is not allowed. */
export const nextQuoteStatus = quoteStates.next
/** The statuses a request may be in for `event`: the guard of its conditional update. */
export const quoteFromStatesOf = quoteStates.fromStatesOf
/** The status `event` leads to. */
export const quoteTargetOf = quoteStates.targetOf
/** Declined, expired, withdrawn: nothing leaves them; only these may be sent again (resend). */
export const isFinalQuoteStatus = quoteStates.isFinal
