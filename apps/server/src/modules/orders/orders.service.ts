import {
  isId,
  activityWords,
  addWorkingDays,
  exportDocumentOf,
  exportWords,
  fiscalYearOf,
  fromCents,
  messages,
  mushakSerialText,
  orderNumberText,
  rateFromUnits,
  isExportTo,
  type ExportDocumentBody,
  type Order,
  type PaymentMethod,
  shopDate,
} from '@toolworks/shared'

import type { Db, Tx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { isAdmin, isSelf, mayRead, owns, type Actor } from '../accounts/actor.js'
import { shortId } from '../audit/audit-values.js'
import { writeAuditEntry, type AuditActor } from '../audit/audit.service.js'
import {
  cancelUnpaid,
  applyOrderEvent,
  dueWithOpenAttempt,
  expireUnpaidBefore,
  extendHold,
  findOrderHead,
  hasLiveOrder,
  insertOrders,
  linesOf,
  markRefundDue,
  openUnpaid,
  openUnpaidOf,
  setRefundId,
  trySweepLock,
  hideFromCustomer,
  listAllOrders,
  adminOrdersPage,
  listCustomerOrders,
  lockOrder,
  setOrderPaid,
  setShipsBy,
  withLinesOne,
  type OrderLineRow,
  type OrderRow,
  type OrderWithLines,
  type PaidBy,
} from './orders.queries.js'
import { recordExportDocument } from './export-document.js'
import { assignInvoiceNumber } from './invoices.queries.js'
import { assignMushakSerial, issueCreditNote } from './mushak.queries.js'
import {
  awaitTransfer,
  cancelWithRefund,
  closeRefundDue,
  countAwaitingTransfer,
  flagForReview,
  startedWith,
} from './order-payments.queries.js'
import {
  GATEWAY_RECHECK_GRACE_MS,
  holdAllowanceMs,
  holdWanted,
  type HoldClass,
  type HoldRules,
} from './hold-rules.js'
import type { OrderMails } from './orders.mails.js'

const r = messages.orderRules
const HOUR_MS = 3_600_000

/** What became of a payment the provider says succeeded. */
export type PaymentOutcome =
  | { kind: 'paid'; order: Order; reinstated: boolean }
  | { kind: 'refunded'; order: Order; refundId: string }
  /** The order was paid by another payment first: this one is recorded and refunded. */
  | { kind: 'duplicate'; order: Order; refundId: string }

/** The reasons a payment that cannot make its order live is refunded for. */
export type RefundReason = Parameters<typeof markRefundDue>[3]

/** When an unpaid order stops holding its stock; null for any other status. */
export function payByOf(
  row: Pick<OrderRow, 'status' | 'createdAt' | 'holdUntil'>,
  holdHours: number,
) {
  if (row.status !== 'unpaid') return null
  // Its own end (shorter before the e-mail is verified, pushed on by a payment), or
  // for an order placed before that was kept, the hold of the time.
  return row.holdUntil ?? new Date(row.createdAt.getTime() + holdHours * HOUR_MS)
}

export function toOrder(row: OrderWithLines, holdHours: number): Order {
  return {
    _id: row.id,
    orderNumber: orderNumberText(row.orderNumber),
    toolsId: row.toolId ?? row.lines[0]?.quoteId ?? '',
    tools: row.toolName,
    purchaseQuantity: row.quantity,
    price: fromCents(row.unitPriceCents),
    customer: row.customerEmail,
    customerName: row.customerName,
    totalMoney: fromCents(row.totalCents),
    phone: row.phone,
    address: row.address,
    paid: row.paid,
    transactionId: row.transactionId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    payBy: payByOf(row, holdHours)?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    lines: row.lines.map((line) => ({
      tool: line.toolId,
      quote: line.quoteId,
      leadTimeDays: line.leadTimeDays,
      name: line.toolName,
      quantity: line.quantity,
      unitPrice: fromCents(line.unitPriceCents),
      lineTotal: fromCents(line.lineTotalCents),
      fromStock: line.fromStock,
      madeToOrder: line.madeToOrder,
      shipsBy: line.shipsBy,
    })),
    subtotal: fromCents(row.subtotalCents),
    discount:
      row.discountCents > 0
        ? { label: row.discountLabel ?? '', amount: fromCents(row.discountCents) }
        : null,
    paymentMethod: row.paymentMethod,
    paymentState: row.paymentState,
    currency: row.currency,
    exchangeRate: row.exchangeRateUnits === null ? null : rateFromUnits(row.exchangeRateUnits),
    country: row.country,
    company: row.company,
    street: row.street,
    city: row.city,
    postcode: row.postcode,
    export: isExportTo(row.country),
    exportCheck: row.exportCheck,
    exportDocument: exportDocumentOf(row),
    vat: { rate: row.vatRate, amount: fromCents(row.vatCents), included: true },
    bin: row.buyerBin,
    mushakSerial:
      row.mushakFiscalYear !== null && row.mushakSerial !== null
        ? mushakSerialText(row.mushakFiscalYear, row.mushakSerial)
        : null,
    creditNoteSerial:
      row.creditNoteFiscalYear !== null && row.creditNoteSerial !== null
        ? mushakSerialText(row.creditNoteFiscalYear, row.creditNoteSerial)
        : null,
  }
}

/**
 * What each tool gets back when an order's lines return to stock: only what came from stock,
 * never the made part, in tool-id order, the order every transaction locks tools in.
 */
export function stockToReturn(lines: readonly OrderLineRow[]): [string, number][] {
  const byTool = new Map<string, number>()
  for (const line of lines)
    if (line.toolId !== null && line.fromStock > 0)
      byTool.set(line.toolId, (byTool.get(line.toolId) ?? 0) + line.fromStock)
  return [...byTool.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

/**
 * A custom part ships its quoted lead time in working days from payment, as its quote promised.
 * Until the order is paid its date is provisional, counted from the order's day
 * (src/flows/checkout.ts); the payment's shop date replaces it, in the payment's transaction.
 */
export function customLinesFromPayment(lines: readonly OrderLineRow[], paidAt: Date) {
  const paidDay = shopDate(paidAt)
  const all = lines.map((line) =>
    line.quoteId !== null && line.leadTimeDays !== null
      ? { ...line, shipsBy: addWorkingDays(paidDay, line.leadTimeDays) }
      : line,
  )
  const changed = all
    .filter((line, i) => line.shipsBy !== lines[i]?.shipsBy)
    .map(({ position, shipsBy }) => ({ position, shipsBy }))
  return { all, changed }
}

/** An order is owned by its account and by the address it was placed with (accounts/actor.ts). */
const ownerOf = (row: OrderRow) => ({ customerId: row.customerId, email: row.customerEmail })
export const isOwner = (actor: Actor, row: OrderRow) => owns(actor, ownerOf(row))

/** Rows per query of a CSV export. */
const EXPORT_PAGE_SIZE = 500

/**
 * What the flows do to orders inside the transactions they own (src/flows/): each
 * takes the flow's transaction, so its writes commit or roll back with the rest of the flow.
 */
function transactionSteps(holdHours: number) {
  return {
    /** What the customer holds unpaid now: how many orders and their value. */
    openUnpaid: (tx: Tx, customerId: string, at: Date) => openUnpaid(tx, customerId, at, holdHours),
    /** The same for several customers at once (a shared order transaction's batch). */
    openUnpaidOf: (tx: Tx, customerIds: readonly string[], at: Date) =>
      openUnpaidOf(tx, customerIds, at, holdHours),
    insertMany: insertOrders,
    lock: lockOrder,
    /**
     * The Mushak-6.7 credit note of a paid domestic order being cancelled, in the cancelling
     * transaction (mushak.queries.ts): nothing for an order without a Mushak-6.3.
     */
    issueCreditNote: (tx: Tx, id: string, at: Date = new Date()) => issueCreditNote(tx, id, at),
    hasLiveOrder,
    flagForReview,
    cancelWithRefund: async (...args: Parameters<typeof cancelWithRefund>) => {
      const changed = await cancelWithRefund(...args)
      return changed && withLinesOne(args[0], changed)
    },
    markRefundDue: async (
      tx: Tx,
      id: string,
      paymentIntentId: string,
      reason: RefundReason,
      paymentProvider: string | null = null,
      by: { event: 'refund' | 'refund_by_hand'; method: PaymentMethod } = {
        event: 'refund',
        method: 'card',
      },
    ) => {
      const marked = await markRefundDue(
        tx,
        id,
        paymentIntentId,
        reason,
        paymentProvider,
        by.event,
        by.method,
      )
      return marked && withLinesOne(tx, marked)
    },

    /**
     * Marks a locked order paid: its custom parts' dates count from now, and the
     * invoice number is taken in this transaction, so a rollback gives it back.
     */
    async markPaid(
      tx: Tx,
      row: OrderWithLines,
      transactionId: string,
      paidAt: Date,
      paymentProvider: string | null = null,
      by?: PaidBy,
    ) {
      const paid = await setOrderPaid(tx, row.id, transactionId, paidAt, paymentProvider, by)
      if (!paid) return undefined
      const lines = customLinesFromPayment(row.lines, paidAt)
      await setShipsBy(tx, row.id, lines.changed)
      const invoiceNumber = await assignInvoiceNumber(tx, row.id)
      // A domestic order's tax invoice is numbered at payment too; an export has none.
      if (isExportTo(paid.country)) return { ...paid, invoiceNumber, lines: lines.all }
      const fiscalYear = fiscalYearOf(shopDate(paidAt))
      const mushakSerial = await assignMushakSerial(tx, row.id, fiscalYear)
      return {
        ...paid,
        invoiceNumber,
        mushakFiscalYear: fiscalYear,
        mushakSerial,
        lines: lines.all,
      }
    },

    /** Cancels an unpaid order; undefined when it was not unpaid any more. */
    async cancelUnpaid(tx: Tx, id: string, reason: 'customer' | 'admin') {
      const changed = await cancelUnpaid(tx, id, reason)
      return (
        changed && { ...changed, lines: (await linesOf(tx, [changed.id])).get(changed.id) ?? [] }
      )
    },

    /**
     * Cancels up to `limit` unpaid orders whose hold ran out, with their lines; none when
     * another process is sweeping (an advisory lock).
     */
    async expireBatch(tx: Tx, now: Date, limit: number): Promise<OrderWithLines[]> {
      if (!(await trySweepLock(tx))) return []
      const rows = await expireUnpaidBefore(tx, now, holdHours, limit, GATEWAY_RECHECK_GRACE_MS)
      const lines = await linesOf(
        tx,
        rows.map((row) => row.id),
      )
      return rows.map((row) => ({ ...row, lines: lines.get(row.id) ?? [] }))
    },
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>

/**
 * Orders: the server decides customer, price, total and stock. This module reads and
 * writes orders only; what spans modules (placing, paying, cancelling) is in `src/flows/`,
 * which call these functions inside the transactions they own.
 */
export function createOrdersService({
  db,
  holdRules,
  mails,
}: {
  db: Db
  /** How long each class of account's orders hold their stock (hold-rules.ts). */
  holdRules: HoldRules
  /** The buyer's e-mails, sent after the commit; they never throw. */
  mails?: Pick<OrderMails, 'shipped'>
}) {
  // An order placed before holds were kept per order ends this long after it was placed.
  const holdHours = holdRules.verifiedHours
  const view = (row: OrderWithLines) => toOrder(row, holdHours)
  const isExpired = (row: OrderRow, now = Date.now()) =>
    row.status === 'unpaid' && now > (payByOf(row, holdHours)?.getTime() ?? Infinity)

  /** Another customer's order is answered like a missing one: ids reveal nothing. */
  async function orderFor(actor: Actor, id: string): Promise<OrderRow> {
    const row = isId(id) ? await findOrderHead(db, id) : undefined
    if (!row || !mayRead(actor, ownerOf(row))) throw new AppError('NOT_FOUND', r.orderNotFound)
    return row
  }

  return {
    holdHours,
    view,
    orderFor,
    isOwner,

    async listMine(actor: Actor, customer: string): Promise<Order[]> {
      if (!isSelf(actor, customer) && !isAdmin(actor)) throw new AppError('FORBIDDEN')
      return (await listCustomerOrders(db, customer)).map(view)
    },

    async listAll(filter: { status?: OrderRow['status']; q?: string }): Promise<Order[]> {
      return (await listAllOrders(db, filter)).map(view)
    },

    /**
     * Manage Orders' list for the CSV export, a page at a time: the same filters
     * and order as `listAll`, every order, never the whole table in memory.
     */
    async *exportPages(
      filter: { status?: OrderRow['status']; q?: string },
      pageSize = EXPORT_PAGE_SIZE,
    ): AsyncGenerator<Order[]> {
      let after: { at: string; id: string } | undefined
      for (;;) {
        const rows = await adminOrdersPage(db, filter, after, pageSize)
        if (rows.length > 0) yield rows.map(view)
        const last = rows[rows.length - 1]
        if (!last || rows.length < pageSize) return
        after = { at: last.at, id: last.id }
      }
    },

    async getOne(actor: Actor, id: string): Promise<Order> {
      return view(await withLinesOne(db, await orderFor(actor, id)))
    },

    /** The order and its lines for its invoice: the owner's or an admin's; 404 for others. */
    async forInvoice(actor: Actor, id: string): Promise<OrderWithLines> {
      return withLinesOne(db, await orderFor(actor, id))
    },

    /** The buyer's own order and its lines, to order again; 404 for anyone else. */
    async forReorder(actor: Actor, id: string): Promise<OrderWithLines> {
      const row = await orderFor(actor, id)
      if (!isOwner(actor, row)) throw new AppError('NOT_FOUND', r.orderNotFound)
      return withLinesOne(db, row)
    },

    /** A paid order is never removed: the customer's delete only hides it from their list. */
    hide: (id: string) => hideFromCustomer(db, id),

    /** What a payment needs to know of the caller's own order. */
    async forPayment(actor: Actor, id: string) {
      const row = await orderFor(actor, id)
      if (!isOwner(actor, row)) throw new AppError('NOT_FOUND', r.orderNotFound)
      return {
        id: row.id,
        totalCents: row.totalCents,
        currency: row.currency,
        paid: row.paid,
        status: row.status,
        expired: isExpired(row),
        customerEmail: row.customerEmail,
        customerName: row.customerName,
        phone: row.phone,
        address: row.address,
        quantity: row.quantity,
        toolName: row.toolName,
        paymentProvider: row.paymentProvider,
        paymentMethod: row.paymentMethod,
        paymentState: row.paymentState,
      }
    },

    /** The order as the payment flow sees it, for the provider's webhook (no caller). */
    async forSystem(id: string) {
      const row = isId(id) ? await findOrderHead(db, id) : undefined
      if (!row) throw new AppError('NOT_FOUND', r.orderNotFound)
      return {
        id: row.id,
        totalCents: row.totalCents,
        currency: row.currency,
        paid: row.paid,
        status: row.status,
        expired: isExpired(row),
      }
    },

    head: (id: string) => findOrderHead(db, id),

    holdRules,

    /**
     * A card or gateway payment is starting: the unpaid order holds its stock at
     * least PAYMENT_HOLD_MINUTES from `now`, so the sweeper does not cancel it mid-payment,
     * but never past what the buyer's class allows from its placing (hold-rules.ts).
     */
    holdForPayment: (id: string, holdClass: HoldClass, now: Date) =>
      extendHold(
        db,
        id,
        holdWanted(holdRules, holdClass, now),
        holdHours,
        holdAllowanceMs(holdRules, holdClass),
      ),

    setRefundId: (id: string, refundId: string) => setRefundId(db, id, refundId),

    /**
     * The buyer chose a bank transfer, in the caller's transaction under the buyer's
     * lock: the order awaits it and holds its stock for the transfer's allowance from its
     * placing (BANK_TRANSFER_HOLD_DAYS). Undefined when the order cannot await one (paid,
     * cancelled, under review).
     */
    awaitTransfer: (tx: Tx, id: string, reference: string, now: Date) =>
      awaitTransfer(tx, id, reference, {
        until: holdWanted(holdRules, 'transfer', now),
        holdHours,
        allowanceMs: holdAllowanceMs(holdRules, 'transfer'),
      }),

    /** How many of the customer's orders await a transfer, but for `except`. */
    awaitingTransfer: (tx: Tx | Db, customerId: string, except: string) =>
      countAwaitingTransfer(tx, customerId, except),

    /** Orders due to expire that the gateway must be asked about first (oldest first). */
    dueWithOpenAttempt: (now: Date, limit: number) => dueWithOpenAttempt(db, now, holdHours, limit),

    /** A gateway or card payment started: the method is kept, a transfer no longer awaited. */
    startedWith: (id: string, method: PaymentMethod, paymentId: string, provider: string) =>
      startedWith(db, id, method, paymentId, provider),

    /** The admin sent a refund due by hand; undefined when none was due. */
    async closeRefundDue(id: string, reference: string, tx: Tx | Db = db) {
      const row = await closeRefundDue(tx, id, reference)
      return row && withLinesOne(tx, row)
    },

    ...transactionSteps(holdHours),

    async markShipped(actor: AuditActor, id: string): Promise<Order> {
      // The status and its audit row commit together; the e-mail goes after.
      const changed = isId(id)
        ? await db.transaction(async (tx) => {
            const shipped = await applyOrderEvent(tx, id, 'ship')
            if (shipped)
              await writeAuditEntry(tx, actor, {
                kind: 'order.status',
                subjectType: 'order',
                subjectId: id,
                summary: activityWords.summary.orderShipped(shortId(id), shipped.customerEmail),
                before: { status: 'paid' },
                after: { status: 'shipped' },
              })
            return shipped
          })
        : undefined
      if (changed) {
        const row = await withLinesOne(db, changed)
        await mails?.shipped(row)
        return view(row)
      }
      const row = isId(id) ? await findOrderHead(db, id) : undefined
      if (!row) throw new AppError('NOT_FOUND', r.orderNotFound)
      // A paid export is held back only by its missing document (orders.queries.ts, mayShip).
      if (row.status === 'paid' && isExportTo(row.country) && exportDocumentOf(row) === null)
        throw new AppError('CONFLICT', exportWords.shipNeedsDocument)
      throw new AppError('CONFLICT', r.onlyPaidShips)
    },

    /** PUT /api/purchase/{id}/export-document (export-document.ts). */
    recordExportDocument: async (actor: AuditActor, id: string, document: ExportDocumentBody) =>
      view(await recordExportDocument(db, actor, id, document)),
  }
}
