import { CURRENCY, fromCents, messages, type Order } from '@toolworks/shared'

import { AppError } from '../../lib/app-error.js'
import type { Actor } from '../accounts/accounts.service.js'
import type { OrdersService } from '../orders/orders.service.js'
import {
  ProviderUnavailableError,
  WebhookRefusedError,
  type PaymentProvider,
} from './payment-provider.js'

const p = messages.paymentRules
const currency = CURRENCY.toLowerCase()

type Log = { warn(obj: object, msg: string): void }
type Headers = Record<string, string | string[] | undefined>

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
  async function verifyAndRecord(orderId: string, paymentIntentId: string) {
    const intent = await ask(() => provider.retrieveIntent(paymentIntentId))
    if (!intent)
      throw new AppError('VALIDATION_FAILED', p.noSuchPayment, { transactionId: p.noSuchPayment })
    if (intent.orderId !== orderId) throw new AppError('CONFLICT', p.otherOrder)
    const order = await orders.forSystem(orderId)
    if (intent.status === 'canceled') throw new AppError('CONFLICT', p.intentCancelled)
    if (intent.status !== 'succeeded') {
      if (order.expired) throw new AppError('CONFLICT', p.expired)
      if (order.status === 'cancelled') throw new AppError('CONFLICT', p.cancelled)
      throw new AppError('PAYMENT_FAILED', p.notSucceeded)
    }
    if (intent.amountCents !== order.totalCents || intent.currency !== currency) {
      log.warn({ orderId, paymentIntentId }, 'payment amount does not match the order')
      throw new AppError('PAYMENT_FAILED', p.amountMismatch)
    }
    return ask(() => orders.recordPayment(orderId, intent.id))
  }

  return {
    provider: provider.name,

    async createIntent(actor: Actor, orderId: string) {
      const order = await orders.forPayment(actor, orderId)
      if (order.paid) throw new AppError('CONFLICT', p.alreadyPaid)
      if (order.status === 'cancelled') throw new AppError('CONFLICT', p.cancelled)
      if (order.expired) throw new AppError('CONFLICT', p.expired)
      // A payment is starting: the order keeps its stock long enough to finish it (issue 25).
      await orders.holdForPayment(order.id)
      // Provider calls happen outside any transaction (docs/architecture.md, Stack pitfalls §3).
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
      // Cancelled while the intent was being made: its cancellation had nothing to void yet.
      if (await orders.voidIfCancelled(order.id)) throw new AppError('CONFLICT', p.cancelled)
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
      const outcome = await verifyAndRecord(orderId, transactionId)
      if (outcome.kind === 'refunded')
        throw new AppError(
          'CONFLICT',
          outcome.order.cancelReason === 'refunded_cancelled'
            ? p.refundedCancelled
            : outcome.order.cancelReason === 'refunded_discount_used'
              ? p.refundedDiscountUsed
              : outcome.order.cancelReason === 'refunded_quote_unavailable'
                ? p.refundedQuoteUnavailable
                : p.refundedOutOfStock,
        )
      return outcome.order
    },

    /**
     * The provider's webhook: the provider verifies and reads it (issue 13); the shop acts on
     * the neutral event. A refund for a sold-out order is an answer, not a failure: the
     * provider is told it was received, or it would send it again and again.
     */
    async webhook(rawBody: Buffer, headers: Headers): Promise<void> {
      let event
      try {
        event = provider.parseWebhook(rawBody, headers)
      } catch (error) {
        if (error instanceof WebhookRefusedError)
          throw new AppError('VALIDATION_FAILED', p.badSignature)
        throw error
      }
      if (event.type !== 'payment_succeeded') return
      const { paymentIntentId, orderId } = event
      if (!orderId) {
        log.warn({ paymentIntentId }, 'succeeded payment without an order id; ignored')
        return
      }
      await verifyAndRecord(orderId, paymentIntentId)
    },
  }
}
