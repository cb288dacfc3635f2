import { createServer } from 'node:net'

import { systemClock } from '@toolworks/shared'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'

import { buildApp, type App } from '../src/app.js'
import type { BankAccount, Config } from '../src/config.js'
import type { Database } from '../src/db/client.js'
import { createBankTransferProvider } from '../src/modules/payments/bank-transfer/bank-transfer-provider.js'
import { createSslcommerzProvider } from '../src/modules/payments/sslcommerz/sslcommerz-provider.js'
import {
  startSslcommerzStandIn,
  type StandInControl,
} from '../src/modules/payments/sslcommerz/sslcommerz-stand-in.js'
import { testConfig } from './app.js'
import { testPasswordHasher } from './password-hasher.js'

export const STORE = { storeId: 'toolworks-test', storePassword: 'pw&=+ s3cret#1' }

export const TEST_BANK: BankAccount = {
  bankName: 'Test Bank PLC',
  accountName: 'Toolworks Ltd',
  accountNumber: '1234-5678-9012',
  branch: 'Gulshan, Dhaka',
  routingNumber: '123456789',
  swift: 'TESTBDDH',
}

/** A free local port: the shop's URL must be known before the shop is built (its ipn_url). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** The buyer on the stand-in's hosted page: opens it, clicks a button; answers where it sends them. */
export async function clickOnGatewayPage(url: string, button: 'Pay' | 'Fail' | 'Cancel') {
  const pageHtml = await (await fetch(url)).text()
  const action = /<form method="post" action="([^"]+)"/.exec(pageHtml)?.[1] ?? ''
  const sessionKey = /name="SESSIONKEY" value="([^"]+)"/.exec(pageHtml)?.[1] ?? ''
  const choice = /<button type="submit" name="choice" value="(\w+)">(\w+)<\/button>/g
  const buttons = new Map([...pageHtml.matchAll(choice)].map((m) => [m[2], m[1]]))
  expect([...buttons.keys()]).toEqual(['Pay', 'Fail', 'Cancel'])
  const res = await fetch(action.replaceAll('&amp;', '&'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SESSIONKEY: sessionKey, choice: buttons.get(button) ?? '' }),
  })
  const html = await res.text()
  const unescape = (s: string) =>
    s
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&')
  return {
    status: res.status,
    returnAction: unescape(/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? ''),
    returnFields: Object.fromEntries(
      [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m): [string, string] => [
        unescape(m[1] ?? ''),
        unescape(m[2] ?? ''),
      ]),
    ),
  }
}

export type SslcommerzShop = { app: App; gateway: StandInControl; shopUrl: string }

/**
 * One shop for a file's tests that takes SSLCommerz through the stand-in gateway (a real HTTP
 * server) and bank transfer, and listens on a local port so the gateway's IPNs reach it. The
 * gateway's test switches are reset after each test.
 */
export function useSslcommerzShop(
  database: { readonly current: Database },
  overrides: Partial<Config> = {},
  options: { timeoutMs?: number } = {},
): { readonly current: SslcommerzShop } {
  let shop: SslcommerzShop | undefined
  let closeGateway: (() => Promise<unknown>) | undefined
  beforeAll(async () => {
    const gateway = await startSslcommerzStandIn(STORE)
    closeGateway = gateway.close
    const shopUrl = `http://127.0.0.1:${await freePort()}`
    const sslcommerz = createSslcommerzProvider({
      ...STORE,
      apiUrl: gateway.url,
      publicUrl: shopUrl,
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    })
    const bank = createBankTransferProvider({
      account: TEST_BANK,
      holdDays: overrides.bankTransferHoldDays ?? 7,
      clock: systemClock,
    })
    const app = await buildApp({
      config: testConfig({}, overrides),
      database: database.current,
      logger: false,
      passwordHasher: testPasswordHasher,
      paymentProviders: [sslcommerz, bank],
    })
    await app.listen({ host: '127.0.0.1', port: Number(new URL(shopUrl).port) })
    shop = { app, gateway: gateway.control, shopUrl }
  })
  afterEach(async () => {
    if (!shop) return
    await shop.gateway.sendHeldIpns()
    Object.assign(shop.gateway, {
      riskLevel: '0',
      answerDelayMs: 0,
      tamperedAmount: undefined,
      holdIpns: false,
    })
  })
  afterAll(async () => {
    await shop?.app.close()
    await closeGateway?.()
  })
  return {
    get current() {
      if (!shop) throw new Error('SSLCommerz shop not ready')
      return shop
    },
  }
}

/** Posts a form to the shop as the gateway or the browser does. */
export const postForm = (app: App, url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })
