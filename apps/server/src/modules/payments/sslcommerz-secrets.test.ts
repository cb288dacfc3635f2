import type { InjectOptions } from 'fastify'
import { expect, test } from 'vitest'

import { bearer, uniqueEmail } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { testConfig } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { placeOrder } from '../../../test/invoices.js'
import { testPasswordHasher } from '../../../test/password-hasher.js'
import { clickOnGatewayPage, freePort, postForm, TEST_BANK } from '../../../test/sslcommerz.js'
import { buildApp } from '../../app.js'
import { SSLCOMMERZ_CALLBACKS } from './sslcommerz/sslcommerz-provider.js'
import { startSslcommerzStandIn } from './sslcommerz/sslcommerz-stand-in.js'

/**
 * The store password and the bank account number are never logged and never reach
 * the browser, except the bank details on the proforma of the buyer who owns the order. A shop
 * configured as production would be (SSLCOMMERZ_* and BANK_* set) logs at trace level while a
 * buyer pays, a gateway stalls, a forged notice arrives and an admin refunds.
 */
const database = useTestDatabase()

const STORE_PASSWORD = 'sslcz-LEAKCHECK-store-password-9f8e7d'
const ACCOUNT_NUMBER = '7777-LEAKCHECK-0042'

test('no store password or account number in any log line; the account number only on the owner’s proforma', async ({
  onTestFinished,
}) => {
  const gateway = await startSslcommerzStandIn({
    storeId: 'leak-store',
    storePassword: STORE_PASSWORD,
  })
  onTestFinished(gateway.close)
  const port = await freePort()
  const publicUrl = `http://127.0.0.1:${port}`
  const adminEmail = uniqueEmail('admin')
  const logs: string[] = []
  const app = await buildApp({
    config: testConfig(
      { PUBLIC_URL: publicUrl },
      {
        adminEmails: [adminEmail],
        sslcommerz: {
          storeId: 'leak-store',
          storePassword: STORE_PASSWORD,
          apiUrl: gateway.url,
          timeoutMs: 1_000,
        },
        bankTransfer: { ...TEST_BANK, accountNumber: ACCOUNT_NUMBER },
      },
    ),
    database: database.current,
    logger: { level: 'trace', stream: { write: (line: string) => logs.push(line) } },
    passwordHasher: testPasswordHasher,
  })
  onTestFinished(() => app.close())
  await app.listen({ host: '127.0.0.1', port })
  const answers: string[] = []
  const ask = async (options: InjectOptions) => {
    const res = await app.inject(options)
    answers.push(`${JSON.stringify(res.headers)}\n${res.body}`)
    return res
  }

  const buyer = await createUser(app, { verified: true })
  const paid = await placeOrder(app, database.current.db, buyer)
  const start = (id: string, method: string) =>
    ask({
      method: 'POST',
      url: `/api/purchase/${id}/payment`,
      headers: bearer(buyer),
      payload: { method },
    })
  const started = await start(paid, 'sslcommerz')
  const back = await clickOnGatewayPage(started.json<{ redirectUrl: string }>().redirectUrl, 'Pay')
  expect(gateway.control.ipns.at(-1)?.status).toBe(200)
  answers.push((await postForm(app, SSLCOMMERZ_CALLBACKS.success, back.returnFields)).body)
  // A forged notice, and a gateway that stalls past the timeout (its error is logged).
  answers.push(
    (await postForm(app, SSLCOMMERZ_CALLBACKS.ipn, { ...back.returnFields, amount: '1' })).body,
  )
  const stalled = await placeOrder(app, database.current.db, buyer)
  gateway.control.answerDelayMs = 5_000
  const slow = await start(stalled, 'sslcommerz')
  expect(slow.statusCode).toBe(503)
  gateway.control.answerDelayMs = 0
  // An admin refunds the paid order through the gateway.
  const admin = await createUser(app, { email: adminEmail })
  const refunded = await ask({
    method: 'POST',
    url: `/api/purchase/${paid}/cancel`,
    headers: bearer(admin),
    payload: { reason: 'leak check' },
  })
  expect(refunded.statusCode, refunded.body).toBe(200)

  // Bank transfer: the details reach only the proforma's owner (and admins).
  const byHand = await placeOrder(app, database.current.db, buyer)
  expect((await start(byHand, 'bank-transfer')).statusCode).toBe(200)
  const methods = await ask({ method: 'GET', url: '/api/payment-methods' })
  expect(methods.statusCode).toBe(200)
  const order = await ask({ method: 'GET', url: `/api/purchase/${byHand}`, headers: bearer(buyer) })
  expect(order.statusCode).toBe(200)
  const proforma = await app.inject({
    method: 'GET',
    url: `/api/purchase/${byHand}/proforma.pdf`,
    headers: bearer(buyer),
  })
  expect(proforma.statusCode).toBe(200)

  expect(logs.length).toBeGreaterThan(10)
  for (const line of logs) {
    expect(line).not.toContain(STORE_PASSWORD)
    expect(line).not.toContain(encodeURIComponent(STORE_PASSWORD))
    expect(line).not.toContain(ACCOUNT_NUMBER)
  }
  for (const answer of answers) {
    expect(answer).not.toContain(STORE_PASSWORD)
    expect(answer).not.toContain(ACCOUNT_NUMBER)
  }
})
