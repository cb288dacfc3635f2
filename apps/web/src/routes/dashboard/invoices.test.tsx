import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

import { setAccessToken } from '@/lib/access-token'
import { makeOrder, makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { ordersServer } from '@/testing/handlers/orders'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const email = 'jane@example.com'
const admin = 'boss@example.com'

const orders = () => [
  makeOrder({ _id: 'o-unpaid', customer: email, customerName: 'Jane', tools: 'Hammer' }),
  makeOrder({
    _id: 'o-paid',
    customer: email,
    customerName: 'Jane',
    tools: 'Wrench',
    paid: true,
    status: 'paid',
    transactionId: 'pi_paid',
  }),
  makeOrder({
    _id: 'o-shipped',
    customer: email,
    customerName: 'Jane',
    tools: 'Saw',
    paid: true,
    status: 'shipped',
    transactionId: 'pi_shipped',
  }),
  makeOrder({
    _id: 'o-refunded',
    customer: email,
    customerName: 'Jane',
    tools: 'Drill',
    status: 'cancelled',
    cancelReason: 'refunded_out_of_stock',
  }),
]

/** The invoice route: answers a PDF named by its number, or fails as told; records each call. */
function invoiceServer(fail: { times: number } = { times: 0 }) {
  const seen: { path: string; authorization: string | null }[] = []
  const handler = http.get('/api/purchase/:id/invoice.pdf', ({ request, params }) => {
    seen.push({
      path: new URL(request.url).pathname,
      authorization: request.headers.get('authorization'),
    })
    if (fail.times > 0) {
      fail.times -= 1
      return HttpResponse.json(
        { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } },
        { status: 500 },
      )
    }
    return new HttpResponse(`%PDF-1.3 invoice of ${String(params.id)}`, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="invoice-INV-000007.pdf"',
      },
    })
  })
  return { handler, seen }
}

const created: Blob[] = []
const clicked: { href: string; download: string }[] = []
const spies: { mockRestore: () => void }[] = []
beforeEach(() => {
  created.length = 0
  clicked.length = 0
  // jsdom has no object URLs and no downloads: stand-ins that record them.
  URL.createObjectURL = (blob: Blob) => {
    created.push(blob)
    return `blob:invoice-${created.length}`
  }
  URL.revokeObjectURL = () => {}
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click')
  click.mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download })
  })
  spies.push(click)
})
// Only this file's own spies: the console guard restores its spies after this.
afterEach(() => spies.splice(0).forEach((spy) => spy.mockRestore()))

const rowOf = (tool: string) => screen.getByRole('cell', { name: tool }).closest('tr')!

describe('Invoice (PDF) in My Orders', () => {
  test('shows only on paid and shipped orders, and saves the PDF fetched with the token under the server’s name', async () => {
    const invoice = invoiceServer()
    const list = ordersServer(orders())
    server.use(invoice.handler, sessionHandler(makeUser({ email })), ...list.handlers)
    setAccessToken('buyer-token')
    const { user } = renderApp('/dashboard/myorder')

    await screen.findByRole('cell', { name: 'Wrench' })
    expect(within(rowOf('Hammer')).queryByRole('button', { name: /Invoice/ })).toBeNull()
    expect(within(rowOf('Saw')).getByRole('button', { name: 'Invoice (PDF): Saw' })).toBeVisible()
    const button = within(rowOf('Wrench')).getByRole('button', { name: 'Invoice (PDF): Wrench' })
    expect(button).toHaveTextContent('Invoice (PDF)')

    await user.click(button)
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:invoice-1', download: 'invoice-INV-000007.pdf' }]),
    )
    expect(invoice.seen).toEqual([
      { path: '/api/purchase/o-paid/invoice.pdf', authorization: 'Bearer buyer-token' },
    ])
    expect(await created[0]!.text()).toBe('%PDF-1.3 invoice of o-paid')
    expect(button).toBeEnabled()
  })

  test('a failed download is a toast with Try again, which fetches it again', async () => {
    const invoice = invoiceServer({ times: 1 })
    server.use(
      invoice.handler,
      sessionHandler(makeUser({ email })),
      ...ordersServer(orders()).handlers,
    )
    setAccessToken('buyer-token')
    const { user } = renderApp('/dashboard/myorder')

    await user.click(await screen.findByRole('button', { name: 'Invoice (PDF): Saw' }))
    expect(
      await screen.findByText(/The invoice could not be downloaded\. Something went wrong/),
    ).toBeInTheDocument()
    expect(clicked).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(invoice.seen.map((s) => s.path)).toEqual([
      '/api/purchase/o-shipped/invoice.pdf',
      '/api/purchase/o-shipped/invoice.pdf',
    ])
  })
})

describe('Invoice (PDF) in Manage Orders', () => {
  test('shows on paid and shipped orders only and asks for that order’s invoice', async () => {
    const invoice = invoiceServer()
    server.use(
      invoice.handler,
      sessionHandler(makeUser({ email: admin })),
      adminHandler([admin]),
      ...ordersServer(orders()).handlers,
    )
    setAccessToken('admin-token')
    const { user } = renderApp('/dashboard/manageorders')

    await screen.findByRole('cell', { name: 'Wrench' })
    expect(within(rowOf('Hammer')).queryByRole('button', { name: /Invoice/ })).toBeNull()
    expect(within(rowOf('Drill')).queryByRole('button', { name: /Invoice/ })).toBeNull()
    expect(
      within(rowOf('Saw')).getByRole('button', { name: `Invoice (PDF): Saw, ${email}` }),
    ).toBeVisible()
    await user.click(
      within(rowOf('Wrench')).getByRole('button', { name: `Invoice (PDF): Wrench, ${email}` }),
    )
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(invoice.seen).toEqual([
      { path: '/api/purchase/o-paid/invoice.pdf', authorization: 'Bearer admin-token' },
    ])
  })
})
