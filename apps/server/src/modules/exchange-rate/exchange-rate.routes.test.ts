import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, signUp, uniqueEmail } from '../../../test/accounts.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { auditLog } from '../../db/schema/index.js'

/**
 * The taka rate (issue 28): public to read, set by admins with the date it applies from, every
 * change kept and audited; the rate in force follows the shop's clock.
 */
const database = useTestDatabase()
const adminEmail = uniqueEmail('admin')

describe('the exchange rate', () => {
  test('none until an admin sets one; then the latest whose date has come', async ({
    onTestFinished,
  }) => {
    let at = new Date('2026-11-20T06:00:00Z')
    const app = await buildTestApp(
      database.current,
      onTestFinished,
      { adminEmails: [adminEmail] },
      { clock: () => at },
    )
    const current = () => app.inject({ method: 'GET', url: '/api/exchange-rate' })
    const none = await current()
    expect(none.statusCode).toBe(404)
    expect(none.json<{ error: { message: string } }>().error.message).toBe(
      'No exchange rate is set yet, so prices are shown in US dollars only.',
    )

    const admin = await signUp(app, { email: adminEmail })
    const set = (body: object) =>
      app.inject({
        method: 'PUT',
        url: '/api/exchange-rate',
        headers: bearer(admin),
        payload: body,
      })
    const first = await set({ currency: 'BDT', perUsd: 122.5, effectiveFrom: '2026-11-20' })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ currency: 'BDT', perUsd: 122.5, effectiveFrom: '2026-11-20' })
    expect(
      (await set({ currency: 'BDT', perUsd: 123.1234, effectiveFrom: '2026-11-21' })).statusCode,
    ).toBe(200)

    // The second applies from tomorrow (shop date): today still the first.
    expect((await current()).json()).toEqual({
      currency: 'BDT',
      perUsd: 122.5,
      effectiveFrom: '2026-11-20',
    })
    at = new Date('2026-11-20T18:30:00Z') // 00:30 on the 21st in Dhaka
    expect((await current()).json()).toMatchObject({ perUsd: 123.1234 })

    const history = await app.inject({
      method: 'GET',
      url: '/api/exchange-rate/history',
      headers: bearer(admin),
    })
    expect(history.statusCode).toBe(200)
    expect(
      history.json<{ perUsd: number; setBy: string }[]>().map((h) => [h.perUsd, h.setBy]),
    ).toEqual([
      [123.1234, adminEmail],
      [122.5, adminEmail],
    ])
    const audit = await database.current.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.kind, 'exchange-rate.set'))
    expect(audit.map((a) => a.summary).sort()).toEqual([
      'Set the taka rate to 122.5 per US dollar from 2026-11-20',
      'Set the taka rate to 123.1234 per US dollar from 2026-11-21',
    ])
  })

  test('only admins set it or read its history; bad values are refused with the reason and change nothing', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
    const buyer = await signUp(app)
    const good = { currency: 'BDT', perUsd: 122.5, effectiveFrom: '2026-11-20' }
    const asBuyer = await app.inject({
      method: 'PUT',
      url: '/api/exchange-rate',
      headers: bearer(buyer),
      payload: good,
    })
    expect(asBuyer.statusCode).toBe(403)
    expect(
      (await app.inject({ method: 'PUT', url: '/api/exchange-rate', payload: good })).statusCode,
    ).toBe(401)
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/exchange-rate/history',
          headers: bearer(buyer),
        })
      ).statusCode,
    ).toBe(403)

    const admin = await signUp(app, { email: adminEmail })
    const refusals: [object, string][] = [
      [{ ...good, currency: 'USD' }, 'currency must be "BDT"'],
      [{ ...good, perUsd: 0 }, 'more than 0'],
      [{ ...good, perUsd: 10_001 }, 'at most 10,000'],
      [{ ...good, perUsd: 122.12345 }, 'at most 4 decimals'],
      [{ ...good, perUsd: '122.5' }, 'must be a number'],
      [{ ...good, effectiveFrom: '20-11-2026' }, 'YYYY-MM-DD'],
      [{ ...good, effectiveFrom: '2026-02-30' }, 'YYYY-MM-DD'],
    ]
    for (const [body, why] of refusals) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/exchange-rate',
        headers: bearer(admin),
        payload: body,
      })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.body.replaceAll('\\"', '"')).toContain(why)
    }
    expect((await app.inject({ method: 'GET', url: '/api/exchange-rate' })).statusCode).toBe(404)
  })
})
