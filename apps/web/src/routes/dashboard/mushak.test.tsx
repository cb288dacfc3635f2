import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

import { invoicesContract } from '@toolworks/shared'

import { setAccessToken } from '@/lib/access-token'
import { makeOrder, makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { ordersServer } from '@/testing/handlers/orders'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const email = 'jane@example.com'
const admin = 'boss@example.com'
const paid = { customer: email, customerName: 'Jane', paid: true, status: 'paid' as const }

const orders = () => [
  makeOrder({ ...paid, _id: 'o-domestic', tools: 'Wrench', mushakSerial: '2026-27/000042' }),
  makeOrder({
    ...paid,
    _id: 'o-shipped',
    tools: 'Saw',
    status: 'shipped',
    mushakSerial: '2026-27/000043',
  }),
  makeOrder({
    ...paid,
    _id: 'o-export',
    tools: 'Chisel',
    country: 'DE',
    export: true,
    vat: { rate: 0, amount: 0, included: true },
  }),
  // Paid before the shop issued tax invoices: no serial, so no Mushak-6.3.
  makeOrder({ ...paid, _id: 'o-before', tools: 'Pliers' }),
  makeOrder({ _id: 'o-unpaid', customer: email, customerName: 'Jane', tools: 'Hammer' }),
]

/** The Mushak-6.3 route: answers a PDF named by its serial, or fails as told; records each call. */
function mushakServer(fail: { times: number } = { times: 0 }) {
  const seen: { path: string; authorization: string | null }[] = []
  const handler = http.get(invoicesContract.mushak.path, ({ request, params }) => {
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
    return new HttpResponse(`%PDF-1.3 Mushak-6.3 of ${String(params.id)}`, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="mushak-6.3-2026-27-000042.pdf"',
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
    return `blob:mushak-${created.length}`
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

const rowOf = (tool: string) => within(screen.getByRole('cell', { name: tool }).closest('tr')!)

describe('Mushak-6.3 (PDF) in My Orders', { timeout: 20_000 }, () => {
  test('shows beside the invoice of paid domestic orders only, and saves the PDF under the server’s name', async () => {
    const mushak = mushakServer()
    server.use(
      mushak.handler,
      sessionHandler(makeUser({ email })),
      ...ordersServer(orders()).handlers,
    )
    setAccessToken('buyer-token')
    const { user } = renderApp('/dashboard/myorder')

    await screen.findByRole('cell', { name: 'Wrench' })
    expect(rowOf('Saw').getByRole('button', { name: 'Mushak-6.3 (PDF): Saw' })).toBeVisible()
    // An export keeps its invoice (which says zero-rated) and has no Mushak-6.3.
    expect(rowOf('Chisel').getByRole('button', { name: 'Invoice (PDF): Chisel' })).toBeVisible()
    expect(rowOf('Chisel').queryByRole('button', { name: /Mushak/ })).toBeNull()
    expect(rowOf('Pliers').getByRole('button', { name: 'Invoice (PDF): Pliers' })).toBeVisible()
    expect(rowOf('Pliers').queryByRole('button', { name: /Mushak/ })).toBeNull()
    expect(rowOf('Hammer').queryByRole('button', { name: /Mushak|Invoice/ })).toBeNull()

    const button = rowOf('Wrench').getByRole('button', { name: 'Mushak-6.3 (PDF): Wrench' })
    expect(button).toHaveTextContent('Mushak-6.3 (PDF)')
    expect(rowOf('Wrench').getByRole('button', { name: 'Invoice (PDF): Wrench' })).toBeVisible()
    await user.click(button)
    await waitFor(() =>
      expect(clicked).toEqual([
        { href: 'blob:mushak-1', download: 'mushak-6.3-2026-27-000042.pdf' },
      ]),
    )
    expect(mushak.seen).toEqual([
      { path: '/api/purchase/o-domestic/mushak-6.3.pdf', authorization: 'Bearer buyer-token' },
    ])
    expect(await created[0]!.text()).toBe('%PDF-1.3 Mushak-6.3 of o-domestic')
    expect(button).toBeEnabled()
  })

  test('a failed download is a toast with Try again, which fetches it again', async () => {
    const mushak = mushakServer({ times: 1 })
    server.use(
      mushak.handler,
      sessionHandler(makeUser({ email })),
      ...ordersServer(orders()).handlers,
    )
    setAccessToken('buyer-token')
    const { user } = renderApp('/dashboard/myorder')

    await user.click(await screen.findByRole('button', { name: 'Mushak-6.3 (PDF): Saw' }))
    expect(
      await screen.findByText(/The Mushak-6.3 could not be downloaded\. Something went wrong/),
    ).toBeInTheDocument()
    expect(clicked).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(mushak.seen.map((s) => s.path)).toEqual([
      '/api/purchase/o-shipped/mushak-6.3.pdf',
      '/api/purchase/o-shipped/mushak-6.3.pdf',
    ])
  })
})

describe('Mushak-6.3 (PDF) in Manage Orders', { timeout: 20_000 }, () => {
  test('shows on paid domestic orders only and asks for that order’s Mushak-6.3', async () => {
    const mushak = mushakServer()
    server.use(
      mushak.handler,
      sessionHandler(makeUser({ email: admin })),
      adminHandler([admin]),
      ...ordersServer(orders()).handlers,
    )
    setAccessToken('admin-token')
    const { user } = renderApp('/dashboard/manageorders')

    await screen.findByRole('cell', { name: 'Wrench' })
    expect(rowOf('Chisel').queryByRole('button', { name: /Mushak/ })).toBeNull()
    expect(rowOf('Pliers').queryByRole('button', { name: /Mushak/ })).toBeNull()
    expect(rowOf('Hammer').queryByRole('button', { name: /Mushak/ })).toBeNull()
    expect(
      rowOf('Saw').getByRole('button', { name: `Mushak-6.3 (PDF): Saw, ${email}` }),
    ).toBeVisible()
    await user.click(
      rowOf('Wrench').getByRole('button', { name: `Mushak-6.3 (PDF): Wrench, ${email}` }),
    )
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(mushak.seen).toEqual([
      { path: '/api/purchase/o-domestic/mushak-6.3.pdf', authorization: 'Bearer admin-token' },
    ])
  })
})

describe(
  'Mushak-6.7 (PDF), the credit note, where the Mushak-6.3 is offered',
  { timeout: 20_000 },
  () => {
    const withCancelled = () => [
      ...orders(),
      makeOrder({
        ...paid,
        _id: 'o-cancelled',
        tools: 'Drill',
        status: 'cancelled',
        paymentState: 'refunded',
        mushakSerial: '2026-27/000044',
        creditNoteSerial: '2026-27/1',
      }),
    ]
    const creditNoteServer = () => {
      const seen: string[] = []
      const handler = http.get(invoicesContract.creditNote.path, ({ request, params }) => {
        seen.push(`${new URL(request.url).pathname} ${request.headers.get('authorization')}`)
        return new HttpResponse(`%PDF-1.3 Mushak-6.7 of ${String(params.id)}`, {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="mushak-6.7-2026-27-1.pdf"',
          },
        })
      })
      return { handler, seen }
    }

    test('My Orders offers it, with the invoice and the 6.3, on a cancelled order that has one only', async () => {
      const note = creditNoteServer()
      server.use(
        note.handler,
        sessionHandler(makeUser({ email })),
        ...ordersServer(withCancelled()).handlers,
      )
      setAccessToken('buyer-token')
      const { user } = renderApp('/dashboard/myorder')

      await screen.findByRole('cell', { name: 'Drill' })
      expect(rowOf('Drill').getByRole('button', { name: 'Invoice (PDF): Drill' })).toBeVisible()
      expect(rowOf('Drill').getByRole('button', { name: 'Mushak-6.3 (PDF): Drill' })).toBeVisible()
      expect(rowOf('Wrench').queryByRole('button', { name: /Mushak-6\.7/ })).toBeNull()
      await user.click(rowOf('Drill').getByRole('button', { name: 'Mushak-6.7 (PDF): Drill' }))
      await waitFor(() =>
        expect(clicked).toEqual([{ href: 'blob:mushak-1', download: 'mushak-6.7-2026-27-1.pdf' }]),
      )
      expect(note.seen).toEqual(['/api/purchase/o-cancelled/mushak-6.7.pdf Bearer buyer-token'])
    })

    test('Manage Orders offers it to the admin', async () => {
      const note = creditNoteServer()
      server.use(
        note.handler,
        sessionHandler(makeUser({ email: admin })),
        adminHandler([admin]),
        ...ordersServer(withCancelled()).handlers,
      )
      setAccessToken('admin-token')
      const { user } = renderApp('/dashboard/manageorders')

      await screen.findByRole('cell', { name: 'Drill' })
      expect(rowOf('Saw').queryByRole('button', { name: /Mushak-6\.7/ })).toBeNull()
      await user.click(
        rowOf('Drill').getByRole('button', { name: `Mushak-6.7 (PDF): Drill, ${email}` }),
      )
      await waitFor(() => expect(clicked).toHaveLength(1))
      expect(note.seen).toEqual(['/api/purchase/o-cancelled/mushak-6.7.pdf Bearer admin-token'])
    })
  },
)
