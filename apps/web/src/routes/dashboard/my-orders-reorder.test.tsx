import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { quickOrderMessages } from '@toolworks/shared'

import { makeOrder, makeOrderLine, makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { cartServer, reorderHandler } from '@/testing/handlers/cart'
import { ordersServer } from '@/testing/handlers/orders'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const w = quickOrderMessages.reorder
const email = 'jane@example.com'

function setup(changed: { tool: string; name: string; was: number; now: number }[]) {
  const orders = ordersServer([
    makeOrder({
      _id: 'o1',
      customer: email,
      customerName: 'Jane',
      paid: true,
      status: 'shipped',
      transactionId: 'pi_1',
      lines: [
        makeOrderLine({ tool: 'clamp', name: 'Spring clamp', quantity: 2, unitPrice: 19.99 }),
        makeOrderLine({ tool: 'bolt', name: 'M8 bolt', quantity: 100, unitPrice: 0.4 }),
      ],
    }),
    // Custom parts only: nothing from stock to order again.
    makeOrder({
      _id: 'o2',
      customer: email,
      customerName: 'Jane',
      toolsId: 'q1',
      lines: [makeOrderLine({ tool: null, quote: 'q1', name: 'Custom: Bracket', quantity: 500 })],
    }),
  ])
  const cart = cartServer([{ tool: 'clamp', quantity: 1 }])
  const reorder = reorderHandler({
    cart,
    added: [
      { tool: 'clamp', quantity: 2 },
      { tool: 'bolt', quantity: 100 },
    ],
    changed,
  })
  server.use(
    sessionHandler(makeUser({ email })),
    ...orders.handlers,
    ...cart.handlers,
    reorder.handler,
  )
  localStorage.setItem('accessToken', 'token-1')
  return { cart, reorder, ...renderApp('/dashboard/myorder') }
}

describe('My Orders: Order again', () => {
  test('puts the order’s tools in the cart and names each price that changed', async () => {
    const { cart, reorder, user } = setup([
      { tool: 'clamp', name: 'Spring clamp', was: 19.99, now: 24.99 },
    ])
    const button = await screen.findByRole('button', { name: `${w.button}: Spring clamp, M8 bolt` })
    // The custom-only order has no Order again; the table keeps its columns.
    expect(screen.queryByRole('button', { name: `${w.button}: Custom: Bracket` })).toBeNull()
    expect(screen.getAllByRole('columnheader')).toHaveLength(9)

    await user.click(button)
    const notice = await screen.findByText(w.changed(1))
    expect(
      within(notice.parentElement!).getByText(w.priceChange('Spring clamp', '$19.99', '$24.99')),
    ).toBeInTheDocument()
    expect(reorder.seen).toEqual(['o1'])
    expect(cart.lines()).toEqual([
      { tool: 'clamp', quantity: 3 },
      { tool: 'bolt', quantity: 100 },
    ])
    // The header's cart follows the answer.
    expect(await screen.findByRole('link', { name: /Cart, 2 items/ })).toBeInTheDocument()
  })

  test('says the tools are in the cart when no price changed', async () => {
    const { user } = setup([])
    await user.click(
      await screen.findByRole('button', { name: `${w.button}: Spring clamp, M8 bolt` }),
    )
    expect(await screen.findByText(w.added)).toBeInTheDocument()
  })
})
