import { ErrorBodySchema, mushakWords } from '@toolworks/shared'
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { bearer } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { useTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { payOrder, placeOrder } from '../../../test/invoices.js'
import { orders } from '../../db/schema/index.js'

/** Production without SELLER_BIN (config.test.ts: no demo BIN there): a shop may run without one. */
const database = useTestDatabase()
const testApp = useTestApp(database, { tax: { vatPercent: 15, sellerBin: undefined } })

test('without SELLER_BIN a paid domestic order keeps its serial and invoice, and its Mushak-6.3 answers 503 saying why', async () => {
  const app = testApp.current
  const buyer = await createUser(app)
  const orderId = await placeOrder(app, database.current.db, buyer)
  await payOrder(app, buyer, orderId)
  const [row] = await database.current.db.select().from(orders).where(eq(orders.id, orderId))
  expect(row?.mushakSerial).toBe(1)

  const mushak = await app.inject({
    method: 'GET',
    url: `/api/purchase/${orderId}/mushak-6.3.pdf`,
    headers: bearer(buyer),
  })
  expect(mushak.statusCode).toBe(503)
  expect(ErrorBodySchema.parse(mushak.json()).error.message).toBe(mushakWords.sellerBinMissing)

  // The plain invoice does not need the BIN.
  const invoice = await app.inject({
    method: 'GET',
    url: `/api/purchase/${orderId}/invoice.pdf`,
    headers: bearer(buyer),
  })
  expect(invoice.statusCode).toBe(200)
  expect(invoice.headers['content-type']).toBe('application/pdf')
})
