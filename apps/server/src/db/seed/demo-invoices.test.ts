import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { signUp } from '../../../test/accounts.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { payOrder, placeOrder } from '../../../test/invoices.js'
import { selectRows } from '../client.js'
import { seedDemoData } from './seed.js'

const database = useTestDatabase()

test('the demo seed numbers its paid orders in the order they were paid and sets the counter after them', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished)
  const { db } = database.current
  const hashPassword = (await app.services.auth.$context).password.hash
  await seedDemoData(db, app.services.media, { dataDir: app.config.dataDir, hashPassword })

  const rows = await selectRows<{ paid: boolean; n: number | null }>(
    db,
    sql`select paid, invoice_number::int as n from orders order by paid_at nulls last, id`,
  )
  const paid = rows.filter((r) => r.paid)
  expect(paid.length).toBeGreaterThan(40)
  expect(paid.map((r) => r.n)).toEqual(paid.map((_, i) => i + 1))
  expect(rows.filter((r) => !r.paid).every((r) => r.n === null)).toBe(true)

  // The next real payment continues the sequence.
  const buyer = await signUp(app)
  const orderId = await placeOrder(app, db, buyer)
  await payOrder(app, buyer, orderId)
  const [next] = await selectRows<{ n: number }>(
    db,
    sql`select invoice_number::int as n from orders where id = ${orderId}`,
  )
  expect(next?.n).toBe(paid.length + 1)
})
