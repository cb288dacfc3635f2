import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { formatMoney } from '@toolworks/shared'
import { Redis } from 'ioredis'
import { expect, inject, test } from 'vitest'

import { logInAsAdmin, newPerson, signUpInBrowser } from '../support/accounts.js'
import { openPage, useBrowser } from '../support/browser.js'
import { payWith } from '../support/orders.js'

const ctx = useBrowser()

type ApiTool = {
  _id: string
  name: string
  price: number
  quantity: number
  minimum: number
  packSize: number
  madeToOrder: boolean
}

type Served = { status: number; upstream: string }
/** Which process (upstream address) served each request of nginx's log from line `from` on. */
function readServed(from: number, path: RegExp): Served[] {
  return readFileSync(inject('accessLog'), 'utf8')
    .split('\n')
    .slice(from)
    .map((line) => line.split(' '))
    .filter(([, uri]) => uri !== undefined && path.test(uri))
    .map(([, , status, upstream]) => ({ status: Number(status), upstream: upstream ?? '' }))
}
/**
 * nginx writes a request's log line after the client has its response, so the last line may
 * still be on its way: wait (bounded) until `count` lines are there, then return what is.
 */
async function servedSince(from: number, path: RegExp, count: number): Promise<Served[]> {
  const until = Date.now() + 3_000
  let served = readServed(from, path)
  while (served.length < count && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20))
    served = readServed(from, path)
  }
  return served
}
const logLength = () => readFileSync(inject('accessLog'), 'utf8').split('\n').length - 1

const processes = () => inject('processUrls').map((url) => new URL(url).host)

test('sign in, order, pay and an admin price change, with requests alternating between two processes', async ({
  onTestFinished,
}) => {
  const start = logLength()
  const page = await openPage(ctx.browser, onTestFinished)
  const person = newPerson({ name: 'Cluster Buyer' })
  await signUpInBrowser(page, ctx.baseUrl, person)

  const tools = (await (await fetch(`${ctx.baseUrl}/api/tool`)).json()) as ApiTool[]
  const tool = tools.find(
    (t) => t.minimum === 1 && t.packSize === 1 && !t.madeToOrder && t.quantity > 10,
  )
  if (!tool) throw new Error('no demo tool to order')

  // Order through the Purchase page.
  await page.goto(`${ctx.baseUrl}/purchase/${tool._id}`)
  const main = page.locator('main')
  await main.getByLabel('Phone', { exact: true }).fill('+880 1711 556677')
  await main.getByLabel('Address', { exact: true }).fill('Plot 7, BSCIC Industrial Area, Gazipur')
  await main.getByLabel('Order quantity', { exact: true }).fill('2')
  await main.getByRole('button', { name: 'Purchase' }).click()
  await page.getByText('purchased', { exact: true }).waitFor()

  // Pay it from My Orders with the sandbox's 4242 card.
  await page.goto(`${ctx.baseUrl}/dashboard/myorder`)
  await page
    .getByRole('row')
    .filter({ hasText: tool.name })
    .getByRole('link', { name: `Pay: ${tool.name}` })
    .click()
  await payWith(page, '4242 4242 4242 4242')
  await page.getByText('Payment successful').waitFor()

  // The session holds on both processes: the same token asked six times in a row.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const before = logLength()
  for (let i = 0; i < 6; i += 1) {
    const res = await fetch(
      `${ctx.baseUrl}/api/purchase?customer=${encodeURIComponent(person.email)}`,
      { headers: { authorization: `Bearer ${token}` } },
    )
    expect(res.status).toBe(200)
    const orders = (await res.json()) as { paid: boolean }[]
    expect(orders.map((o) => o.paid)).toEqual([true])
  }
  const asked = await servedSince(before, /^\/api\/purchase\?/, 6)
  expect(asked).toHaveLength(6)
  expect(new Set(asked.map((r) => r.upstream))).toEqual(new Set(processes()))

  // An admin changes the price through Manage Products.
  const adminPage = await openPage(ctx.browser, onTestFinished)
  await logInAsAdmin(adminPage, ctx.baseUrl, inject('adminEmail'))
  await adminPage.goto(`${ctx.baseUrl}/dashboard/manageproduct`)
  await adminPage.getByRole('button', { name: `Edit: ${tool.name}` }).click()
  const dialog = adminPage.getByRole('dialog', { name: `Edit ${tool.name}` })
  const newPrice = Math.round((tool.price + 1.37) * 100) / 100
  await dialog.getByLabel('Price', { exact: true }).fill(String(newPrice))
  const saved = adminPage.waitForResponse(
    (r) => r.url().endsWith(`/api/tool/${tool._id}`) && r.request().method() === 'PUT',
  )
  await dialog.getByRole('button', { name: 'Save' }).click()
  expect((await saved).status()).toBe(200)
  const changedAt = Date.now()

  // Every process shows the new price, in the JSON and in the server-rendered /products, within
  // a second: the change feed reaches the other process's caches.
  const shown = formatMoney(newPrice)
  const seen = await Promise.all(
    inject('processUrls').map(async (url) => {
      for (;;) {
        const [json, html] = await Promise.all([
          fetch(`${url}/api/tool/${tool._id}`).then((r) => r.json() as Promise<ApiTool>),
          fetch(`${url}/products`).then((r) => r.text()),
        ])
        const state = { url, jsonPrice: json.price, htmlShowsIt: html.includes(shown) }
        if (state.jsonPrice === newPrice && state.htmlShowsIt)
          return { ...state, ms: Date.now() - changedAt }
        if (Date.now() - changedAt > 5_000) return { ...state, ms: Infinity }
        await new Promise((r) => setTimeout(r, 25))
      }
    }),
  )
  for (const process of seen)
    expect(process, `${shown} everywhere within a second`).toMatchObject({
      jsonPrice: newPrice,
      htmlShowsIt: true,
      ms: expect.any(Number) as number,
    })
  for (const process of seen) expect(process.ms).toBeLessThanOrEqual(1_000)

  // The journey's requests went to both processes.
  const journey = await servedSince(start, /^\/api\//, 1)
  expect(new Set(journey.map((r) => r.upstream))).toEqual(new Set(processes()))
  expect(journey.filter((r) => r.status >= 500)).toEqual([])
  expect(page.problems).toEqual([])
  expect(adminPage.problems).toEqual([])
})

test('rate limits count across processes: per email and per address', async () => {
  const signIn = (email: string, address: string) =>
    fetch(`${ctx.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: ctx.baseUrl,
        'x-forwarded-for': address,
      },
      body: JSON.stringify({ email, password: 'not-the-password' }),
    })

  // One email from eleven addresses: the eleventh attempt is refused, wherever it lands.
  const before = logLength()
  const email = newPerson().email
  const perEmail: number[] = []
  for (let i = 0; i < 11; i += 1) perEmail.push((await signIn(email, `198.19.1.${i + 1}`)).status)
  expect(perEmail.slice(0, 10).every((s) => s === 401)).toBe(true)
  expect(perEmail[10]).toBe(429)
  const served = await servedSince(before, /^\/api\/auth\/sign-in\/email$/, 11)
  expect(new Set(served.map((r) => r.upstream))).toEqual(new Set(processes()))

  // One address with eleven emails: the address's limit holds across processes too.
  const perAddress: number[] = []
  for (let i = 0; i < 11; i += 1)
    perAddress.push((await signIn(newPerson().email, '198.19.2.1')).status)
  expect(perAddress.slice(0, 10).every((s) => s === 401)).toBe(true)
  expect(perAddress[10]).toBe(429)

  // Those counters are in the run's Redis, which both processes share.
  const redis = new Redis(inject('redisUrl'))
  try {
    const keys = await redis.keys('toolworks:rate-limit:auth-address:/sign-in/email:198.19.2.1')
    expect(keys).toHaveLength(1)
    expect(await redis.get(keys[0] ?? '')).toBe('11')
  } finally {
    await redis.quit()
  }
})

test('files live in the one bucket: either process serves every picture, none is in DATA_DIR', async () => {
  const tools = (await (await fetch(`${ctx.baseUrl}/api/tool`)).json()) as { image: string }[]
  const pictures = [...new Set(tools.map((t) => t.image).filter((u) => u.startsWith('/media/')))]
  expect(pictures.length).toBeGreaterThan(0)
  for (const picture of pictures.slice(0, 5)) {
    const answers = await Promise.all(
      inject('processUrls').map(async (url) => {
        const res = await fetch(`${url}${picture}`)
        return {
          status: res.status,
          caching: res.headers.get('cache-control'),
          bytes: Buffer.from(await res.arrayBuffer()).toString('base64'),
        }
      }),
    )
    expect(answers[0]).toMatchObject({
      status: 200,
      caching: 'public, max-age=31536000, immutable',
    })
    expect(answers[1]).toEqual(answers[0])
  }
  // The seeded pictures and drawings went to the bucket (S3_BUCKET in setup.ts), not the folder.
  expect(existsSync(path.join(inject('dataDir'), 'blobs'))).toBe(false)
})
