import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeOrder, makeOrderLine, makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { ordersServer } from '@/testing/handlers/orders'
import { paymentsConfigHandler, paymentsServer } from '@/testing/handlers/payments'
import { renderApp, renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'

import { ManageOrdersTable } from './manage-orders-table'
import { MyOrdersTable } from './my-orders-table'

const email = 'jane@example.com'

/** Two lines, one partly made to order, with a capped first-order discount. */
function twoLineOrder() {
  return makeOrder({
    _id: 'o2',
    customer: email,
    customerName: 'Jane Doe',
    lines: [
      makeOrderLine({ tool: 't1', name: 'Cordless Drill', quantity: 3, unitPrice: 19.99 }),
      makeOrderLine({
        tool: 't2',
        name: 'Hex Bolts',
        quantity: 200,
        unitPrice: 0.5,
        fromStock: 150,
        madeToOrder: 50,
        shipsBy: '2025-02-03',
      }),
    ],
    discount: { label: 'First-order discount (50%)', amount: 79.99 },
  })
}

describe('order lines', () => {
  test('My Orders lists every line, the discount and free shipping; the money is the total paid', () => {
    const order = twoLineOrder()
    renderWithProviders(<MyOrdersTable orders={[order]} pendingId={null} onDelete={() => {}} />)

    const lines = screen.getByRole('list', { name: 'Order lines' })
    const items = within(lines)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(items).toEqual([
      'Cordless Drill × 3: $19.99 each, $59.97',
      'Hex Bolts × 200: $0.50 each, $100.00 (50 made to order, ships by 2025-02-03)',
      'Discount (First-order discount (50%)): −$79.99',
      'Shipping: free',
    ])
    // The seed's columns stay: the names, the units, and the money is what is paid.
    const row = screen.getAllByRole('row')[1]!
    expect(row).toHaveTextContent('Cordless Drill, Hex Bolts')
    expect(row).toHaveTextContent('203')
    expect(row).toHaveTextContent('$79.98')
  })

  test('Manage Orders shows the same lines to the admin', () => {
    renderWithProviders(
      <ManageOrdersTable orders={[twoLineOrder()]} pendingId={null} onMarkShipped={() => {}} />,
    )
    const lines = screen.getByRole('list', { name: 'Order lines' })
    expect(lines).toHaveTextContent('Hex Bolts × 200: $0.50 each, $100.00')
    expect(lines).toHaveTextContent('Discount (First-order discount (50%)): −$79.99')
    expect(lines).toHaveTextContent('Shipping: free')
  })

  test('a one-line order without a discount shows its line and free shipping, no discount', () => {
    const order = makeOrder({ tools: 'Bench Vise', purchaseQuantity: 2, price: 30 })
    renderWithProviders(<MyOrdersTable orders={[order]} pendingId={null} onDelete={() => {}} />)
    const lines = screen.getByRole('list', { name: 'Order lines' })
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bench Vise × 2: $30.00 each, $60.00', 'Shipping: free'])
  })

  test('the payment page shows every line, subtotal, discount and total, and asks for the total', async () => {
    const orders = ordersServer([twoLineOrder()])
    const payments = paymentsServer(orders)
    server.use(
      sessionHandler(makeUser({ email, name: 'Jane Doe' })),
      paymentsConfigHandler('sandbox'),
      ...orders.handlers,
      ...payments.handlers,
    )
    renderApp('/dashboard/payment/o2')

    const table = await screen.findByRole('table', { name: 'Order lines' })
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent)
    expect(rows).toEqual([
      'ToolQuantityUnit priceLine total',
      'Cordless Drill3$19.99$59.97',
      'Hex Bolts50 made to order, ships by 2025-02-03200$0.50$100.00',
      'Subtotal$159.97',
      'Discount (First-order discount (50%))−$79.99',
      'Total$79.98',
    ])
    expect(screen.getByText('Shipping: free')).toBeInTheDocument()
    expect(screen.getByText('Amount to pay: $79.98')).toBeInTheDocument()
  })

  describe('a custom part’s line', () => {
    /** A stock tool and a custom part in one order. */
    const mixedOrder = () =>
      makeOrder({
        _id: 'o3',
        customer: email,
        customerName: 'Jane Doe',
        lines: [
          makeOrderLine({ tool: 't1', name: 'Cordless Drill', quantity: 1, unitPrice: 20 }),
          makeOrderLine({
            tool: null,
            quote: 'q7',
            leadTimeDays: 12,
            name: 'Custom: Bracket',
            quantity: 500,
            unitPrice: 2.4,
          }),
        ],
      })

    test('My Orders shows Custom with its lead time, linking to the buyer’s request', () => {
      renderWithProviders(
        <MyOrdersTable orders={[mixedOrder()]} pendingId={null} onDelete={() => {}} />,
      )
      const lines = screen.getByRole('list', { name: 'Order lines' })
      expect(within(lines).getAllByRole('listitem')[1]).toHaveTextContent(
        'Custom: Bracket × 500: $2.40 each, $1,200.00 (ships in about 12 working days from payment)',
      )
      expect(within(lines).getByRole('link', { name: 'Custom: Bracket' })).toHaveAttribute(
        'href',
        '/dashboard/myquotes/q7',
      )
      // The stock tool's line is no link.
      expect(within(lines).getAllByRole('link')).toHaveLength(1)
    })

    test('Manage Orders links the admin to the quote request', () => {
      renderWithProviders(
        <ManageOrdersTable orders={[mixedOrder()]} pendingId={null} onMarkShipped={() => {}} />,
      )
      const lines = screen.getByRole('list', { name: 'Order lines' })
      expect(lines).toHaveTextContent('ships in about 12 working days from payment')
      expect(within(lines).getByRole('link', { name: 'Custom: Bracket' })).toHaveAttribute(
        'href',
        '/dashboard/quotes/q7',
      )
    })

    test('the payment page shows the custom line with its lead time and link', async () => {
      const orders = ordersServer([mixedOrder()])
      server.use(
        sessionHandler(makeUser({ email, name: 'Jane Doe' })),
        paymentsConfigHandler('sandbox'),
        ...orders.handlers,
        ...paymentsServer(orders).handlers,
      )
      renderApp('/dashboard/payment/o3')

      const table = await screen.findByRole('table', { name: 'Order lines' })
      const row = within(table).getByRole('row', { name: /Custom: Bracket/ })
      expect(row).toHaveTextContent(
        'Custom: Bracketships in about 12 working days from payment500$2.40$1,200.00',
      )
      expect(within(row).getByRole('link', { name: 'Custom: Bracket' })).toHaveAttribute(
        'href',
        '/dashboard/myquotes/q7',
      )
    })
  })
})
