import {
  activityWords,
  addWorkingDays,
  fromCents,
  messages,
  PAYMENT_HOLD_MINUTES,
  type CheckoutBody,
  type Order,
  type PurchaseBody,
  shopDate,
} from '@toolworks/shared'

import type { OrderLimits } from '../../config.js'
import type { Db, Tx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { isUuid } from '../../lib/ids.js'
import type { AccountsService, Actor } from '../accounts/accounts.service.js'
import { shortId } from '../audit/audit-values.js'
import { writeAuditEntry, type AuditActor } from '../audit/audit.service.js'
import type { CartService } from '../cart/cart.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { PaymentProvider } from '../payments/payment-provider.js'
import { discountKeyLockIds } from '../promotions/first-order-discount.js'
import { firstOrderClaims, lockDiscountKeys } from '../promotions/promotions.queries.js'
import type { QuoteAcceptanceService } from '../quotes/quote-acceptance.service.js'
import {
  cancelUnpaid,
  changeStatus,
  expireUnpaidBefore,
  extendHold,
  findOrderHead,
  hasLiveOrder,
  linesOf,
  markRefundDue,
  setRefundId,
  trySweepLock,
  hideFromCustomer,
  listAllOrders,
  adminOrdersPage,
  listCustomerOrders,
  lockOrder,
  setOrderPaid,
  setPaymentIntent,
  setShipsBy,
  withLinesOne,
  type OrderLineRow,
  type OrderRow,
  type OrderWithLines,
} from './orders.queries.js'
import { assignInvoiceNumber } from './invoices.queries.js'
import type { OrderMails } from './orders.mails.js'
import { createOrderPlacer } from './place-order.js'

const r = messages.orderRules
const HOUR_MS = 3_600_000
/** Orders expired per sweep transaction; a backlog is worked off in several. */
const SWEEP_BATCH = 200

type Log = {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** What became of a payment the provider says succeeded. */
export type PaymentOutcome =
  | { kind: 'paid'; order: Order; reinstated: boolean }
  | { kind: 'refunded'; order: Order; refundId: string }

/** When an unpaid order stops holding its stock; null for any other status. */
export function payByOf(
  row: Pick<OrderRow, 'status' | 'createdAt' | 'holdUntil'>,
  holdHours: number,
) {
  if (row.status !== 'unpaid') return null
  // Its own end (issue 25: shorter before the e-mail is verified, pushed on by a payment), or
  // for an order placed before that was kept, the hold of the time.
  return row.holdUntil ?? new Date(row.createdAt.getTime() + holdHours * HOUR_MS)
}

export function toOrder(row: OrderWithLines, holdHours: number): Order {
  return {
    _id: row.id,
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
 * A custom part ships its quoted lead time in working days from payment, as its quote promised
 * (issue 26 §5). Until the order is paid its date is provisional, counted from the order's day
 * (place-order.ts); the payment's shop date replaces it, in the payment's transaction.
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

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()
const isOwner = (actor: Actor, row: OrderRow) =>
  row.customerId === actor.id || same(row.customerEmail, actor.email)

/** Rows per query of a CSV export. */
const EXPORT_PAGE_SIZE = 500

export type OrdersService = ReturnType<typeof createOrdersService>

/** Orders: the server decides customer, price, total and stock (issue 4). */
export function createOrdersService({
  db,
  catalog,
  accounts,
  cart,
  quotes,
  provider,
  holdHours,
  limits,
  log,
  mails,
  now = () => new Date(),
}: {
  db: Db
  catalog: CatalogService
  accounts: Pick<AccountsService, 'lockUsers' | 'emailVerified'>
  cart: Pick<CartService, 'removeOrdered'>
  /** Custom parts (issue 15): their quotes follow their order (ordered, back, ordered again). */
  quotes: Pick<
    QuoteAcceptanceService,
    'forOrder' | 'markOrdered' | 'releaseOrdered' | 'reorderPlan' | 'reorder'
  >
  /** Cancelling an order voids its payment; money for a sold-out order goes back (issue 13). */
  provider: Pick<PaymentProvider, 'cancelIntent' | 'refund'>
  holdHours: number
  /** What one account may hold unpaid, by whether its e-mail is verified (issue 25). */
  limits: OrderLimits
  log: Log
  /** The buyer's e-mails (issue 17), sent after the commit; they never throw. */
  mails?: Pick<OrderMails, 'placed' | 'paid' | 'shipped'>
  /** The clock a payment's time (and so its shop date) is read from; tests move it. */
  now?: () => Date
}) {
  const view = (row: OrderWithLines) => toOrder(row, holdHours)
  const isExpired = (row: OrderRow, now = Date.now()) =>
    row.status === 'unpaid' && now > (payByOf(row, holdHours)?.getTime() ?? Infinity)
  const place = createOrderPlacer({
    db,
    catalog,
    accounts,
    cart,
    quotes,
    holdHours,
    limits,
    log,
  })
  const placed = async (row: OrderWithLines) => {
    await mails?.placed(row)
    return { acknowledged: true as const, insertedId: row.id, order: view(row) }
  }

  /**
   * Returns cancelled orders' stock (the caller's transaction), tools in id order, then gives
   * their custom parts' quotes back to their buyers (Quoted while valid, else Expired); a made
   * part is never stock.
   */
  async function returnLines(tx: Tx, orders: readonly { id: string; lines: OrderLineRow[] }[]) {
    for (const [toolId, amount] of stockToReturn(orders.flatMap((o) => o.lines)))
      await catalog.returnStock(tx, toolId, amount)
    await quotes.releaseOrdered(tx, orders)
  }

  /**
   * Whether a cancelled order that was paid late can live again: its first-order discount must
   * still be its customer's only one (else two live orders would have it), every line's stock
   * must be there, and every custom part's quote must be able to go back to Ordered: Quoted
   * again (not accepted into a cart, not expired, not declined), its latest offer still valid
   * and holding the order's quantity at the order's unit price. Then all of it is taken, all
   * lines or none; else the payment is refunded. The caller holds the customer's lock and
   * the order's, so neither can change meanwhile; tools, then quotes, are locked here.
   */
  async function reinstate(
    tx: Tx,
    row: OrderWithLines,
  ): Promise<'ok' | 'discount-used' | 'sold-out' | 'quote-gone'> {
    if (
      row.firstOrderDiscount &&
      row.customerId &&
      (await hasLiveOrder(tx, row.customerId, { discounted: true, except: row.id }))
    )
      return 'discount-used'
    const wanted = stockToReturn(row.lines)
    const ids = wanted.map(([id]) => id)
    await catalog.lockTools(tx, ids)
    // Once per phone and per address too (issue 25): the keys are locked after the tools, as
    // ordering locks them. Orders placed before the keys were kept have none to compare.
    if (row.firstOrderDiscount && row.customerId && row.phoneKey && row.addressKey) {
      const keys = { phoneKey: row.phoneKey, addressKey: row.addressKey }
      await lockDiscountKeys(tx, discountKeyLockIds(keys).sort())
      const claims = await firstOrderClaims(
        tx,
        { customerId: row.customerId, ...keys },
        { discountedOnly: true, except: row.id },
      )
      if (claims.phone || claims.address) return 'discount-used'
    }
    const tools = await catalog.toolsForLines(tx, ids)
    if (wanted.some(([id, amount]) => (tools.get(id)?.quantity ?? 0) < amount)) return 'sold-out'
    const plan = await quotes.reorderPlan(tx, row.lines)
    if (!plan) return 'quote-gone'
    for (const [id, amount] of wanted)
      if ((await catalog.retakeStock(tx, id, amount)) === undefined)
        throw new Error('stock moved under a held lock')
    await quotes.reorder(tx, plan, row.id)
    return 'ok'
  }

  /** Another customer's order is answered like a missing one: ids reveal nothing. */
  async function orderFor(actor: Actor, id: string): Promise<OrderRow> {
    const row = isUuid(id) ? await findOrderHead(db, id) : undefined
    if (!row || (!isOwner(actor, row) && actor.role !== 'admin'))
      throw new AppError('NOT_FOUND', r.orderNotFound)
    return row
  }

  /**
   * Voids the payment of an order just cancelled, outside any transaction (docs/architecture.md, Stack pitfalls §3).
   * If the provider says the payment had already succeeded, that money is dealt with at once
   * (reinstated if the stock is there, refunded if not) instead of waiting for the webhook.
   */
  async function voidPayment(row: OrderRow) {
    if (!row.paymentIntentId) return
    try {
      const voided = await provider.cancelIntent(row.paymentIntentId)
      if (!voided) await recordPayment(row.id, row.paymentIntentId)
    } catch (error) {
      // The order is cancelled either way; money arriving later is reinstated or refunded.
      log.error({ orderId: row.id, err: error }, 'could not void the payment of a cancelled order')
    }
  }

  /**
   * Records a verified payment. Arriving twice (webhook and client, in any order) changes
   * nothing the second time; a second, different payment is refused. Money for a cancelled
   * order reinstates it only if its stock can be taken again in full (the same conditional
   * UPDATE as ordering, in this transaction); otherwise the order stays cancelled and the
   * payment is refunded (issue 13): never oversold.
   */
  async function recordPayment(orderId: string, transactionId: string): Promise<PaymentOutcome> {
    const head = await findOrderHead(db, orderId)
    if (!head) throw new AppError('NOT_FOUND', r.orderNotFound)
    const outcome = await db.transaction(async (tx) => {
      // The global lock order (issue 14): the customer, then the order, then its tools.
      if (head.customerId) await accounts.lockUsers(tx, [head.customerId])
      const row = await lockOrder(tx, orderId)
      if (!row) throw new AppError('NOT_FOUND', r.orderNotFound)
      if (row.paid) {
        if (row.transactionId === transactionId)
          return { kind: 'paid' as const, row, reinstated: false, fresh: false }
        throw new AppError('CONFLICT', r.paidByAnotherPayment)
      }
      if (row.status === 'cancelled') {
        const earlier = row.cancelReason
        // A person's cancellation (the buyer's or an admin's) is final: their money goes back
        // whatever the stock (issue 26 §5). Only the sweeper's expiry may be paid back to life.
        const byPerson =
          earlier === 'customer' || earlier === 'admin' || earlier === 'refunded_cancelled'
        const refundDue =
          (earlier === 'refunded_out_of_stock' ||
            earlier === 'refunded_discount_used' ||
            earlier === 'refunded_quote_unavailable') &&
          row.paymentIntentId === transactionId
        const verdict = refundDue || byPerson ? undefined : await reinstate(tx, row)
        if (verdict !== 'ok') {
          // A retried payment keeps the reason it was first refunded for.
          const reason = byPerson
            ? ('refunded_cancelled' as const)
            : verdict === undefined && refundDue
              ? earlier
              : verdict === 'discount-used'
                ? ('refunded_discount_used' as const)
                : verdict === 'quote-gone'
                  ? ('refunded_quote_unavailable' as const)
                  : ('refunded_out_of_stock' as const)
          const marked = await markRefundDue(tx, orderId, transactionId, reason)
          return {
            kind: 'refund' as const,
            row: marked ? await withLinesOne(tx, marked) : row,
          }
        }
        log.warn({ orderId }, 'payment arrived for a cancelled order; reinstated')
      }
      const paidAt = now()
      const paid = await setOrderPaid(tx, orderId, transactionId, paidAt)
      if (!paid) throw new AppError('CONFLICT', r.paidByAnotherPayment)
      const lines = customLinesFromPayment(row.lines, paidAt)
      await setShipsBy(tx, orderId, lines.changed)
      // The invoice number is taken in this transaction: a rollback gives it back (issue 17).
      const invoiceNumber = await assignInvoiceNumber(tx, orderId)
      return {
        kind: 'paid' as const,
        row: { ...paid, invoiceNumber, lines: lines.all },
        reinstated: row.status === 'cancelled',
        fresh: true,
      }
    })
    if (outcome.kind === 'paid') {
      if (outcome.reinstated) await catalog.stockChanged()
      // The receipt goes once: only the call that made the order paid sends it.
      if (outcome.fresh) await mails?.paid(outcome.row)
      return { kind: 'paid', order: view(outcome.row), reinstated: outcome.reinstated }
    }
    // Outside the transaction (a provider call); the key makes a retried webhook refund once.
    const refund = await provider.refund({
      paymentIntentId: transactionId,
      idempotencyKey: `refund-${orderId}-${transactionId}`,
    })
    await setRefundId(db, orderId, refund.id)
    log.warn(
      {
        orderId,
        paymentIntentId: transactionId,
        refundId: refund.id,
        reason: outcome.row.cancelReason,
      },
      'payment arrived for a cancelled order that cannot live again; refunded',
    )
    return {
      kind: 'refunded',
      order: view({ ...outcome.row, refundId: refund.id }),
      refundId: refund.id,
    }
  }

  return {
    /** POST /api/purchase: the seed's one-tool order, a one-line checkout (issue 14). */
    async create(actor: Actor, body: PurchaseBody) {
      const lines = [{ tool: body.toolsId, quantity: body.purchaseQuantity }]
      return placed(await place(actor, { ...body, lines }, 'purchase'))
    },

    /** POST /api/checkout: the cart's lines as one order, all of them or none (issue 14). */
    async checkout(actor: Actor, body: CheckoutBody) {
      return placed(await place(actor, body, 'checkout'))
    },

    async listMine(actor: Actor, customer: string): Promise<Order[]> {
      if (!same(actor.email, customer) && actor.role !== 'admin') throw new AppError('FORBIDDEN')
      return (await listCustomerOrders(db, customer)).map(view)
    },

    async listAll(filter: { status?: OrderRow['status']; q?: string }): Promise<Order[]> {
      return (await listAllOrders(db, filter)).map(view)
    },

    /**
     * Manage Orders' list for the CSV export (issue 17), a page at a time: the same filters
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

    /**
     * An unpaid order is cancelled and its quantity returns to stock in one transaction; a
     * paid order is never removed: the customer's delete only hides it from their list.
     */
    async remove(actor: Actor, id: string) {
      const row = await orderFor(actor, id)
      if (row.status === 'unpaid' || row.status === 'cancelled') {
        const reason = isOwner(actor, row) ? 'customer' : 'admin'
        const cancelled = await db.transaction(async (tx) => {
          const changed = await cancelUnpaid(tx, row.id, reason)
          // An admin cancelling someone's order is an admin action (issue 17); a buyer's is not.
          if (changed && reason === 'admin')
            await writeAuditEntry(tx, actor, {
              kind: 'order.delete',
              subjectType: 'order',
              subjectId: changed.id,
              summary: activityWords.summary.orderCancelled(
                shortId(changed.id),
                changed.customerEmail,
              ),
              before: { status: row.status },
              after: { status: changed.status, cancelReason: changed.cancelReason },
            })
          if (changed)
            await returnLines(tx, [
              { id: changed.id, lines: (await linesOf(tx, [changed.id])).get(changed.id) ?? [] },
            ])
          return changed
        })
        if (cancelled) {
          await catalog.stockChanged()
          await voidPayment(cancelled)
        }
        if (cancelled || row.status === 'cancelled') {
          return {
            acknowledged: true as const,
            deletedCount: cancelled ? 1 : 0,
            outcome: 'cancelled' as const,
          }
        }
        // It was paid in the meantime: treat it as the paid order it now is.
      }
      if (!isOwner(actor, row)) throw new AppError('CONFLICT', r.paidOrderKept)
      await hideFromCustomer(db, row.id)
      return { acknowledged: true as const, deletedCount: 1, outcome: 'hidden' as const }
    },

    /** What a payment needs to know of the caller's own order. */
    async forPayment(actor: Actor, id: string) {
      const row = await orderFor(actor, id)
      if (!isOwner(actor, row)) throw new AppError('NOT_FOUND', r.orderNotFound)
      return {
        id: row.id,
        totalCents: row.totalCents,
        paid: row.paid,
        status: row.status,
        expired: isExpired(row),
        customerEmail: row.customerEmail,
      }
    },

    holdHours,

    /** Voids a payment begun for an order cancelled meanwhile (create-payment-intent raced a cancel). */
    async voidIfCancelled(id: string) {
      const row = await findOrderHead(db, id)
      if (row?.status !== 'cancelled') return false
      await voidPayment(row)
      return true
    },

    /**
     * Cancels the unpaid orders whose hold has run out, returns their stock and voids their
     * payments. One process sweeps at a time (an advisory lock); each order moves from
     * unpaid once, so its stock comes back exactly once. Answers how many were cancelled.
     */
    async expireDue(now = Date.now()): Promise<number> {
      let total = 0
      for (;;) {
        const expired = await db.transaction(async (tx) => {
          if (!(await trySweepLock(tx))) return []
          const rows = await expireUnpaidBefore(tx, new Date(now), holdHours, SWEEP_BATCH)
          const lines = await linesOf(
            tx,
            rows.map((row) => row.id),
          )
          // All lines of all these orders, each tool once and in id order, as orders lock them.
          await returnLines(
            tx,
            rows.map((row) => ({ id: row.id, lines: lines.get(row.id) ?? [] })),
          )
          return rows
        })
        if (expired.length === 0) break
        total += expired.length
        await catalog.stockChanged()
        log.info({ count: expired.length }, 'unpaid orders expired; their stock is back on sale')
        for (const row of expired) await voidPayment(row)
        if (expired.length < SWEEP_BATCH) break
      }
      return total
    },

    /** The order as the payment flow sees it, for the provider's webhook (no caller). */
    async forSystem(id: string) {
      const row = isUuid(id) ? await findOrderHead(db, id) : undefined
      if (!row) throw new AppError('NOT_FOUND', r.orderNotFound)
      return {
        id: row.id,
        totalCents: row.totalCents,
        paid: row.paid,
        status: row.status,
        expired: isExpired(row),
      }
    },

    /**
     * A card or gateway payment is starting (issue 25): the unpaid order holds its stock at
     * least PAYMENT_HOLD_MINUTES from now, so the sweeper does not cancel it mid-payment.
     */
    holdForPayment: (id: string) =>
      extendHold(db, id, new Date(Date.now() + PAYMENT_HOLD_MINUTES * 60_000), holdHours),

    rememberPaymentIntent: (id: string, paymentIntentId: string) =>
      setPaymentIntent(db, id, paymentIntentId),

    recordPayment,

    async markShipped(actor: AuditActor, id: string): Promise<Order> {
      // The status and its audit row commit together (issue 17); the e-mail goes after.
      const changed = isUuid(id)
        ? await db.transaction(async (tx) => {
            const shipped = await changeStatus(tx, id, 'paid', 'shipped')
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
      const row = isUuid(id) ? await findOrderHead(db, id) : undefined
      if (!row) throw new AppError('NOT_FOUND', r.orderNotFound)
      throw new AppError('CONFLICT', r.onlyPaidShips)
    },
  }
}
