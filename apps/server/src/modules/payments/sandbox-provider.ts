import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

import type { SandboxConfirmBody } from '@toolworks/shared'

import type { Db } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import type { PaymentProvider } from './payment-provider.js'
import {
  findOpenSandboxIntent,
  findSandboxIntent,
  insertSandboxIntent,
  recordSandboxOutcome,
  rotateSandboxSecret,
} from './payments.queries.js'
import { judgeCard } from './sandbox-cards.js'

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex')

/**
 * Behaves like Stripe's test mode with no outside service: intents live in the database (so
 * any server process can confirm or check one), the client secret is the authority to pay,
 * and only Stripe's test cards succeed. Card details are judged in memory and never kept.
 */
export function createSandboxProvider({ db }: { db: Db }) {
  const provider: PaymentProvider & {
    confirm(body: SandboxConfirmBody): Promise<{ id: string; status: 'succeeded' }>
  } = {
    name: 'sandbox',

    async createIntent({ orderId, amountCents, currency }) {
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
      return { id, clientSecret }
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

    async confirm(body) {
      const id = body.clientSecret.split('_secret_')[0] ?? ''
      const row = id ? await findSandboxIntent(db, id) : undefined
      const given = Buffer.from(hash(body.clientSecret))
      if (!row || !timingSafeEqual(given, Buffer.from(row.clientSecretHash))) {
        throw new AppError('NOT_FOUND', 'No such payment.')
      }
      if (row.status === 'succeeded') return { id: row.id, status: 'succeeded' }
      const outcome = judgeCard(body.card)
      await recordSandboxOutcome(
        db,
        row.id,
        outcome.ok ? { succeeded: true } : { succeeded: false, error: outcome.code },
      )
      if (!outcome.ok) throw new AppError('PAYMENT_FAILED', outcome.message)
      return { id: row.id, status: 'succeeded' }
    },
  }
  return provider
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>
