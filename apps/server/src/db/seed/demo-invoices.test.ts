import { fiscalYearOf, shopDate } from '@toolworks/shared'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { createUser } from '../../../test/users.js'
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
  const buyer = await createUser(app)
  const orderId = await placeOrder(app, db, buyer)
  await payOrder(app, buyer, orderId)
  const [next] = await selectRows<{ n: number }>(
    db,
    sql`select invoice_number::int as n from orders where id = ${orderId}`,
  )
  expect(next?.n).toBe(paid.length + 1)
})

test('the demo seed gives its paid domestic orders gap-free Mushak-6.3 serials per fiscal year, and a payment continues them', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished)
  const { db } = database.current
  const hashPassword = (await app.services.auth.$context).password.hash
  await seedDemoData(db, app.services.media, { dataDir: app.config.dataDir, hashPassword })

  type Row = { paid: boolean; paidAt: string | null; year: string | null; serial: number | null }
  const rows = await selectRows<Row>(
    db,
    sql`select paid, paid_at as "paidAt", mushak_fiscal_year as year, mushak_serial::int as serial
        from orders order by paid_at nulls last, id`,
  )
  const paid = rows.filter((r) => r.paid)
  expect(paid.length).toBeGreaterThan(40)
  const years = new Map<string, number[]>()
  for (const row of paid) {
    expect(row.year).toBe(fiscalYearOf(shopDate(new Date(row.paidAt ?? ''))))
    years.set(row.year ?? '', [...(years.get(row.year ?? '') ?? []), row.serial ?? 0])
  }
  for (const serials of years.values()) expect(serials).toEqual(serials.map((_, i) => i + 1))
  expect(rows.filter((r) => !r.paid).every((r) => r.serial === null)).toBe(true)

  const buyer = await createUser(app)
  const orderId = await placeOrder(app, db, buyer)
  await payOrder(app, buyer, orderId)
  const [next] = await selectRows<{ year: string; serial: number }>(
    db,
    sql`select mushak_fiscal_year as year, mushak_serial::int as serial from orders where id = ${orderId}`,
  )
  expect(next?.serial).toBe((years.get(next?.year ?? '')?.length ?? 0) + 1)
})
