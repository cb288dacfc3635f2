import { TranIdSchema } from '@toolworks/shared'
import Fastify from 'fastify'
import { afterEach, describe, expect, test } from 'vitest'

import {
  ProviderUnavailableError,
  WebhookRefusedError,
  type PaymentEvent,
} from '../payment-provider.js'
import { SslcommerzError } from './sslcommerz-client.js'
import { signNotification } from './sslcommerz-protocol.js'
import { createSslcommerzProvider, SSLCOMMERZ_CALLBACKS } from './sslcommerz-provider.js'
import { clickOnGatewayPage } from '../../../../test/sslcommerz.js'
import { createSslcommerzStandIn, startSslcommerzStandIn } from './sslcommerz-stand-in.js'

/**
 * The SSLCommerz provider against the stand-in gateway over real HTTP: the session,
 * the hosted page's buttons, the signed IPN, validation, the amount rule, refunds and a gateway
 * that does not answer in time.
 */

const storeId = 'toolworks-test'
// Characters that must survive URL encoding, and that must never show in an error.
const storePassword = 'pw&=+ s3cret#1'
const orderId = '0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b'

const closing: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close()
})

/** The shop's IPN route in miniature: raw body to the provider, 200 when it checks out. */
async function startShop(provider: () => ReturnType<typeof createSslcommerzProvider>) {
  const events: PaymentEvent[] = []
  const app = Fastify({ logger: false })
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
  app.post(SSLCOMMERZ_CALLBACKS.ipn, async (request, reply) => {
    try {
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? ''
      events.push(
        provider().verifyNotification({
          rawBody: request.body as Buffer,
          headers: request.headers,
          contentType,
        }),
      )
      return reply.code(200).send('ok')
    } catch (error) {
      if (error instanceof WebhookRefusedError) return reply.code(400).send('refused')
      throw error
    }
  })
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  closing.push(() => app.close())
  return { url, events }
}

async function setUp(options: { timeoutMs?: number; password?: string } = {}) {
  const gateway = await startSslcommerzStandIn({ storeId, storePassword })
  closing.push(gateway.close)
  const shopProvider = (publicUrl: string) =>
    createSslcommerzProvider({
      storeId,
      storePassword: options.password ?? storePassword,
      apiUrl: gateway.url,
      publicUrl,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    })
  // The provider needs the shop's URL and the shop needs the provider: the port comes first.
  let provider = shopProvider('http://127.0.0.1:1')
  const shop = await startShop(() => provider)
  provider = shopProvider(shop.url)
  return { gateway, shop, provider }
}

const start = (provider: ReturnType<typeof createSslcommerzProvider>, amountCents = 5997) =>
  provider.startPayment({
    orderId,
    amountCents,
    currency: 'usd',
    idempotencyKey: 'unused',
    customerEmail: 'buyer@example.com',
  })

function succeeded(event: PaymentEvent | undefined) {
  if (event?.type !== 'payment_succeeded')
    throw new Error(`not a payment: ${JSON.stringify(event)}`)
  return event
}

describe('paying through the stand-in gateway', () => {
  test('Pay posts a signed IPN the provider accepts, sends the browser back, and validates VALID then VALIDATED', async () => {
    const { gateway, shop, provider } = await setUp()
    const started = await start(provider)
    if (started.kind !== 'redirect') throw new Error('not a redirect')
    expect(started.paymentId).toMatch(/^TW0f8e2a4c-[0-9a-f]{16}$/)
    expect(started.url.startsWith(gateway.url)).toBe(true)

    const back = await clickOnGatewayPage(started.url, 'Pay')
    expect(back.returnAction).toBe(shop.url + SSLCOMMERZ_CALLBACKS.success)
    expect(gateway.control.ipns.map((i) => [i.url, i.status])).toEqual([
      [shop.url + SSLCOMMERZ_CALLBACKS.ipn, 200],
    ])
    const event = succeeded(shop.events[0])
    expect(event.gateway).toMatchObject({
      status: 'VALID',
      tranId: started.paymentId,
      currency: 'BDT',
      riskLevel: '0',
    })
    expect(event.paymentIntentId).toBe(event.gateway?.valId)
    // The browser's return carries the same signed fields.
    expect(back.returnFields.val_id).toBe(event.paymentIntentId)

    expect(await provider.retrieveIntent(event.paymentIntentId)).toEqual({
      id: started.paymentId,
      status: 'succeeded',
      amountCents: 5997,
      currency: 'usd',
      orderId: undefined,
      // The seed's transactionId of an SSLCommerz payment is its bank_tran_id.
      transactionId: event.gateway?.bankTranId,
    })
    expect(event.gateway?.bankTranId).toMatch(/^BTX/)
    const again = await provider.checkPayment(event.paymentIntentId, {
      tranId: started.paymentId,
      amountCents: 5997,
      currency: 'usd',
    })
    expect(again.said).toBe('VALIDATED')
    expect(again.mismatches).toEqual([])
    expect(await provider.retrieveIntent('VALNOSUCHTHING')).toBeUndefined()
  })

  test('Fail and Cancel notify an outcome that is not a payment and send the browser to fail_url and cancel_url', async () => {
    const { shop, provider } = await setUp()
    for (const [button, status, path] of [
      ['Fail', 'FAILED', SSLCOMMERZ_CALLBACKS.fail],
      ['Cancel', 'CANCELLED', SSLCOMMERZ_CALLBACKS.cancel],
    ] as const) {
      const started = await start(provider)
      if (started.kind !== 'redirect') throw new Error('not a redirect')
      const back = await clickOnGatewayPage(started.url, button)
      expect(back.returnAction).toBe(shop.url + path)
      expect(shop.events.at(-1)).toMatchObject({
        type: 'ignored',
        providerType: status,
        gateway: { tranId: started.paymentId },
      })
    }
  })

  test('with IPNs held, the browser returns first and the IPN follows when released', async () => {
    const { gateway, shop, provider } = await setUp()
    gateway.control.holdIpns = true
    const started = await start(provider)
    if (started.kind !== 'redirect') throw new Error('not a redirect')
    const back = await clickOnGatewayPage(started.url, 'Pay')
    expect(back.returnFields.status).toBe('VALID')
    expect(shop.events).toEqual([])
    await gateway.control.sendHeldIpns()
    expect(succeeded(shop.events[0]).paymentIntentId).toBe(back.returnFields.val_id)
  })

  test('a payment flagged risky (risk_level 1) is under review, never succeeded', async () => {
    const { gateway, shop, provider } = await setUp()
    gateway.control.riskLevel = '1'
    const started = await start(provider)
    if (started.kind !== 'redirect') throw new Error('not a redirect')
    await clickOnGatewayPage(started.url, 'Pay')
    const event = succeeded(shop.events[0])
    expect(event.gateway?.riskLevel).toBe('1')
    expect((await provider.retrieveIntent(event.paymentIntentId))?.status).toBe('under_review')
  })

  test('a gateway reporting another amount than the order is a mismatch', async () => {
    const { gateway, shop, provider } = await setUp()
    gateway.control.tamperedAmount = '0.97'
    const started = await start(provider)
    if (started.kind !== 'redirect') throw new Error('not a redirect')
    await clickOnGatewayPage(started.url, 'Pay')
    const event = succeeded(shop.events[0])
    const checked = await provider.checkPayment(event.paymentIntentId, {
      tranId: started.paymentId,
      amountCents: 5997,
      currency: 'usd',
    })
    expect(checked.mismatches).toEqual([{ field: 'amount', expected: '59.97', actual: '0.97' }])
    expect((await provider.retrieveIntent(event.paymentIntentId))?.amountCents).toBe(97)
  })

  test('a refund of a validated payment is DONE, in the taka it settled, once', async () => {
    const { gateway, shop, provider } = await setUp()
    const started = await start(provider)
    if (started.kind !== 'redirect') throw new Error('not a redirect')
    await clickOnGatewayPage(started.url, 'Pay')
    const event = succeeded(shop.events[0])
    const refund = await provider.refund({
      paymentIntentId: event.paymentIntentId,
      idempotencyKey: 'k',
    })
    expect(refund.kind).toBe('refunded')
    expect(refund.id).toMatch(/^REF/)
    expect(
      await provider.refund({ paymentIntentId: event.paymentIntentId, idempotencyKey: 'k' }),
    ).toEqual(refund)
    expect(gateway.control.refunds).toEqual([
      {
        bankTranId: event.gateway?.bankTranId,
        amount: event.gateway?.amount,
        remarks: `Toolworks refund ${started.paymentId}`,
        refundRefId: refund.id,
        refundTransId: 'k',
        refeId: 'k',
      },
    ])
    // Another refund of the same payment (another refund_trans_id) is refused by the gateway.
    await expect(
      provider.refund({ paymentIntentId: event.paymentIntentId, idempotencyKey: 'other' }),
    ).rejects.toThrow(SslcommerzError)
    await expect(
      provider.refund({ paymentIntentId: 'VALNONE', idempotencyKey: 'k' }),
    ).rejects.toThrow(SslcommerzError)
  })

  test('a refund sends refund_trans_id and refe_id, and its state is read back through the refund query', async () => {
    const { gateway, shop, provider } = await setUp()
    const started = await start(provider)
    if (started.kind !== 'redirect') throw new Error('not a redirect')
    await clickOnGatewayPage(started.url, 'Pay')
    const event = succeeded(shop.events[0])
    gateway.control.refundStatus = 'processing'
    const refund = await provider.refund({
      paymentIntentId: event.paymentIntentId,
      idempotencyKey: 'RF0123456789abcdef0123456789ab',
    })
    // Started, not yet paid back: pending, to be asked again.
    expect(refund).toEqual({ kind: 'pending', id: gateway.control.refunds[0]?.refundRefId })
    expect(gateway.control.refunds[0]).toMatchObject({
      refundTransId: 'RF0123456789abcdef0123456789ab',
      refeId: 'RF0123456789abcdef0123456789ab',
    })
    expect(await provider.refundStatus?.(refund.id)).toBe('pending')
    gateway.control.refundStatus = 'refunded'
    expect(await provider.refundStatus?.(refund.id)).toBe('refunded')
    gateway.control.refundStatus = 'cancelled'
    expect(await provider.refundStatus?.(refund.id)).toBe('failed')
  })
})

describe('the stand-in inside the shop', () => {
  test('mounted under a prefix beside the shop’s own form parser, it serves the whole payment', async () => {
    const standIn = createSslcommerzStandIn({ storeId, storePassword })
    const host = Fastify({ logger: false })
    // The shop keeps raw form bodies for its notification routes; the stand-in parses its own.
    host.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer' },
      (_req, body, done) => done(null, body),
    )
    const received: Buffer[] = []
    host.post(SSLCOMMERZ_CALLBACKS.ipn, async (request) => {
      received.push(request.body as Buffer)
      return 'ok'
    })
    await host.register(standIn.plugin, { prefix: '/dev/sslcommerz' })
    const url = await host.listen({ host: '127.0.0.1', port: 0 })
    closing.push(() => host.close())
    const provider = createSslcommerzProvider({
      storeId,
      storePassword,
      apiUrl: `${url}/dev/sslcommerz`,
      publicUrl: url,
    })

    const started = await start(provider)
    if (started.kind !== 'redirect') throw new Error('not a redirect')
    expect(started.url.startsWith(`${url}/dev/sslcommerz/gwprocess/v4/gw.php?`)).toBe(true)
    const back = await clickOnGatewayPage(started.url, 'Pay')
    expect(back.returnAction).toBe(url + SSLCOMMERZ_CALLBACKS.success)
    const event = succeeded(
      provider.verifyNotification({
        rawBody: received[0] ?? Buffer.alloc(0),
        headers: {},
        contentType: 'application/x-www-form-urlencoded',
      }),
    )
    expect((await provider.retrieveIntent(event.paymentIntentId))?.status).toBe('succeeded')
  })
})

describe('starting a payment', () => {
  test('each attempt gets its own tran_id of at most 30 characters', async () => {
    const { provider } = await setUp()
    const ids = [await start(provider), await start(provider)].map((s) => s.paymentId)
    expect(new Set(ids).size).toBe(2)
    for (const id of ids) expect(TranIdSchema.safeParse(id).success).toBe(true)
  })

  test('a form the gateway would refuse is refused before it is sent, naming the field', async () => {
    const { gateway, provider } = await setUp()
    const error: unknown = await provider
      .startPayment({
        orderId,
        amountCents: 5997,
        currency: 'usd',
        idempotencyKey: 'unused',
        customerEmail: 'not an e-mail',
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(error).toBeInstanceOf(SslcommerzError)
    expect((error as Error).message).toBe('sslcommerz: session: invalid cus_email')
    expect(gateway.control.ipns).toEqual([])
  })
})

describe('notifications that are not genuine', () => {
  const genuine = (password = storePassword, fields: Record<string, string> = {}) =>
    signNotification(
      {
        status: 'VALID',
        tran_id: 'TW1-aa',
        val_id: 'VAL1',
        amount: '1.00',
        currency: 'BDT',
        ...fields,
      },
      password,
    )
  const notify = (
    fields: Record<string, string>,
    contentType = 'application/x-www-form-urlencoded',
  ) => ({
    rawBody: Buffer.from(new URLSearchParams(fields).toString()),
    headers: {},
    contentType,
  })
  const provider = createSslcommerzProvider({
    storeId,
    storePassword,
    apiUrl: 'http://127.0.0.1:1',
    publicUrl: 'http://shop.test',
  })

  test('a genuine one is read', () => {
    expect(provider.verifyNotification(notify(genuine()))).toMatchObject({
      type: 'payment_succeeded',
      paymentIntentId: 'VAL1',
    })
  })

  test('signed with another password, tampered, unsigned or not a form: refused', () => {
    const refused = (n: ReturnType<typeof notify>) =>
      expect(() => provider.verifyNotification(n)).toThrow(WebhookRefusedError)
    refused(notify(genuine('another password')))
    refused(notify({ ...genuine(), amount: '1000.00' }))
    const { verify_key: _k, ...noKey } = genuine()
    refused(notify(noKey))
    refused(notify(genuine(), 'application/json'))
  })

  test('a field verify_key names but the form does not carry is left out of the signature, as the official kits do', () => {
    const signed = genuine()
    const listsMore = { ...signed, verify_key: `${signed.verify_key},card_issuer,emi_option` }
    expect(provider.verifyNotification(notify(listsMore))).toMatchObject({
      type: 'payment_succeeded',
      paymentIntentId: 'VAL1',
    })
    // The fields it does carry are still signed: changing one is refused.
    expect(() => provider.verifyNotification(notify({ ...listsMore, amount: '9.00' }))).toThrow(
      WebhookRefusedError,
    )
  })

  test('a repeated field or a tran_id left out of verify_key is refused', () => {
    const body = new URLSearchParams(genuine())
    // Even repeating the same value: the route and the provider must read one form alike.
    body.append('val_id', 'VAL1')
    expect(() =>
      provider.verifyNotification({
        rawBody: Buffer.from(body.toString()),
        headers: {},
        contentType: 'application/x-www-form-urlencoded',
      }),
    ).toThrow(WebhookRefusedError)
    const signedWithoutTranId = signNotification({ status: 'VALID', val_id: 'VAL1' }, storePassword)
    expect(() =>
      provider.verifyNotification(notify({ ...signedWithoutTranId, tran_id: 'TW-forged' })),
    ).toThrow(WebhookRefusedError)
  })
})

describe('a gateway that does not answer', () => {
  const expectUnavailable = async (promise: Promise<unknown>) => {
    const error: unknown = await promise.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ProviderUnavailableError)
    // The GET calls carry the password in their URL: no error may repeat it.
    const told =
      JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).cause)
    expect(told).not.toContain('s3cret')
  }

  test('in time is unavailable (session and validation)', async () => {
    const { gateway, provider } = await setUp({ timeoutMs: 50 })
    gateway.control.answerDelayMs = 60_000
    await expectUnavailable(start(provider))
    await expectUnavailable(provider.retrieveIntent('VAL1'))
  })

  test('at all (connection refused) or with a 5xx is unavailable', async () => {
    const broken = Fastify({ logger: false })
    broken.all('/*', async (_request, reply) => reply.code(502).send('bad gateway'))
    const brokenUrl = await broken.listen({ host: '127.0.0.1', port: 0 })
    await broken.close()
    const refusing = createSslcommerzProvider({
      storeId,
      storePassword,
      apiUrl: brokenUrl,
      publicUrl: 'http://shop.test',
    })
    await expectUnavailable(refusing.retrieveIntent('VAL1'))

    const failing = Fastify({ logger: false })
    failing.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    failing.all('/*', async (_request, reply) => reply.code(502).send('bad gateway'))
    const failingUrl = await failing.listen({ host: '127.0.0.1', port: 0 })
    closing.push(() => failing.close())
    const erring = createSslcommerzProvider({
      storeId,
      storePassword,
      apiUrl: failingUrl,
      publicUrl: 'http://shop.test',
    })
    await expectUnavailable(erring.retrieveIntent('VAL1'))
    await expectUnavailable(start(erring))
  })

  test('a session the gateway refuses is a clear error without the password', async () => {
    const { provider } = await setUp({ password: 'wrong ' + storePassword })
    const error: unknown = await start(provider).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(SslcommerzError)
    expect((error as Error).message).toBe(
      'sslcommerz: session refused: Store Credential Error Or Store is De-active',
    )
  })
})
