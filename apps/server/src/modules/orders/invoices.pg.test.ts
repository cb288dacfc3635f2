import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { signUp } from '../../../test/accounts.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { confirmCard, markPaid, placeOrder } from '../../../test/invoices.js'
import { openPaymentPage } from '../../../test/orders.js'
import { selectRows } from '../../db/client.js'

const database = useTestDatabase()
const BUYERS = 6
const ORDERS_EACH = 3

test('payments at the same moment on PostgreSQL get unique invoice numbers with no gap', async ({
  onTestFinished,
}) => {
  const db = database.current.db
  const app = await buildTestApp(database.current, onTestFinished)
  const payments: { user: Awaited<ReturnType<typeof signUp>>; orderId: string; intent: string }[] =
    []
  for (let b = 0; b < BUYERS; b++) {
    const user = await signUp(app)
    for (let o = 0; o < ORDERS_EACH; o++) {
      const orderId = await placeOrder(app, db, user, { quantity: 1 })
      const intent = await openPaymentPage(app, user, orderId)
      expect((await confirmCard(app, intent.clientSecret)).statusCode).toBe(200)
      payments.push({ user, orderId, intent: intent.paymentIntentId })
    }
  }

  // Every payment is reported twice, all at once (the webhook and the browser, say).
  const answers = await Promise.all(
    [...payments, ...payments].map((p) => markPaid(app, p.user, p.orderId, p.intent)),
  )
  expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200))

  const rows = await selectRows<{ n: number }>(
    db,
    sql`select invoice_number::int as n from orders where paid order by invoice_number`,
  )
  const total = BUYERS * ORDERS_EACH
  expect(rows.map((r) => r.n)).toEqual(Array.from({ length: total }, (_, i) => i + 1))
  const [counter] = await selectRows<{ n: number }>(
    db,
    sql`select last_number::int as n from invoice_counter where id = 'invoices'`,
  )
  expect(counter?.n).toBe(total)
})
