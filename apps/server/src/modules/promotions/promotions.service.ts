import {
  isId,
  activityWords,
  fromCents,
  messages,
  promotionProblem,
  shopDate,
  toCents,
  type FirstOrderEstimate,
  type Promotion,
  type PromotionCreateBody,
  type PromotionUpdateBody,
} from '@toolworks/shared'

import type { ChangeFeed } from '../../db/change-feed.js'
import type { Db } from '../../db/client.js'
import { createAnswerCache, type CachedAnswer } from '../../lib/answer-cache.js'
import { AppError } from '../../lib/app-error.js'
import type { AccountsService } from '../accounts/accounts.service.js'
import { writeAuditEntry, writeAuditedUpdate, type AuditActor } from '../audit/audit.service.js'
import { deliveryKeys, firstOrderEligibility } from './first-order-discount.js'
import {
  deletePromotion,
  insertPromotion,
  listActivePromotions,
  listAllPromotions,
  lockPromotion,
  updatePromotion,
  type NewPromotionRow,
  type PromotionRow,
} from './promotions.queries.js'

export function toPromotion(row: PromotionRow): Promotion {
  return {
    id: row.id,
    kind: row.kind,
    percent: row.percent,
    cap: row.capCents === null ? null : fromCents(row.capCents),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    title: row.title,
    text: row.text,
  }
}

const notFound = () => new AppError('NOT_FOUND', messages.promotionRules.notFound)

export type PromotionsService = ReturnType<typeof createPromotionsService>

type Deps = {
  db: Db
  changes: ChangeFeed
  /** Whether a buyer's e-mail is verified: the first-order discount needs it. */
  accounts: Pick<AccountsService, 'emailVerified'>
  /** The clock; tests move it across the shop's midnight. */
  now?: () => Date
}

/** The home page's promises: admins write them, everyone reads today's. */
export function createPromotionsService({ db, changes, accounts, now = () => new Date() }: Deps) {
  const cache = createAnswerCache({ feed: changes, topic: 'promotions' })
  return {
    close: () => cache.close(),

    /**
     * The cart's estimate of the first-order discount: the order's own rule
     * (firstOrderEligibility), for the phone and address the checkout will send. The order
     * decides again under its locks; this only reads.
     */
    async firstOrderEstimate(
      customerId: string,
      where: { phone: string; address: string },
    ): Promise<FirstOrderEstimate> {
      const eligibility = await firstOrderEligibility(db, {
        customerId,
        emailVerified: await accounts.emailVerified(db, customerId),
        ...deliveryKeys(where),
      })
      return { eligibility }
    },
    /**
     * The promotions active on the shop's date, as they go on the wire. Keyed by that date:
     * "active today" changes at the shop's midnight without any write.
     */
    async listActive(): Promise<CachedAnswer> {
      const day = shopDate(now())
      return cache.get(`active:${day}`, async () => ({
        value: (await listActivePromotions(db, day)).map(toPromotion),
      }))
    },
    async listAll(): Promise<Promotion[]> {
      return (await listAllPromotions(db)).map(toPromotion)
    },
    async create(actor: AuditActor, body: PromotionCreateBody): Promise<Promotion> {
      const values = {
        kind: body.kind,
        percent: body.percent,
        capCents: body.cap === null ? null : toCents(body.cap),
        startsAt: body.startsAt,
        endsAt: body.endsAt,
        title: body.title,
        text: body.text,
      }
      // The promotion and its audit row commit together.
      const row = await db.transaction(async (tx) => {
        const inserted = await insertPromotion(tx, values)
        await writeAuditEntry(tx, actor, {
          kind: 'promotion.create',
          subjectType: 'promotion',
          subjectId: inserted.id,
          summary: activityWords.summary.promotionCreated(inserted.title),
          before: null,
          after: values,
        })
        return inserted
      })
      await cache.changed()
      return toPromotion(row)
    },
    /** An edit of some fields; the promotion it makes must hold together as a whole. */
    async update(actor: AuditActor, id: string, body: PromotionUpdateBody): Promise<Promotion> {
      if (!isId(id)) throw notFound()
      const row = await db.transaction(async (tx) => {
        const current = await lockPromotion(tx, id)
        if (!current) throw notFound()
        const merged = { ...toPromotion(current), ...definedFields(body) }
        const problem = promotionProblem(merged)
        if (problem)
          throw new AppError('VALIDATION_FAILED', problem.message, {
            [problem.field]: problem.message,
          })
        const next: Partial<NewPromotionRow> = {
          kind: merged.kind,
          percent: merged.percent,
          capCents: merged.cap === null ? null : toCents(merged.cap),
          startsAt: merged.startsAt,
          endsAt: merged.endsAt,
          title: merged.title,
          text: merged.text,
        }
        const updated = await updatePromotion(tx, id, next)
        if (updated)
          await writeAuditedUpdate(
            tx,
            actor,
            {
              kind: 'promotion.update',
              subjectType: 'promotion',
              subjectId: id,
              summary: activityWords.summary.promotionUpdated(updated.title),
            },
            current,
            next,
          )
        return updated
      })
      if (!row) throw notFound()
      await cache.changed()
      return toPromotion(row)
    },
    async remove(
      actor: AuditActor,
      id: string,
    ): Promise<{ acknowledged: true; deletedCount: number }> {
      if (!isId(id)) throw notFound()
      await db.transaction(async (tx) => {
        const current = await lockPromotion(tx, id)
        if (!current || !(await deletePromotion(tx, id))) throw notFound()
        await writeAuditEntry(tx, actor, {
          kind: 'promotion.delete',
          subjectType: 'promotion',
          subjectId: id,
          summary: activityWords.summary.promotionDeleted(current.title),
          before: {
            kind: current.kind,
            percent: current.percent,
            capCents: current.capCents,
            startsAt: current.startsAt,
            endsAt: current.endsAt,
            title: current.title,
          },
          after: null,
        })
      })
      await cache.changed()
      return { acknowledged: true, deletedCount: 1 }
    },
  }
}

/** A field sent as undefined changes nothing (a JSON body cannot say undefined, a caller can). */
function definedFields(body: PromotionUpdateBody): PromotionUpdateBody {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined))
}
