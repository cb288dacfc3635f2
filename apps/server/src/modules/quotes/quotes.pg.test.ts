import {
  QUOTE_OPEN_REQUESTS_MAX,
  QuoteRequestSchema,
  shopDate,
  type QuoteOfferInput,
  quoteRuleWords,
  quoteWords,
} from '@toolworks/shared'
import { count, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { bearer, signUp, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertRequests, mailsTo, postQuote } from '../../../test/quotes.js'
import type { App } from '../../app.js'
import { quoteOffers, quoteRequests } from '../../db/schema/index.js'

/**
 * The quote steps under real concurrency (PostgreSQL, a pool of connections): PGlite runs
 * everything one at a time and cannot show a missing lock (docs/architecture.md, Stack pitfalls §2).
 */

const database = useTestDatabase()
const w = quoteWords.mails
const day = (days: number) => shopDate(new Date(Date.now() + days * 86_400_000))

const offerBody = (validUntil = day(14)): QuoteOfferInput => ({
  lines: [{ quantity: 100, unitPrice: 3.25 }],
  leadTimeDays: 12,
  validUntil,
  note: '',
})

async function setup(onTestFinished: (fn: () => Promise<void>) => void) {
  const adminEmail = uniqueEmail('admin')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
  const admin = await signUp(app, { email: adminEmail })
  const buyer = await signUp(app)
  const res = await postQuote(app, buyer)
  expect(res.statusCode, res.body).toBe(201)
  return { app, admin, buyer, id: QuoteRequestSchema.parse(res.json())._id }
}

const post = (app: App, who: TestUser, url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: bearer(who),
    ...(payload ? { payload } : {}),
  })

test('ten admins quoting at once make revisions 1 to 10 and one "quote sent" mail', async ({
  onTestFinished,
}) => {
  const { app, admin, buyer, id } = await setup(onTestFinished)
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => post(app, admin, `/api/quote/${id}/offer`, offerBody())),
  )
  expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200))
  const revisions = await database.current.db
    .select({ revision: quoteOffers.revision })
    .from(quoteOffers)
    .where(eq(quoteOffers.requestId, id))
  expect(revisions.map((r) => r.revision).sort((a, b) => a - b)).toEqual([
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
  ])
  const subjects = (await mailsTo(app, buyer.email)).map((mail) => mail.subject)
  expect(subjects.filter((s) => s === w.quoteSentSubject('Pump bracket'))).toHaveLength(1)
  expect(subjects.filter((s) => s === w.quoteRevisedSubject('Pump bracket'))).toHaveLength(9)
})

test('a decline and a withdraw at once: one of them happens, the other answers 409', async ({
  onTestFinished,
}) => {
  const { app, admin, buyer, id } = await setup(onTestFinished)
  await post(app, admin, `/api/quote/${id}/offer`, offerBody())
  const [decline, withdraw] = await Promise.all([
    post(app, buyer, `/api/quote/${id}/decline`, { reason: '' }),
    post(app, buyer, `/api/quote/${id}/withdraw`),
  ])
  expect([decline.statusCode, withdraw.statusCode].sort()).toEqual([200, 409])
})

test('ten clicks on "send again" make one new request', async ({ onTestFinished }) => {
  const { app, buyer, id } = await setup(onTestFinished)
  await post(app, buyer, `/api/quote/${id}/withdraw`)
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => post(app, buyer, `/api/quote/${id}/resend`)),
  )
  expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201))
  expect(new Set(answers.map((r) => QuoteRequestSchema.parse(r.json())._id)).size).toBe(1)
  const [rows] = await database.current.db
    .select({ n: count() })
    .from(quoteRequests)
    .where(eq(quoteRequests.resentFromId, id))
  expect(rows?.n).toBe(1)
})

test('two processes sweeping at once tell the buyer once that the quote expires soon', async ({
  onTestFinished,
}) => {
  const { app, admin, buyer, id } = await setup(onTestFinished)
  const other = await buildTestApp(database.current, onTestFinished)
  await post(app, admin, `/api/quote/${id}/offer`, offerBody(day(1)))
  await Promise.all([
    app.services.quoteSweeper.sweep(),
    other.services.quoteSweeper.sweep(),
    app.services.quoteSweeper.sweep(),
    other.services.quoteSweeper.sweep(),
  ])
  const expiring = [...(await mailsTo(app, buyer.email)), ...(await mailsTo(other, buyer.email))]
    .map((mail) => mail.subject)
    .filter((s) => s === w.expiringSubject('Pump bracket'))
  expect(expiring).toHaveLength(1)
})

// The open-request limit is decided under the account's lock, so it holds in a race.
test('at 18 open requests, nine parallel requests make exactly 20 open; the rest are refused with the reason', async ({
  onTestFinished,
}) => {
  const { app, buyer } = await setup(onTestFinished)
  // setup sent one: 17 more make 18. Nine more stay within the 10 a minute of one account.
  await insertRequests(database.current.db, buyer.email, QUOTE_OPEN_REQUESTS_MAX - 3)
  const answers = await Promise.all(Array.from({ length: 9 }, () => postQuote(app, buyer)))
  const statuses = answers.map((r) => r.statusCode)
  expect(statuses.filter((s) => s === 201)).toHaveLength(2)
  expect(statuses.filter((s) => s === 409)).toHaveLength(7)
  for (const refused of answers.filter((r) => r.statusCode === 409))
    expect(refused.json()).toMatchObject({
      error: {
        code: 'QUOTA_EXCEEDED',
        message: quoteRuleWords.tooManyOpenRequests(QUOTE_OPEN_REQUESTS_MAX),
      },
    })
  const [open] = await database.current.db
    .select({ n: count() })
    .from(quoteRequests)
    .where(eq(quoteRequests.status, 'requested'))
  expect(open?.n).toBe(QUOTE_OPEN_REQUESTS_MAX)
})
