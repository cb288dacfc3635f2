import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { quickOrderMessages as qm } from '@toolworks/shared'

import { makeTool, makeUser } from '@/testing/factories'
import { profileHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { cartServer, quickOrderHandler } from '@/testing/handlers/cart'
import { toolsByIdHandler } from '@/testing/handlers/catalog'
import { activePromotionsHandler } from '@/testing/handlers/promotions'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const email = 'jane@example.com'
const wrench = makeTool({ _id: 'wrench', name: 'Torque wrench', price: 80 })
const hammer = makeTool({ _id: 'hammer', name: 'Ball-peen hammer', price: 13 })

function signedIn() {
  const cart = cartServer([{ tool: 'wrench', quantity: 1 }])
  const quick = quickOrderHandler({
    parts: { 'TW-WR-TQ210': 'wrench', 'TW-HM-BP16': 'hammer' },
    closest: { 'TW-HM-BP61': 'TW-HM-BP16' },
    cart,
  })
  server.use(
    sessionHandler(makeUser({ email, name: 'Jane Doe' })),
    profileHandler({ phone: '+880 1711 111111', location: 'Road 5, Dhaka' }),
    toolsByIdHandler([wrench, hammer]),
    activePromotionsHandler([]),
    ...cart.handlers,
    quick.handler,
  )
  localStorage.setItem('accessToken', 'token-1')
  return { cart, quick }
}

describe('/quick-order', () => {
  test('a bad line shows why with a one-click fix; then every line goes to the cart', async () => {
    const { cart, quick } = signedIn()
    const { user, router } = renderApp('/quick-order')

    const text = await screen.findByRole('textbox', { name: qm.textLabel })
    // fireEvent: userEvent would read the braces and brackets in part numbers as key names.
    fireEvent.change(text, { target: { value: 'tw-wr-tq210 2\nTW-HM-BP61;5' } })
    await user.click(screen.getByRole('button', { name: qm.check }))

    const refused = await screen.findByTestId('refused-line')
    expect(within(refused).getByText('Unknown part number.')).toBeInTheDocument()
    expect(within(refused).getByText('TW-HM-BP61')).toBeInTheDocument()
    expect(screen.getByText(qm.refused)).toBeInTheDocument()
    expect(cart.lines()).toEqual([{ tool: 'wrench', quantity: 1 }])

    await user.click(within(refused).getByRole('button', { name: /Fix: TW-HM-BP16/ }))
    expect(text).toHaveValue('tw-wr-tq210 2\nTW-HM-BP16 5')
    expect(screen.queryByTestId('refused-line')).toBeNull()

    await user.click(screen.getByRole('button', { name: qm.check }))
    await expect.poll(() => router.state.location.pathname).toBe('/cart')
    expect(cart.lines()).toEqual([
      { tool: 'wrench', quantity: 3 },
      { tool: 'hammer', quantity: 5 },
    ])
    expect(quick.seen).toEqual([
      { text: 'tw-wr-tq210 2\nTW-HM-BP61;5' },
      { text: 'tw-wr-tq210 2\nTW-HM-BP16 5' },
    ])
    expect(await screen.findByText(qm.added(2))).toBeInTheDocument()
  })

  test('a CSV file fills the lines, its header left out; an empty list is not sent', async () => {
    const { quick } = signedIn()
    const { user } = renderApp('/quick-order')

    await user.click(await screen.findByRole('button', { name: qm.check }))
    expect(await screen.findByText(qm.empty)).toBeInTheDocument()

    const file = new File(['part number,quantity\r\nTW-HM-BP16,5\r\n'], 'order.csv', {
      type: 'text/csv',
    })
    await user.upload(screen.getByLabelText(qm.upload), file)
    expect(await screen.findByRole('textbox', { name: qm.textLabel })).toHaveValue('TW-HM-BP16 5')
    expect(quick.seen).toEqual([])
    expect(screen.getByRole('button', { name: qm.sample })).toBeEnabled()
  })

  test('the cart page links to it', async () => {
    signedIn()
    renderApp('/cart')
    expect(await screen.findByRole('link', { name: qm.cartLink })).toHaveAttribute(
      'href',
      '/quick-order',
    )
  })
})
