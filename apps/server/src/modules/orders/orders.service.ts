import {
  fromCents,
  messages,
  unitPriceCents,
  OPEN_UNPAID_ORDERS_MAX,
  type Order,
  type PurchaseBody,
} from '@toolworks/shared'

import type { Db } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { isUuid } from '../../lib/ids.js'
import { createTransactionBatcher } from '../../lib/transaction-batcher.js'
import type { Actor } from '../accounts/accounts.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { PaymentProvider } from '../payments/payment-provider.js'
import {
  cancelUnpaid,
  changeStatus,
  countOpenUnpaid,
  expireUnpaidBefore,
  markRefundDue,
  setRefundId,
  trySweepLock,
  findOrder,
  hideFromCustomer,
  insertOrder,
  listAllOrders,
  listCustomerOrders,
  lockOrder,
  setOrderPaid,
  setPaymentIntent,
  type OrderRow,
} from './orders.queries.js'

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
export function payByOf(row: Pick<OrderRow, 'status' | 'createdAt'>, holdHours: number) {
  return row.status === 'unpaid' ? new Date(row.createdAt.getTime() + holdHours * HOUR_MS) : null
}

export function toOrder(row: OrderRow, holdHours: number): Order {
  return {
    _id: row.id,
    toolsId: row.toolId,
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
  }
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()
const isOwner = (actor: Actor, row: OrderRow) =>
  row.customerId === actor.id || same(row.customerEmail, actor.email)

export type OrdersService = ReturnType<typeof createOrdersService>

/** Orders: the server decides customer, price, total and stock (issue 4). */
export function createOrdersService({
  db,
  catalog,
  provider,
  holdHours,
  log,
}: {
  db: Db
  catalog: CatalogService
  /** Cancelling an order voids its payment; money for a sold-out order goes back (issue 13). */
  provider: Pick<PaymentProvider, 'cancelIntent' | 'refund'>
  holdHours: number
  log: Log
}) {
  const view = (row: OrderRow) => toOrder(row, holdHours)
  const isExpired = (row: OrderRow, now = Date.now()) =>
    row.status === 'unpaid' && now > (payByOf(row, holdHours)?.getTime() ?? Infinity)

  // An order refuses (NOT_FOUND, OUT_OF_STOCK, below the minimum) before it writes: stock is
  // taken by one conditional UPDATE that either takes it or changes nothing. So it needs no
  // savepoint in a shared transaction.
  const orderWrites = createTransactionBatcher(db, { savepoints: false })

  /** Another customer's order is answered like a missing one: ids reveal nothing. */
  async function orderFor(actor: Actor, id: string): Promise<OrderRow> {
    const row = isUuid(id) ? await findOrder(db, id) : undefined
    if (!row || (!isOwner(actor, row) && actor.role !== 'admin'))
      throw new AppError('NOT_FOUND', r.orderNotFound)
    return row
  }

  /**
   * Voids the payment of an order just cancelled, outside any transaction (STACK-NOTES.md §3).
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
    const outcome = await db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderId)
      if (!row) throw new AppError('NOT_FOUND', r.orderNotFound)
      if (row.paid) {
        if (row.transactionId === transactionId)
          return { kind: 'paid' as const, row, reinstated: false }
        throw new AppError('CONFLICT', r.paidByAnotherPayment)
      }
      if (row.status === 'cancelled') {
        const refundDue =
          row.cancelReason === 'refunded_out_of_stock' && row.paymentIntentId === transactionId
        const left = refundDue ? undefined : await catalog.retakeStock(tx, row.toolId, row.quantity)
        if (left === undefined) {
          const marked = await markRefundDue(tx, orderId, transactionId)
          return { kind: 'refund' as const, row: marked ?? row }
        }
        log.warn({ orderId, stockLeft: left }, 'payment arrived for a cancelled order; reinstated')
      }
      const paid = await setOrderPaid(tx, orderId, transactionId)
      if (!paid) throw new AppError('CONFLICT', r.paidByAnotherPayment)
      return { kind: 'paid' as const, row: paid, reinstated: row.status === 'cancelled' }
    })
    if (outcome.kind === 'paid') {
      if (outcome.reinstated) await catalog.stockChanged()
      return { kind: 'paid', order: view(outcome.row), reinstated: outcome.reinstated }
    }
    // Outside the transaction (a provider call); the key makes a retried webhook refund once.
    const refund = await provider.refund({
      paymentIntentId: transactionId,
      idempotencyKey: `refund-${orderId}-${transactionId}`,
    })
    await setRefundId(db, orderId, refund.id)
    log.warn(
      { orderId, paymentIntentId: transactionId, refundId: refund.id },
      'payment arrived for a cancelled order whose stock is gone; refunded',
    )
    return {
      kind: 'refunded',
      order: view({ ...outcome.row, refundId: refund.id }),
      refundId: refund.id,
    }
  }

  return {
    async create(actor: Actor, body: PurchaseBody) {
      // Orders share commits under load (group commit): stock stays exact, see the batcher.
      const row = await orderWrites.run(body.toolsId, async (tx) => {
        // Each unpaid order holds stock: one account may not hold the shop's stock hostage
        // (issue 13). Counted in the order's own transaction, before anything is written.
        const since = new Date(Date.now() - holdHours * HOUR_MS)
        if ((await countOpenUnpaid(tx, actor.id, since)) >= OPEN_UNPAID_ORDERS_MAX)
          throw new AppError('CONFLICT', r.tooManyUnpaid(OPEN_UNPAID_ORDERS_MAX))
        const tool = await catalog.takeStock(tx, body.toolsId, body.purchaseQuantity)
        // The server prices the order from the row it just updated (the break in force),
        // never from anything the client sent.
        const unitCents = unitPriceCents(tool, body.purchaseQuantity)
        return insertOrder(tx, {
          toolId: tool.id,
          toolName: tool.name,
          unitPriceCents: unitCents,
          quantity: body.purchaseQuantity,
          totalCents: unitCents * body.purchaseQuantity,
          customerId: actor.id,
          customerEmail: actor.email,
          customerName: actor.name,
          phone: body.phone,
          address: body.address,
        })
      })
      await catalog.stockChanged()
      return { acknowledged: true as const, insertedId: row.id, order: view(row) }
    },

    async listMine(actor: Actor, customer: string): Promise<Order[]> {
      if (!same(actor.email, customer) && actor.role !== 'admin') throw new AppError('FORBIDDEN')
      return (await listCustomerOrders(db, customer)).map(view)
    },

    async listAll(filter: { status?: OrderRow['status']; q?: string }): Promise<Order[]> {
      return (await listAllOrders(db, filter)).map(view)
    },

    async getOne(actor: Actor, id: string): Promise<Order> {
      return view(await orderFor(actor, id))
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
          if (changed) await catalog.returnStock(tx, changed.toolId, changed.quantity)
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
      const row = await findOrder(db, id)
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
      const cutoff = new Date(now - holdHours * HOUR_MS)
      let total = 0
      for (;;) {
        const expired = await db.transaction(async (tx) => {
          if (!(await trySweepLock(tx))) return []
          const rows = await expireUnpaidBefore(tx, cutoff, SWEEP_BATCH)
          const byTool = new Map<string, number>()
          for (const row of rows)
            byTool.set(row.toolId, (byTool.get(row.toolId) ?? 0) + row.quantity)
          // Tools in id order, as the order batches lock them: no deadlock between the two.
          for (const toolId of [...byTool.keys()].sort())
            await catalog.returnStock(tx, toolId, byTool.get(toolId) ?? 0)
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
      const row = isUuid(id) ? await findOrder(db, id) : undefined
      if (!row) throw new AppError('NOT_FOUND', r.orderNotFound)
      return {
        id: row.id,
        totalCents: row.totalCents,
        paid: row.paid,
        status: row.status,
        expired: isExpired(row),
      }
    },

    rememberPaymentIntent: (id: string, paymentIntentId: string) =>
      setPaymentIntent(db, id, paymentIntentId),

    recordPayment,

    async markShipped(id: string): Promise<Order> {
      const changed = isUuid(id) ? await changeStatus(db, id, 'paid', 'shipped') : undefined
      if (changed) return view(changed)
      const row = isUuid(id) ? await findOrder(db, id) : undefined
      if (!row) throw new AppError('NOT_FOUND', r.orderNotFound)
      throw new AppError('CONFLICT', r.onlyPaidShips)
    },
  }
}
