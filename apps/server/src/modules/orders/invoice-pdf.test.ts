import { buffer } from 'node:stream/consumers'

import { describe, expect, test } from 'vitest'

import { pdfText } from '../../../test/invoices.js'
import { invoicePdf } from './invoice-pdf.js'
import { scriptRuns } from './order-pdf.js'
import type { OrderLineRow, OrderWithLines } from './orders.queries.js'

const company = {
  name: 'Toolworks',
  address: 'Gazipur, Dhaka Division, Bangladesh',
  email: 'sales@toolworks.example',
  phone: '+880 2 5500 0000',
}

const line = (over: Partial<OrderLineRow>): OrderLineRow => ({
  orderId: 'o',
  position: 0,
  toolId: null,
  quoteId: null,
  leadTimeDays: null,
  toolName: '',
  unitPriceCents: 0,
  quantity: 0,
  lineTotalCents: 0,
  fromStock: 0,
  madeToOrder: 0,
  shipsBy: '2026-04-10',
  ...over,
})

function order(over: Partial<OrderWithLines> = {}) {
  return {
    id: '3f0a4c9e-2b1d-4e5f-8a7b-6c5d4e3f2a1b',
    customerName: 'সাকিব আল হাসান',
    customerEmail: 'shakib@example.com',
    phone: '+880 1711 222333',
    address: 'বাড়ি ৫, রোড ২, ঢাকা (House 5, Road 2, Dhaka)',
    subtotalCents: 126_000,
    discountCents: 0,
    discountLabel: null,
    totalCents: 126_000,
    transactionId: 'pi_sandbox_0123456789',
    currency: 'USD',
    exchangeRateUnits: null,
    country: 'BD',
    vatRate: 15,
    vatCents: 0,
    lines: [
      line({
        toolName: 'Bench vise 6"',
        quantity: 10,
        unitPriceCents: 4500,
        lineTotalCents: 45_000,
        fromStock: 4,
        madeToOrder: 6,
      }),
      line({
        toolName: 'Custom: Flange bracket <steel>',
        quantity: 200,
        unitPriceCents: 405,
        lineTotalCents: 81_000,
        madeToOrder: 200,
      }),
    ],
    orderNumber: 10042,
    ...over,
    invoiceNumber: 42,
    paidAt: new Date('2026-03-31T20:30:00Z'),
  } as OrderWithLines & { invoiceNumber: number; paidAt: Date }
}

describe('the invoice PDF', () => {
  test('custom lines, made-to-order parts and Bengali text come out of pdftotext as written', async () => {
    const pdf = await buffer(invoicePdf({ company, order: order() }))
    const text = await pdfText(pdf)
    const rows = text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim())
    // The payment's date in the shop's time zone (UTC+6): already 1 April there.
    expect(text).toContain('Invoice date: 2026-04-01')
    expect(text).toContain('Invoice number: INV-000042')
    // The order's number beside the invoice's own.
    expect(text).toContain('Order: TW-10042')
    expect(rows).toContain('সাকিব আল হাসান')
    expect(rows).toContain('বাড়ি ৫, রোড ২, ঢাকা (House 5, Road 2, Dhaka)')
    expect(rows).toContain('Bench vise 6" 10 $45.00 $450.00')
    expect(rows).toContain('6 made to order')
    expect(rows).toContain('Custom: Flange bracket <steel> 200 $4.05 $810.00')
    expect(rows).toContain('200 made to order')
    // No discount: no subtotal or discount rows, the total alone.
    expect(text).not.toContain('Discount')
    expect(rows).toContain('Total $1,260.00')
    expect(rows).toContain('Currency: USD')
  })

  test('a cancelled order says CANCELLED in large type, a refunded one REFUNDED; a live one neither', async () => {
    const read = async (over: Partial<OrderWithLines>) =>
      pdfText(await buffer(invoicePdf({ company, order: order(over) })))
    const refunded = await read({ status: 'cancelled', paymentState: 'refunded' })
    expect(refunded).toMatch(/^\s*REFUNDED\s*$/m)
    expect(refunded).not.toContain('CANCELLED')
    const due = await read({ status: 'cancelled', paymentState: 'refund-due' })
    expect(due).toMatch(/^\s*CANCELLED\s*$/m)
    const live = await read({ status: 'paid', paymentState: 'paid' })
    expect(live).not.toMatch(/CANCELLED|REFUNDED/)
  })

  test('many lines run onto a second page with the table header again', async () => {
    // 55 lines: two pages with the sums, the currency and the VAT lines under them.
    const lines = Array.from({ length: 55 }, (_, i) =>
      line({ toolName: `Part ${i + 1}`, quantity: 1, unitPriceCents: 100, lineTotalCents: 100 }),
    )
    const pdf = await buffer(
      invoicePdf({ company, order: order({ lines, subtotalCents: 5500, totalCents: 5500 }) }),
    )
    const text = await pdfText(pdf)
    expect(text.split('\f').filter((page) => page.trim()).length).toBe(2)
    expect(text.match(/Item\s+Qty\s+Unit price\s+Line total/g)).toHaveLength(2)
    for (const n of [1, 30, 55]) expect(text).toMatch(new RegExp(`Part ${n}\\s+1\\s+\\$1\\.00`))
    expect(text).toMatch(/Total\s+\$55\.00/)
  })

  test('text is cut into Bengali and other runs, Bengali words keeping their spaces', () => {
    expect(scriptRuns('Name: রহিম উদ্দিন & Sons')).toEqual([
      { text: 'Name: ', bengali: false },
      { text: 'রহিম উদ্দিন', bengali: true },
      { text: ' & Sons', bengali: false },
    ])
    expect(scriptRuns('Plain')).toEqual([{ text: 'Plain', bengali: false }])
  })
})
