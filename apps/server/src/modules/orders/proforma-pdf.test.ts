import { buffer } from 'node:stream/consumers'

import { paymentReference } from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { pdfText } from '../../../test/invoices.js'
import { createBankTransferProvider } from '../payments/bank-transfer/bank-transfer-provider.js'
import type { OrderLineRow, OrderWithLines } from './orders.queries.js'
import { proformaPdf } from './proforma-pdf.js'

const company = {
  name: 'Toolworks',
  address: 'Gazipur, Dhaka Division, Bangladesh',
  email: 'sales@toolworks.example',
  phone: '+880 2 5500 0000',
}

const account = {
  bankName: 'Example Bank PLC',
  accountName: 'Toolworks Ltd',
  accountNumber: '0123456789012',
  branch: 'Gazipur Chowrasta',
  routingNumber: '125330254',
  swift: 'EXBDBDDH',
}

const line: OrderLineRow = {
  orderId: 'o',
  position: 0,
  toolId: null,
  quoteId: null,
  leadTimeDays: null,
  toolName: 'Bench vise 6"',
  unitPriceCents: 4500,
  quantity: 10,
  lineTotalCents: 45_000,
  fromStock: 10,
  madeToOrder: 0,
  shipsBy: '2026-04-10',
}

const order = {
  id: '3f0a4c9e-2b1d-4e5f-8a7b-6c5d4e3f2a1b',
  orderNumber: 10517,
  customerName: 'রহিম উদ্দিন',
  customerEmail: 'rahim@example.com',
  phone: '+880 1711 222333',
  address: 'House 5, Road 2, Dhaka',
  subtotalCents: 45_000,
  discountCents: 0,
  discountLabel: null,
  totalCents: 45_000,
  transactionId: null,
  currency: 'USD',
  exchangeRateUnits: null,
  country: 'BD',
  vatRate: 15,
  vatCents: 0,
  lines: [line],
} as unknown as OrderWithLines

async function instructions(issuedAt: Date) {
  const provider = createBankTransferProvider({ account, holdDays: 7, clock: () => issuedAt })
  const payment = await provider.startPayment({
    orderId: order.id,
    amountCents: order.totalCents,
    currency: 'USD',
    idempotencyKey: 'k',
    customerEmail: order.customerEmail,
  })
  if (payment.kind !== 'instructions') throw new Error('bank transfer answers instructions')
  return payment
}

describe('the proforma invoice PDF', () => {
  test('shows the order, the bank details, the reference, the amount, the currency and the due date', async () => {
    // 20:30 UTC on 29 January is 30 January in Dhaka; seven days on is 6 February.
    const issuedAt = new Date('2026-01-29T20:30:00Z')
    const payment = await instructions(issuedAt)
    const pdf = await buffer(proformaPdf({ company, order, payment, issuedAt }))
    const text = await pdfText(pdf)
    const rows = text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim())
    const reference = paymentReference(order.id)

    // The company, left, beside the title.
    expect(rows).toContain('Toolworks PROFORMA INVOICE')
    expect(text).toContain('Gazipur, Dhaka Division, Bangladesh')
    expect(text).toContain('Date: 2026-01-30')
    expect(text).toContain('Order: TW-10517')
    expect(text).toContain(`Payment reference: ${reference}`)
    // The buyer's name in Bengali comes back as written.
    expect(rows).toContain('রহিম উদ্দিন')
    expect(rows).toContain('Bench vise 6" 10 $45.00 $450.00')
    expect(rows).toContain('Total $450.00')
    for (const detail of [
      'Bank: Example Bank PLC',
      'Account name: Toolworks Ltd',
      'Account number: 0123456789012',
      'Branch: Gazipur Chowrasta',
      'Routing number: 125330254',
      'SWIFT code: EXBDBDDH',
      'Amount: $450.00',
      'Currency: USD',
      'Due date: 2026-02-06',
    ])
      expect(rows).toContain(detail)
    expect(text).toContain('Write the payment reference on the transfer')
  })

  // Line counts where the section meets the page's end (found by trying each): at 52 the notes
  // alone would spill over, at 58 the details would run past the page's foot without room().
  test.for([52, 58, 60])(
    '%i lines run onto more pages; the bank details stay together on the last',
    async (n) => {
      const lines = Array.from({ length: n }, (_, i) => ({ ...line, toolName: `Part ${i + 1}` }))
      const issuedAt = new Date('2026-03-10T06:00:00Z')
      const pdf = await buffer(
        proformaPdf({
          company,
          order: { ...order, lines },
          payment: await instructions(issuedAt),
          issuedAt,
        }),
      )
      const pages = (await pdfText(pdf)).split('\f').filter((page) => page.trim())
      expect(pages.length).toBeGreaterThan(1)
      const last = pages.at(-1) ?? ''
      // The whole section on one page: the heading, every detail, the amount, the due date, the notes.
      for (const text of [
        'Pay by bank transfer to',
        'Account number: 0123456789012',
        `Payment reference: ${paymentReference(order.id)}`,
        'Amount: $450.00',
        'Due date:',
      ])
        expect(last).toContain(text)
      expect(pages.join('')).toContain(`Part ${n}`)
    },
  )
})
