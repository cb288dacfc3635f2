import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { exportWords as w } from '@toolworks/shared'

import { makeOrder, makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { ordersServer } from '@/testing/handlers/orders'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'

/** Manage Orders and export orders: the badges, and the document that lets one ship. */
function setup() {
  const orders = ordersServer([
    makeOrder({
      _id: 'e1',
      orderNumber: 'TW-10501',
      tools: 'Bench vise',
      customer: 'hans@example.com',
      paid: true,
      status: 'paid',
      country: 'DE',
      export: true,
      exportCheck: true,
    }),
    makeOrder({
      _id: 'd1',
      orderNumber: 'TW-10502',
      tools: 'Wrench',
      customer: 'ann@example.com',
      paid: true,
      status: 'paid',
    }),
  ])
  server.use(sessionHandler(makeUser({ email: admin })), adminHandler([admin]), ...orders.handlers)
  return { ...renderApp('/dashboard/manageorders'), orders }
}

const rowOf = async (tool: string) =>
  within((await screen.findByRole('cell', { name: tool })).closest('tr')!)

describe('Manage Orders and exports', () => {
  test('an export shows Export and Check export, and no Mark shipped until its document is recorded', async () => {
    setup()
    const vise = await rowOf('Bench vise')
    expect(vise.getByText(w.badge)).toBeInTheDocument()
    expect(vise.getByText(w.checkBadge)).toBeInTheDocument()
    expect(vise.getByText(w.documentNone)).toBeInTheDocument()
    expect(vise.queryByRole('button', { name: /Mark shipped/ })).toBeNull()

    const wrench = await rowOf('Wrench')
    expect(wrench.queryByText(w.badge)).toBeNull()
    expect(wrench.queryByRole('button', { name: w.documentFor('TW-10502') })).toBeNull()
    expect(wrench.getByRole('button', { name: /Mark shipped/ })).toBeInTheDocument()
  })

  test('the small form records the airway bill; then the export may be marked shipped', async () => {
    const { user, orders } = setup()
    const vise = await rowOf('Bench vise')
    await user.click(vise.getByRole('button', { name: w.documentFor('TW-10501') }))
    const dialog = await screen.findByRole('dialog', { name: w.documentFor('TW-10501') })
    const form = within(dialog)

    // An empty number is refused in the browser by the route's own schema: nothing is sent.
    await user.click(form.getByRole('button', { name: w.documentSave }))
    expect(await form.findByText('number is required')).toBeInTheDocument()
    expect(orders.seen.filter((r) => r.method === 'PUT')).toEqual([])

    await user.selectOptions(form.getByLabelText(w.documentKind), 'shipping-bill')
    await user.type(form.getByLabelText(w.documentNumber), 'SB-2026-0042')
    await user.click(form.getByRole('button', { name: w.documentSave }))

    expect(await screen.findByText('Shipping bill SB-2026-0042')).toBeInTheDocument()
    expect(orders.seen.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { kind: 'shipping-bill', number: 'SB-2026-0042' },
    ])
    const after = await rowOf('Bench vise')
    expect(after.getByRole('button', { name: /Mark shipped/ })).toBeInTheDocument()
  })
})
