import { CURRENCY, fromCents, messages, type Order } from '@toolworks/shared'

import { AppError } from '../../lib/app-error.js'
import type { Actor } from '../accounts/accounts.service.js'
import type { OrdersService } from '../orders/orders.service.js'
import { ProviderUnavailableError, type PaymentProvider } from './payment-provider.js'

const p = messages.paymentRules
const currency = CURRENCY.toLowerCase()

type Log = { warn(obj: object, msg: string): void }

async function ask<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new AppError('UNAVAILABLE', p.providerDown)
    throw error
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>

/**
 * Card payments (issue 5): the amount always comes from the order, and an order is marked
 * paid only after the provider itself says this order's payment succeeded in full.
 */
export function createPaymentsService({
  provider,
  orders,
  log,
}: {
  provider: PaymentProvider
  orders: OrdersService
  log: Log
}) {
  async function verifyAndRecord(orderId: string, paymentIntentId: string): Promise<Order> {
    const intent = await ask(() => provider.retrieveIntent(paymentIntentId))
    if (!intent)
      throw new AppError('VALIDATION_FAILED', p.noSuchPayment, { transactionId: p.noSuchPayment })
    if (intent.orderId !== orderId) throw new AppError('CONFLICT', p.otherOrder)
    if (intent.status !== 'succeeded') throw new AppError('PAYMENT_FAILED', p.notSucceeded)
    const order = await orders.forSystem(orderId)
    if (intent.amountCents !== order.totalCents || intent.currency !== currency) {
      log.warn({ orderId, paymentIntentId }, 'payment amount does not match the order')
      throw new AppError('PAYMENT_FAILED', p.amountMismatch)
    }
    return orders.recordPayment(orderId, intent.id, log)
  }

  return {
    provider: provider.name,

    async createIntent(actor: Actor, orderId: string) {
      const order = await orders.forPayment(actor, orderId)
      if (order.paid) throw new AppError('CONFLICT', p.alreadyPaid)
      if (order.status === 'cancelled') throw new AppError('CONFLICT', p.cancelled)
      // Provider calls happen outside any transaction (STACK-NOTES.md §3).
      const intent = await ask(() =>
        provider.createIntent({
          orderId: order.id,
          amountCents: order.totalCents,
          currency,
          idempotencyKey: `order-${order.id}-${order.totalCents}`,
          customerEmail: order.customerEmail,
        }),
      )
      await orders.rememberPaymentIntent(order.id, intent.id)
      return {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: fromCents(order.totalCents),
        currency,
      }
    },

    /** PATCH /api/purchase/{id} from the customer's browser after the card was confirmed. */
    async markPaid(actor: Actor, orderId: string, transactionId: string): Promise<Order> {
      await orders.forPayment(actor, orderId)
      return verifyAndRecord(orderId, transactionId)
    },

    /** A signed `payment_intent.succeeded` from the provider. */
    async paymentSucceeded(paymentIntentId: string, orderId: string | undefined): Promise<void> {
      if (!orderId) {
        log.warn({ paymentIntentId }, 'succeeded payment without an order id; ignored')
        return
      }
      await verifyAndRecord(orderId, paymentIntentId)
    },
  }
}
