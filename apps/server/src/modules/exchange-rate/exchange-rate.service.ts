import {
  activityWords,
  exchangeRateWords,
  rateChangeNeedsConfirm,
  rateChangePercent,
  rateFromUnits,
  rateUnits,
  shopDate,
  systemClock,
  type Clock,
  type ExchangeRate,
  type ExchangeRateBody,
} from '@toolworks/shared'

import type { Db, DbOrTx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { writeAuditEntry, type AuditActor } from '../audit/audit.service.js'
import {
  insertRate,
  rateHistory,
  rateInForce,
  type ExchangeRateRow,
} from './exchange-rate.queries.js'

const view = (row: ExchangeRateRow): ExchangeRate => ({
  currency: 'BDT',
  perUsd: rateFromUnits(row.perUsdUnits),
  effectiveFrom: row.effectiveFrom,
})

/**
 * A slip of one digit moves every taka price at once: a change of more than
 * RATE_CONFIRM_CHANGE_PERCENT from the rate in force needs the admin's `confirm: true`.
 */
function refuseUnconfirmedJump(current: number, body: ExchangeRateBody): void {
  if (body.confirm === true || !rateChangeNeedsConfirm(current, body.perUsd)) return
  throw new AppError(
    'CONFLICT',
    exchangeRateWords.confirmNeeded(rateChangePercent(current, body.perUsd)),
  )
}

export type ExchangeRateService = ReturnType<typeof createExchangeRateService>

/**
 * The taka rate: an admin sets it with the date it applies from; every change is
 * kept and audited; the rate in force is the latest whose date has come on the shop's clock.
 */
export function createExchangeRateService({ db, now = systemClock }: { db: Db; now?: Clock }) {
  return {
    /** The rate in force today; undefined until one has been set (BDT is then not offered). */
    async current(): Promise<ExchangeRate | undefined> {
      const row = await rateInForce(db, shopDate(now()))
      return row && view(row)
    },

    /**
     * The rate in force on a shop date, in ten-thousandths, read in the caller's transaction:
     * the rate an order is placed at; undefined when none is set.
     */
    async unitsOn(tx: DbOrTx, day: string): Promise<number | undefined> {
      return (await rateInForce(tx, day))?.perUsdUnits
    },

    /** GET /api/exchange-rate: the rate in force, or a 404 that says none is set yet. */
    async currentOrRefuse(): Promise<ExchangeRate> {
      const rate = await this.current()
      if (!rate) throw new AppError('NOT_FOUND', exchangeRateWords.noneYet)
      return rate
    },

    async set(actor: AuditActor, body: ExchangeRateBody): Promise<ExchangeRate> {
      const row = await db.transaction(async (tx) => {
        const before = await rateInForce(tx, shopDate(now()))
        if (before) refuseUnconfirmedJump(rateFromUnits(before.perUsdUnits), body)
        const inserted = await insertRate(tx, {
          perUsdUnits: rateUnits(body),
          effectiveFrom: body.effectiveFrom,
          setByEmail: actor.email,
        })
        await writeAuditEntry(tx, actor, {
          kind: 'exchange-rate.set',
          subjectType: 'exchange-rate',
          subjectId: inserted.id,
          summary: activityWords.summary.exchangeRateSet(body.perUsd, body.effectiveFrom),
          before: before
            ? { perUsd: rateFromUnits(before.perUsdUnits), effectiveFrom: before.effectiveFrom }
            : null,
          after: { perUsd: body.perUsd, effectiveFrom: body.effectiveFrom },
        })
        return inserted
      })
      return view(row)
    },

    async history() {
      return (await rateHistory(db)).map((row) => ({
        ...view(row),
        setBy: row.setByEmail,
        setAt: row.setAt.toISOString(),
      }))
    },
  }
}
