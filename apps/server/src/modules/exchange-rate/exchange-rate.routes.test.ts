import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { auditLog } from '../../db/schema/index.js'

/**
 * The taka rate: public to read, set by admins with the date it applies from, every
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

    const admin = await createUser(app, { email: adminEmail })
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
    const buyer = await createUser(app)
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

    const admin = await createUser(app, { email: adminEmail })
    const refusals: [object, string][] = [
      [{ ...good, currency: 'USD' }, 'currency must be "BDT"'],
      [{ ...good, perUsd: 0 }, 'between 50 and 500'],
      [{ ...good, perUsd: 49.9999 }, 'between 50 and 500'],
      [{ ...good, perUsd: 500.0001 }, 'between 50 and 500'],
      [{ ...good, perUsd: 10_001 }, 'between 50 and 500'],
      [{ ...good, confirm: 'yes' }, 'confirm must be true or false'],
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

  test('a change of more than 10% from the rate in force needs confirm: true; without it a 409 naming confirm, and nothing changes', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(
      database.current,
      onTestFinished,
      { adminEmails: [adminEmail] },
      { clock: () => new Date('2026-11-20T06:00:00Z') },
    )
    const admin = await createUser(app, { email: adminEmail })
    const set = (perUsd: number, extra: object = {}) =>
      app.inject({
        method: 'PUT',
        url: '/api/exchange-rate',
        headers: bearer(admin),
        payload: { currency: 'BDT', perUsd, effectiveFrom: '2026-11-20', ...extra },
      })
    const historyLength = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/exchange-rate/history',
          headers: bearer(admin),
        })
      ).json<unknown[]>().length

    // The first rate has nothing to compare with; the edges of the range are accepted.
    expect((await set(500)).statusCode).toBe(200)
    expect((await set(50, { confirm: true })).statusCode).toBe(200)
    expect((await set(100, { confirm: true })).statusCode).toBe(200)

    const jump = await set(112.3)
    expect(jump.statusCode).toBe(409)
    expect(jump.json<{ error: { code: string; message: string } }>().error).toEqual({
      code: 'CONFLICT',
      message:
        'This changes the rate by 12.3%, more than 10%. Send confirm: true to save it anyway.',
    })
    expect((await set(87.7, { confirm: false })).statusCode).toBe(409)
    expect(await historyLength()).toBe(3)
    expect((await app.inject({ method: 'GET', url: '/api/exchange-rate' })).json()).toMatchObject({
      perUsd: 100,
    })

    // Exactly 10% passes as it is; more passes with confirm.
    expect((await set(110)).statusCode).toBe(200)
    expect((await set(123.5, { confirm: true })).statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/api/exchange-rate' })).json()).toMatchObject({
      perUsd: 123.5,
    })
  })
})
