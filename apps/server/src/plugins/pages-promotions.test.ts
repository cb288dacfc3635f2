import { fileURLToPath } from 'node:url'

import { INITIAL_DATA_ELEMENT_ID, queryKeys, shopDate } from '@toolworks/shared'
import { describe, expect, test, vi } from 'vitest'

import { bearer, uniqueEmail } from '../../test/accounts.js'
import { createUser } from '../../test/users.js'
import { buildTestApp } from '../../test/app.js'
import { useTestDatabase } from '../../test/database.js'
import type { App } from '../app.js'
import { promotions } from '../db/schema/index.js'

// The fixture renderer (test/fixtures/dist-server) writes the title of each promotion it gets.
const webDistDir = fileURLToPath(new URL('../../test/fixtures/web', import.meta.url))
const database = useTestDatabase()
const DAY_MS = 86_400_000
const day = (days: number) => shopDate(new Date(Date.now() + days * DAY_MS))
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1]

/** The promotions the home page's data block hands to the browser's query cache. */
function embeddedPromotions(html: string): unknown {
  const block = new RegExp(
    `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html)
  const data = JSON.parse(block?.[1] ?? '{}') as { queries: { key: unknown; data: unknown }[] }
  const key = JSON.stringify(queryKeys.activePromotions)
  return data.queries.find((q) => JSON.stringify(q.key) === key)?.data
}

const home = async (app: App) => {
  const res = await app.inject({ method: 'GET', url: '/' })
  expect(res.statusCode).toBe(200)
  return res.body
}

describe("the home page's promotions", () => {
  test("today's promotions are in the server's HTML, and an admin's edit shows at once", async ({
    onTestFinished,
  }) => {
    const email = uniqueEmail('admin')
    const app = await buildTestApp(database.current, onTestFinished, {
      webDistDir,
      adminEmails: [email],
    })
    const admin = await createUser(app, { email })
    const created = await app.inject({
      method: 'POST',
      url: '/api/promotion',
      headers: bearer(admin),
      payload: {
        kind: 'first-order',
        percent: 50,
        cap: 100,
        startsAt: day(-1),
        endsAt: day(1),
        title: 'Half off your first order',
        text: 'Up to $100.',
      },
    })
    expect(created.statusCode).toBe(201)
    const before = await home(app)
    expect(root(before)).toContain('<p>Half off your first order</p>')
    expect(embeddedPromotions(before)).toEqual([created.json()])

    const edited = await app.inject({
      method: 'PUT',
      url: `/api/promotion/${created.json<{ id: string }>().id}`,
      headers: bearer(admin),
      payload: { title: 'Sixty percent off, this week only' },
    })
    expect(edited.statusCode).toBe(200)
    const after = await home(app)
    expect(root(after)).toContain('<p>Sixty percent off, this week only</p>')
    expect(root(after)).not.toContain('Half off your first order')
  })

  test('with no promotion active today the page embeds an empty list and shows none', async ({
    onTestFinished,
  }) => {
    await database.current.db.insert(promotions).values([
      { kind: 'free-shipping', startsAt: day(-9), endsAt: day(-1), title: 'Over', text: 'x' },
      { kind: 'free-shipping', startsAt: day(1), endsAt: day(9), title: 'Not yet', text: 'x' },
    ])
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const html = await home(app)
    expect(embeddedPromotions(html)).toEqual([])
    expect(root(html)).not.toMatch(/Over|Not yet/)
  })

  test("the page follows the shop's date at midnight, with no write and no notice", async ({
    onTestFinished,
  }) => {
    // Only Date is faked: timers and the database run as usual.
    vi.useFakeTimers({ toFake: ['Date'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    // One second to midnight in Dhaka (UTC+6) on 2026-03-09: well inside every cache's life.
    vi.setSystemTime(new Date('2026-03-09T17:59:59Z'))
    await database.current.db.insert(promotions).values({
      kind: 'free-shipping',
      startsAt: '2026-03-10',
      endsAt: '2026-03-10',
      title: 'Tenth of March only',
      text: 'x',
    })
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const eve = await home(app)
    expect(embeddedPromotions(eve)).toEqual([])
    vi.setSystemTime(new Date('2026-03-09T18:00:01Z'))
    const morning = await home(app)
    expect(root(morning)).toContain('<p>Tenth of March only</p>')
  })
})
