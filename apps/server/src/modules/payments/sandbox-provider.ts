import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

import { messages, type SandboxConfirmBody } from '@toolworks/shared'

import type { Db } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { payByOf } from '../orders/orders.service.js'
import { WebhookRefusedError, type PaymentProvider } from './payment-provider.js'
import {
  cancelSandboxIntent,
  findOpenSandboxIntent,
  findSandboxIntent,
  findSandboxIntentAndOrder,
  insertSandboxIntent,
  recordSandboxOutcome,
  refundSandboxIntent,
  rotateSandboxSecret,
} from './payments.queries.js'
import { judgeCard } from './sandbox-cards.js'

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex')

/**
 * Behaves like Stripe's test mode with no outside service: intents live in the database (so
 * any server process can confirm or check one), the client secret is the authority to pay,
 * and only Stripe's test cards succeed. Card details are judged in memory and never kept.
 */
export function createSandboxProvider({ db, holdHours }: { db: Db; holdHours: number }) {
  const p = messages.paymentRules
  const provider: PaymentProvider & {
    confirm(body: SandboxConfirmBody): Promise<{ id: string; status: 'succeeded' }>
  } = {
    name: 'sandbox',
    hasWebhook: false,

    async startPayment({ orderId, amountCents, currency }) {
      const open = await findOpenSandboxIntent(db, orderId, amountCents)
      const id = open?.id ?? `pi_sandbox_${randomBytes(12).toString('hex')}`
      const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`
      // Only the secret's hash is kept; reusing an open intent gives it a fresh secret.
      if (open) await rotateSandboxSecret(db, id, hash(clientSecret))
      else
        await insertSandboxIntent(db, {
          id,
          orderId,
          amountCents,
          currency,
          clientSecretHash: hash(clientSecret),
        })
      return { kind: 'client_secret', paymentId: id, clientSecret }
    },

    async retrieveIntent(id) {
      const row = await findSandboxIntent(db, id)
      if (!row) return undefined
      return {
        id: row.id,
        status: row.status,
        amountCents: row.amountCents,
        currency: row.currency,
        orderId: row.orderId,
      }
    },

    async cancelIntent(id) {
      return (await cancelSandboxIntent(db, id)) !== 'succeeded'
    },

    async refund({ paymentIntentId }) {
      const id = await refundSandboxIntent(db, paymentIntentId)
      if (!id) throw new Error(`sandbox: intent ${paymentIntentId} has not succeeded`)
      return { kind: 'refunded', id }
    },

    verifyNotification() {
      throw new WebhookRefusedError('the sandbox sends no notifications')
    },

    async confirm(body) {
      const id = body.clientSecret.split('_secret_')[0] ?? ''
      const found = id ? await findSandboxIntentAndOrder(db, id) : undefined
      const row = found?.intent
      const given = Buffer.from(hash(body.clientSecret))
      if (!found || !row || !timingSafeEqual(given, Buffer.from(row.clientSecretHash))) {
        throw new AppError('NOT_FOUND', 'No such payment.')
      }
      if (row.status === 'succeeded') return { id: row.id, status: 'succeeded' }
      if (row.status === 'canceled') throw new AppError('CONFLICT', p.intentCancelled)
      // Like Stripe after the shop voided the intent: a dead order takes no money. The hold is
      // checked here too, so an order past its time is refused before the sweeper gets to it.
      if (found.orderStatus === 'cancelled') throw new AppError('CONFLICT', p.intentCancelled)
      const payBy = payByOf(
        {
          status: found.orderStatus,
          createdAt: found.orderCreatedAt,
          holdUntil: found.orderHoldUntil,
        },
        holdHours,
      )
      if (payBy && Date.now() > payBy.getTime()) throw new AppError('CONFLICT', p.expired)
      const outcome = judgeCard(body.card)
      const recorded = await recordSandboxOutcome(
        db,
        row.id,
        outcome.ok ? { succeeded: true } : { succeeded: false, error: outcome.code },
      )
      if (!recorded) {
        // The order was cancelled (and this intent voided) while the card was being judged.
        const now = await findSandboxIntent(db, row.id)
        if (now?.status !== 'succeeded') throw new AppError('CONFLICT', p.intentCancelled)
      }
      if (!outcome.ok) throw new AppError('PAYMENT_FAILED', outcome.message)
      return { id: row.id, status: 'succeeded' }
    },
  }
  return provider
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>
