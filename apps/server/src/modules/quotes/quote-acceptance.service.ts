import {
  isId,
  isQuoteExpired,
  nextQuoteStatus,
  quoteExpiryCutoff,
  systemClock,
  type Clock,
  fromCents,
  type CartQuoteLine,
  type ErrorCode,
  type QuoteAcceptBody,
  type QuoteRequest,
  quoteWords,
  quoteRuleWords,
} from '@toolworks/shared'

import type { Db, DbOrTx, Tx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { isAdmin, owns, type Actor } from '../accounts/actor.js'
import {
  acceptedIdsExcept,
  acceptedOf,
  findRequest,
  latestOffer,
  lockAccepted,
  lockRequests,
  markAccepted,
  markExpired,
  markOrdered,
  markReordered,
  releaseQuotes,
  type AcceptedQuoteRow,
  type QuoteRequestRow,
} from './quote-acceptance.queries.js'
import { requestView } from './quotes.service.js'

const m = quoteRuleWords
const statusWord = (status: QuoteRequestRow['status']) => quoteWords.statusLabels[status]

/** The e-mail the shop gets when a buyer accepts (quotes.mails.ts). */
export type AcceptanceMails = {
  accepted(
    request: { id: string; partName: string; customerName: string; customerEmail: string },
    line: { quantity: number; unitPriceCents: number },
  ): Promise<void>
}

/** A custom part's line as a cart or a checkout sends it; `index` is its place in the request. */
export type QuoteLineAsked = { index: number; quote: string; quantity: number }

/** Why a custom part's line cannot be kept or ordered (the shape of cart/line-rules.ts). */
export type QuoteLineRefusal = {
  index: number
  name: string
  field: 'quote' | 'quantity'
  code: ErrorCode
  why: string
}

/** What an order line of a custom part is made of (the accepted offer line, never the client). */
export type OrderableQuote = {
  index: number
  quoteId: string
  name: string
  quantity: number
  unitPriceCents: number
  leadTimeDays: number
}

/** A cancelled order's custom line, as a late payment sees it. */
type OrderedQuoteLine = { quoteId: string | null; quantity: number; unitPriceCents: number }

export type QuoteAcceptanceService = ReturnType<typeof createQuoteAcceptanceService>

const cartLineOf = (row: AcceptedQuoteRow): CartQuoteLine => ({
  quote: row.id,
  quantity: row.quantity,
  name: quoteWords.cartLineName(row.partName),
  unitPrice: fromCents(row.unitPriceCents),
  leadTimeDays: row.leadTimeDays,
  validUntil: row.validUntil,
})

/**
 * Accepting a quote into the cart, and what the cart and checkout ask of it. A quote
 * is in its buyer's cart exactly while its request is `accepted`; each step is a conditional
 * update of the request's status, so two clicks, two tabs or two checkouts make one step.
 */
export function createQuoteAcceptanceService({
  db,
  mails,
  log,
  now = systemClock,
}: {
  db: Db
  mails: AcceptanceMails
  log: { error(obj: object, msg: string): void }
  /** The shop's clock (AppOptions.clock): what "expired" and "today" mean. */
  now?: Clock
}) {
  const view = (dbOrTx: DbOrTx, row: QuoteRequestRow): Promise<QuoteRequest> =>
    requestView(dbOrTx, row)

  type Outcome =
    { ok: true; row: QuoteRequestRow; unitPriceCents: number } | { ok: false; error: AppError }

  /** Decides one accept inside its transaction; an expiry it finds is kept (committed). */
  async function acceptIn(tx: Tx, actor: Actor, id: string, body: QuoteAcceptBody) {
    // The request's row is held before its latest offer is read: a revision (whose conditional
    // update holds the same row) either committed before, and its offer is the one read here,
    // or waits and then finds the request accepted. Never accepted at a superseded price.
    const [row] = await lockRequests(tx, [id])
    if (!row || !owns(actor, { customerId: row.customerId }))
      throw new AppError('NOT_FOUND', m.notFound)
    if (!nextQuoteStatus(row.status, 'accept'))
      throw new AppError('CONFLICT', m.wrongStatus(statusWord(row.status)))
    const offer = await latestOffer(tx, id)
    if (!offer) throw new AppError('CONFLICT', m.wrongStatus(statusWord(row.status)))
    if (body.revision !== undefined && body.revision !== offer.revision)
      throw new AppError('CONFLICT', m.changed)
    if (isQuoteExpired(offer, now())) {
      // Written although the accept is refused (docs/decisions/0008): the expiry is the
      // calendar's, written the same by the lists and the sweeper; nothing asked for changes.
      await markExpired(tx, id)
      return {
        ok: false,
        error: new AppError('CONFLICT', m.expired(offer.validUntil)),
      } satisfies Outcome
    }
    const line = offer.lines.find((l) => l.quantity === body.quantity)
    if (!line) throw new AppError('VALIDATION_FAILED', m.noSuchLine, { quantity: m.noSuchLine })
    const accepted = await markAccepted(tx, id, offer.id, line.quantity)
    if (!accepted) {
      // Another click got there first (it is accepted now), or the shop changed its status.
      const now = await findRequest(tx, id)
      throw new AppError('CONFLICT', m.wrongStatus(statusWord(now?.status ?? row.status)))
    }
    return { ok: true, row: accepted, unitPriceCents: line.unitPriceCents } satisfies Outcome
  }

  return {
    /** POST /api/quote/{id}/accept: the buyer puts one quantity line of the latest offer in the cart. */
    async accept(actor: Actor, id: string, body: QuoteAcceptBody): Promise<QuoteRequest> {
      // Staff quote; they do not buy their own shop's quotes.
      if (isAdmin(actor)) throw new AppError('FORBIDDEN')
      if (!isId(id)) throw new AppError('NOT_FOUND', m.notFound)
      const outcome: Outcome = await db.transaction((tx) =>
        acceptIn(tx, actor, id.toLowerCase(), body),
      )
      if (!outcome.ok) throw outcome.error
      const { row } = outcome
      // After the commit, and never failing the accept: the mail is a courtesy to the shop.
      try {
        await mails.accepted(
          {
            id: row.id,
            partName: row.partName,
            customerName: row.customerName,
            customerEmail: row.customerEmail,
          },
          { quantity: body.quantity, unitPriceCents: outcome.unitPriceCents },
        )
      } catch (error) {
        log.error({ err: error, quoteId: row.id }, 'the quote-accepted e-mail could not be sent')
      }
      return view(db, row)
    },

    /** The custom lines of a buyer's cart: their accepted quotes, oldest accepted first. */
    async cartLines(dbOrTx: DbOrTx, customerId: string): Promise<CartQuoteLine[]> {
      return (await acceptedOf(dbOrTx, customerId)).map(cartLineOf)
    },

    /**
     * A cart replace (in its transaction, under the buyer's lock): every custom line sent must
     * be one of the buyer's accepted quotes at its quantity. The accepted quotes left out stay
     * in the cart: a stale tab's replace must not drop a quote another tab just accepted;
     * removing one is removeFromCart. Answers the refusals; changes nothing.
     */
    async keepInCart(
      tx: Tx,
      customerId: string,
      lines: readonly QuoteLineAsked[],
    ): Promise<QuoteLineRefusal[]> {
      const accepted = new Map((await acceptedOf(tx, customerId)).map((row) => [row.id, row]))
      const refusals: QuoteLineRefusal[] = []
      for (const line of lines) {
        const row = accepted.get(line.quote)
        if (!row)
          refusals.push({
            ...at(line),
            name: line.quote,
            field: 'quote',
            code: 'CONFLICT',
            why: m.notInCart,
          })
        else if (row.quantity !== line.quantity)
          refusals.push({
            ...at(line),
            name: quoteWords.cartLineName(row.partName),
            field: 'quantity',
            code: 'VALIDATION_FAILED',
            why: m.quantityFixed,
          })
      }
      return refusals
    },

    /**
     * `DELETE /api/cart/quote/{id}` (in the cart's transaction, under the buyer's lock): one of
     * the buyer's accepted quotes leaves the cart, back to quoted (or expired, past its Valid
     * until). False when it is not one of them (nothing changes).
     */
    async removeFromCart(tx: Tx, customerId: string, quoteId: string): Promise<boolean> {
      const accepted = await acceptedIdsExcept(tx, customerId, [])
      if (!accepted.includes(quoteId)) return false
      await releaseQuotes(tx, { ids: [quoteId], from: 'accepted' }, quoteExpiryCutoff(now()))
      return true
    },

    /**
     * A checkout's custom lines, in the order's transaction after the buyer's and the tools'
     * locks: each must be the buyer's accepted quote, at its quantity, still valid today. The
     * quotes stay locked until the order commits, so what is checked here is what is ordered.
     */
    async forOrder(
      tx: Tx,
      customerId: string,
      lines: readonly QuoteLineAsked[],
      /** The order's instant: an offer must still be valid on the shop's date then. */
      orderedAt: Date,
    ): Promise<{ refusals: QuoteLineRefusal[]; orderable: OrderableQuote[] }> {
      const rows = new Map(
        (await lockAccepted(tx, lines.map((l) => l.quote).filter(isId))).map((row) => [
          row.id,
          row,
        ]),
      )
      const refusals: QuoteLineRefusal[] = []
      const orderable: OrderableQuote[] = []
      for (const line of lines) {
        const row = rows.get(line.quote)
        const mine = row?.customerId === customerId ? row : undefined
        const name = mine ? quoteWords.cartLineName(mine.partName) : line.quote
        const refuse = (code: ErrorCode, why: string) =>
          refusals.push({ ...at(line), name, field: 'quote', code, why })
        if (!mine) refuse('CONFLICT', m.notInCart)
        else if (mine.status === 'ordered') refuse('CONFLICT', m.alreadyOrdered)
        else if (!nextQuoteStatus(mine.status, 'order')) refuse('CONFLICT', m.notInCart)
        else if (mine.quantity !== line.quantity) refuse('VALIDATION_FAILED', m.quantityFixed)
        else if (isQuoteExpired(mine, orderedAt)) refuse('CONFLICT', m.expired(mine.validUntil))
        else
          orderable.push({
            index: line.index,
            quoteId: mine.id,
            name,
            quantity: mine.quantity,
            unitPriceCents: mine.unitPriceCents,
            leadTimeDays: mine.leadTimeDays,
          })
      }
      return { refusals, orderable }
    },

    /** accepted → ordered for an order just written; throws (rolling it back) if any moved. */
    async markOrdered(tx: Tx, customerId: string, quoteIds: readonly string[], orderId: string) {
      const moved = await markOrdered(tx, customerId, quoteIds, orderId)
      if (moved.length !== quoteIds.length) throw new Error('a checked quote moved under its lock')
    },

    /**
     * Cancelled orders give their quotes back: ordered → quoted while the offer is valid, else
     * expired. The made part was never stock, so nothing else returns.
     */
    async releaseOrdered(
      tx: Tx,
      orders: readonly { id: string; lines: readonly { quoteId: string | null }[] }[],
    ) {
      const ids = orders.flatMap((o) => o.lines.flatMap((l) => (l.quoteId ? [l.quoteId] : [])))
      await releaseQuotes(
        tx,
        { ids, from: 'ordered', orderIds: orders.map((o) => o.id) },
        quoteExpiryCutoff(now()),
      )
    },

    /**
     * Whether a cancelled order's custom lines can be ordered again (a late payment). Each
     * quote must be back at quoted, its latest offer valid today and holding the order's
     * quantity at the order's unit price (the buyer paid that price; a revised offer is not
     * what they bought). Locks the quotes; answers how to re-order them, or null.
     */
    async reorderPlan(tx: Tx, lines: readonly OrderedQuoteLine[]) {
      const custom = lines.filter((l): l is OrderedQuoteLine & { quoteId: string } =>
        Boolean(l.quoteId),
      )
      if (custom.length === 0) return []
      const rows = new Map(
        (
          await lockRequests(
            tx,
            custom.map((l) => l.quoteId),
          )
        ).map((r) => [r.id, r]),
      )
      const plan: { quoteId: string; offerId: string; quantity: number }[] = []
      for (const line of custom) {
        const status = rows.get(line.quoteId)?.status
        if (!status || !nextQuoteStatus(status, 'reorder')) return null
        const offer = await latestOffer(tx, line.quoteId)
        const same = offer?.lines.find(
          (l) => l.quantity === line.quantity && l.unitPriceCents === line.unitPriceCents,
        )
        if (!offer || !same || isQuoteExpired(offer, now())) return null
        plan.push({ quoteId: line.quoteId, offerId: offer.id, quantity: line.quantity })
      }
      return plan
    },

    /** Carries out a plan of `reorderPlan` in the same transaction. */
    async reorder(
      tx: Tx,
      plan: readonly { quoteId: string; offerId: string; quantity: number }[],
      orderId: string,
    ) {
      for (const step of plan)
        if (!(await markReordered(tx, step.quoteId, step, orderId)))
          throw new Error('a checked quote moved under its lock')
    },
  }
}

const at = (line: QuoteLineAsked) => ({ index: line.index })
