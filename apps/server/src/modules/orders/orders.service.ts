import { fromCents, messages, type Order, type PurchaseBody } from '@toolworks/shared'

import type { Db } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { isUuid } from '../../lib/ids.js'
import { createTransactionBatcher } from '../../lib/transaction-batcher.js'
import type { Actor } from '../accounts/accounts.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import {
  changeStatus,
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

export function toOrder(row: OrderRow): Order {
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
  }
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()
const isOwner = (actor: Actor, row: OrderRow) =>
  row.customerId === actor.id || same(row.customerEmail, actor.email)

export type OrdersService = ReturnType<typeof createOrdersService>

/** Orders: the server decides customer, price, total and stock (issue 4). */
export function createOrdersService({ db, catalog }: { db: Db; catalog: CatalogService }) {
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

  return {
    async create(actor: Actor, body: PurchaseBody) {
      // Orders share commits under load (group commit): stock stays exact, see the batcher.
      const row = await orderWrites.run(body.toolsId, async (tx) => {
        const tool = await catalog.takeStock(tx, body.toolsId, body.purchaseQuantity)
        return insertOrder(tx, {
          toolId: tool.id,
          toolName: tool.name,
          unitPriceCents: tool.priceCents,
          quantity: body.purchaseQuantity,
          totalCents: tool.priceCents * body.purchaseQuantity,
          customerId: actor.id,
          customerEmail: actor.email,
          customerName: actor.name,
          phone: body.phone,
          address: body.address,
        })
      })
      await catalog.stockChanged()
      return { acknowledged: true as const, insertedId: row.id, order: toOrder(row) }
    },

    async listMine(actor: Actor, customer: string): Promise<Order[]> {
      if (!same(actor.email, customer) && actor.role !== 'admin') throw new AppError('FORBIDDEN')
      return (await listCustomerOrders(db, customer)).map(toOrder)
    },

    async listAll(filter: { status?: OrderRow['status']; q?: string }): Promise<Order[]> {
      return (await listAllOrders(db, filter)).map(toOrder)
    },

    async getOne(actor: Actor, id: string): Promise<Order> {
      return toOrder(await orderFor(actor, id))
    },

    /**
     * An unpaid order is cancelled and its quantity returns to stock in one transaction; a
     * paid order is never removed: the customer's delete only hides it from their list.
     */
    async remove(actor: Actor, id: string) {
      const row = await orderFor(actor, id)
      if (row.status === 'unpaid' || row.status === 'cancelled') {
        const cancelled = await db.transaction(async (tx) => {
          const changed = await changeStatus(tx, row.id, 'unpaid', 'cancelled')
          if (changed) await catalog.returnStock(tx, changed.toolId, changed.quantity)
          return changed
        })
        if (cancelled) await catalog.stockChanged()
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
        customerEmail: row.customerEmail,
      }
    },

    /** The order as the payment flow sees it, for the provider's webhook (no caller). */
    async forSystem(id: string) {
      const row = isUuid(id) ? await findOrder(db, id) : undefined
      if (!row) throw new AppError('NOT_FOUND', r.orderNotFound)
      return { id: row.id, totalCents: row.totalCents, paid: row.paid, status: row.status }
    },

    rememberPaymentIntent: (id: string, paymentIntentId: string) =>
      setPaymentIntent(db, id, paymentIntentId),

    /**
     * Marks an order paid by a verified payment. Arriving twice (webhook and client, in any
     * order) changes nothing the second time; a second, different payment is refused.
     */
    async recordPayment(
      orderId: string,
      transactionId: string,
      log?: { warn(obj: object, msg: string): void },
    ): Promise<Order> {
      let reinstated = false
      const order = await db.transaction(async (tx) => {
        const row = await lockOrder(tx, orderId)
        if (!row) throw new AppError('NOT_FOUND', r.orderNotFound)
        if (row.paid) {
          if (row.transactionId === transactionId) return toOrder(row)
          throw new AppError('CONFLICT', r.paidByAnotherPayment)
        }
        if (row.status === 'cancelled') {
          // The customer cancelled while paying: the money is taken, so the sale stands.
          const left = await catalog.retakeStock(tx, row.toolId, row.quantity)
          reinstated = true
          log?.warn(
            { orderId, stockLeft: left },
            'payment arrived for a cancelled order; order reinstated',
          )
        }
        const paid = await setOrderPaid(tx, orderId, transactionId)
        if (!paid) throw new AppError('CONFLICT', r.paidByAnotherPayment)
        return toOrder(paid)
      })
      if (reinstated) await catalog.stockChanged()
      return order
    },

    async markShipped(id: string): Promise<Order> {
      const changed = isUuid(id) ? await changeStatus(db, id, 'paid', 'shipped') : undefined
      if (changed) return toOrder(changed)
      const row = isUuid(id) ? await findOrder(db, id) : undefined
      if (!row) throw new AppError('NOT_FOUND', r.orderNotFound)
      throw new AppError('CONFLICT', r.onlyPaidShips)
    },
  }
}
