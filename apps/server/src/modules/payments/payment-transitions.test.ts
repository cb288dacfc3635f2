import { PAYMENT_TRANSITIONS, type PaymentState } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestDatabase } from '../../../test/database.js'
import { insertTool } from '../../../test/factories.js'
import { cancel, purchase } from '../../../test/orders.js'
import { clickOnGatewayPage, useSslcommerzShop } from '../../../test/sslcommerz.js'
import type { App } from '../../app.js'
import { orders } from '../../db/schema/index.js'

/**
 * The payment transitions table (packages/shared/src/payment-states.ts) walked
 * through the shop's own routes and the stand-in gateway: every row is a step the server
 * takes, reached the way a buyer, an admin or the gateway reaches it.
 */
const database = useTestDatabase()
const adminEmail = uniqueEmail('admin')
const shop = useSslcommerzShop(database, { adminEmails: [adminEmail] })

type O = { app: App; id: string; buyer: TestUser }

let adminUser: Promise<TestUser> | undefined
beforeEach(() => {
  adminUser = undefined
})
const admin = () => (adminUser ??= createUser(shop.current.app, { email: adminEmail }))

async function order(): Promise<O> {
  const { app } = shop.current
  const buyer = await createUser(app, { verified: true })
  const tool = await insertTool(database.current.db, { priceCents: 1000, quantity: 20 })
  const res = await purchase(app, buyer, tool.id, 2)
  expect(res.statusCode, res.body).toBe(201)
  return { app, buyer, id: res.json<{ insertedId: string }>().insertedId }
}

const state = async (id: string): Promise<PaymentState> => {
  const [row] = await database.current.db
    .select({ paymentState: orders.paymentState })
    .from(orders)
    .where(eq(orders.id, id))
  if (!row) throw new Error(`no order ${id}`)
  return row.paymentState
}

async function start(o: O, method: 'sslcommerz' | 'bank-transfer') {
  const res = await o.app.inject({
    method: 'POST',
    url: `/api/purchase/${o.id}/payment`,
    headers: bearer(o.buyer),
    payload: { method },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ redirectUrl?: string }>().redirectUrl ?? ''
}

async function asAdmin(o: O, path: string, payload: object) {
  const res = await o.app.inject({
    method: 'POST',
    url: `/api/purchase/${o.id}/${path}`,
    headers: bearer(await admin()),
    payload,
  })
  expect(res.statusCode, res.body).toBe(200)
}

const received = (o: O) =>
  asAdmin(o, 'mark-received', {
    reference: `TT-${o.id.slice(0, 8)}`,
    amount: 20,
    receivedOn: '2026-11-27',
  })

const risky = () => {
  shop.current.gateway.riskLevel = '1'
}

/**
 * How the shop reaches each row: `setUp` brings a fresh order to the row's from-state (an
 * SSLCommerz page opened beforehand where the money must come after), `act` takes the event.
 */
type Walk = { setUp: (o: O) => Promise<string | void>; act: (o: O, page: string) => Promise<void> }

/** A gateway page opened while the order was unpaid, then the transfer chosen. */
const pageThenTransfer = async (o: O) => {
  const page = await start(o, 'sslcommerz')
  await start(o, 'bank-transfer')
  return page
}

const walks: Record<string, Walk> = {
  'unpaid await_transfer': {
    setUp: async () => {},
    act: (o) => start(o, 'bank-transfer').then(() => {}),
  },
  'unpaid pay': {
    setUp: (o) => start(o, 'sslcommerz'),
    act: (_o, page) => clickOnGatewayPage(page, 'Pay').then(() => {}),
  },
  'unpaid flag_for_review': {
    setUp: (o) => start(o, 'sslcommerz'),
    act: async (_o, page) => {
      risky()
      await clickOnGatewayPage(page, 'Pay')
    },
  },
  // Money that lands on an order its buyer cancelled goes back at once.
  'unpaid refund': {
    setUp: async (o) => {
      const page = await start(o, 'sslcommerz')
      expect((await cancel(o.app, o.buyer, o.id)).statusCode).toBe(200)
      return page
    },
    act: (_o, page) => clickOnGatewayPage(page, 'Pay').then(() => {}),
  },
  'awaiting-transfer switch_method': {
    setUp: (o) => start(o, 'bank-transfer'),
    act: (o) => start(o, 'sslcommerz').then(() => {}),
  },
  'awaiting-transfer pay': {
    setUp: pageThenTransfer,
    act: (_o, page) => clickOnGatewayPage(page, 'Pay').then(() => {}),
  },
  'awaiting-transfer flag_for_review': {
    setUp: pageThenTransfer,
    act: async (_o, page) => {
      risky()
      await clickOnGatewayPage(page, 'Pay')
    },
  },
  'awaiting-transfer refund': {
    setUp: async (o) => {
      const page = await pageThenTransfer(o)
      expect((await cancel(o.app, o.buyer, o.id)).statusCode).toBe(200)
      return page
    },
    act: (_o, page) => clickOnGatewayPage(page, 'Pay').then(() => {}),
  },
  'awaiting-transfer receive_transfer': {
    setUp: (o) => start(o, 'bank-transfer'),
    act: received,
  },
  // A transfer for an order its buyer cancelled meanwhile is due back by hand.
  'awaiting-transfer refund_by_hand': {
    setUp: async (o) => {
      await start(o, 'bank-transfer')
      expect((await cancel(o.app, o.buyer, o.id)).statusCode).toBe(200)
    },
    act: received,
  },
  'under-review accept_review': {
    setUp: async (o) => {
      const page = await start(o, 'sslcommerz')
      risky()
      await clickOnGatewayPage(page, 'Pay')
    },
    act: (o) => asAdmin(o, 'review', { decision: 'accept' }),
  },
  'under-review refund': {
    setUp: async (o) => {
      const page = await start(o, 'sslcommerz')
      risky()
      await clickOnGatewayPage(page, 'Pay')
    },
    act: (o) => asAdmin(o, 'review', { decision: 'refund' }),
  },
  'paid refund': {
    setUp: async (o) => {
      await clickOnGatewayPage(await start(o, 'sslcommerz'), 'Pay')
    },
    act: (o) => asAdmin(o, 'cancel', { reason: 'Asked by phone' }),
  },
  'paid refund_by_hand': {
    setUp: async (o) => {
      await start(o, 'bank-transfer')
      await received(o)
    },
    act: (o) => asAdmin(o, 'cancel', { reason: 'Asked by phone' }),
  },
  'refund-due close_refund': {
    setUp: async (o) => {
      await start(o, 'bank-transfer')
      await received(o)
      await asAdmin(o, 'cancel', { reason: 'Asked by phone' })
    },
    act: (o) => asAdmin(o, 'refund-sent', { reference: 'OUT-1' }),
  },
}

describe('every row of the payment table is a step the shop takes', () => {
  test('every row has its walk, and every walk is a row', () => {
    expect(Object.keys(walks).sort()).toEqual(
      PAYMENT_TRANSITIONS.map((row) => `${row.from} ${row.event}`).sort(),
    )
  })

  test.each(PAYMENT_TRANSITIONS.map((row) => [`${row.from} --${row.event}-> ${row.to}`, row]))(
    '%s',
    async (_, row) => {
      const walk = walks[`${row.from} ${row.event}`]
      if (!walk) throw new Error('no walk')
      const o = await order()
      const page = (await walk.setUp(o)) ?? ''
      expect(await state(o.id)).toBe(row.from)
      await walk.act(o, page)
      expect(await state(o.id)).toBe(row.to)
    },
  )
})
