import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { deliveryWords, exportWords } from '@toolworks/shared'

import { makeOrder, makeTool, makeUser } from '@/testing/factories'
import { profileHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { cartServer, checkoutHandler } from '@/testing/handlers/cart'
import { toolsByIdHandler } from '@/testing/handlers/catalog'
import { exchangeRateHandler } from '@/testing/handlers/exchange-rate'
import { ordersServer } from '@/testing/handlers/orders'
import { paymentsConfigHandler, paymentsServer } from '@/testing/handlers/payments'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

/** The checkout's delivery block, and where it starts from. */
const email = 'jane@example.com'
const saw = makeTool({ _id: 'saw', name: 'Hand Saw', price: 25, minimum: 1, quantity: 3 })

function signedIn(
  profile: Parameters<typeof profileHandler>[0],
  orders = [] as ReturnType<typeof makeOrder>[],
) {
  const cart = cartServer([{ tool: 'saw', quantity: 2 }])
  const placed = makeOrder({ _id: 'o30', customer: email })
  const checkout = checkoutHandler({ order: () => placed })
  const known = ordersServer([...orders, placed])
  server.use(
    sessionHandler(makeUser({ email, name: 'Jane Doe' })),
    profileHandler(profile),
    toolsByIdHandler([saw]),
    ...cart.handlers,
    checkout.handler,
    ...ordersServer(orders).handlers,
    paymentsConfigHandler('sandbox'),
    ...paymentsServer(known).handlers,
  )
  return checkout
}

describe('/cart checkout delivery block', () => {
  test('starts from the profile’s Company and Delivery address and sends the block', async () => {
    const checkout = signedIn({
      phone: '+880 1711 111111',
      company: 'Meghna Fabrication Ltd',
      street: 'Plot 7, BSCIC Industrial Area',
      city: 'Gazipur',
      postcode: '1703',
      country: 'BD',
    })
    const { user, router } = renderApp('/cart')

    expect(await screen.findByLabelText(deliveryWords.company)).toHaveValue(
      'Meghna Fabrication Ltd',
    )
    expect(screen.getByLabelText('Address')).toHaveValue('Plot 7, BSCIC Industrial Area')
    expect(screen.getByLabelText(deliveryWords.city)).toHaveValue('Gazipur')
    expect(screen.getByLabelText(deliveryWords.postcode)).toHaveValue('1703')
    expect(screen.getByRole('group', { name: deliveryWords.legend })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Checkout' }))

    await expect.poll(() => router.state.location.pathname).toBe('/dashboard/payment/o30')
    expect(checkout.seen).toEqual([
      expect.objectContaining({
        phone: '+880 1711 111111',
        company: 'Meghna Fabrication Ltd',
        street: 'Plot 7, BSCIC Industrial Area',
        city: 'Gazipur',
        postcode: '1703',
        country: 'BD',
      }),
    ])
    expect(checkout.seen[0]).not.toHaveProperty('address')
  })

  test('with no block in the profile, the last order’s block fills it', async () => {
    const last = makeOrder({
      customer: email,
      company: 'Tongi Tools',
      street: 'Road 9',
      city: 'Tongi',
      postcode: '1710',
      address: 'Road 9, Tongi 1710, BD',
    })
    signedIn({ phone: '+880 1711 111111' }, [last])
    renderApp('/cart')

    expect(await screen.findByLabelText('Address')).toHaveValue('Road 9')
    expect(screen.getByLabelText(deliveryWords.company)).toHaveValue('Tongi Tools')
    expect(screen.getByLabelText(deliveryWords.city)).toHaveValue('Tongi')
    expect(screen.getByLabelText(deliveryWords.postcode)).toHaveValue('1710')
  })

  test('a missing city and a bad postcode are named on their fields and nothing is sent', async () => {
    const checkout = signedIn({ phone: '+880 1711 111111' })
    const { user } = renderApp('/cart')

    await user.type(await screen.findByLabelText('Address'), 'Road 5')
    await user.type(screen.getByLabelText(deliveryWords.postcode), '12/34')
    await user.click(screen.getByRole('button', { name: 'Checkout' }))

    expect(await screen.findByLabelText(deliveryWords.city)).toHaveAccessibleDescription(
      deliveryWords.cityRequired,
    )
    expect(screen.getByLabelText(deliveryWords.postcode)).toHaveAccessibleDescription(
      deliveryWords.postcodeInvalid,
    )
    expect(checkout.seen).toEqual([])
  })

  test('an export to a Bangladeshi city is refused on the city before anything is sent', async () => {
    const checkout = signedIn({
      phone: '+49 30 1234567',
      street: 'Road 5',
      city: 'Chittagong',
      postcode: '4000',
      country: 'DE',
    })
    const { user } = renderApp('/cart')

    await user.click(await screen.findByRole('button', { name: 'Checkout' }))
    expect(await screen.findByLabelText(deliveryWords.city)).toHaveAccessibleDescription(
      exportWords.exportToBangladeshiCity('Chittagong'),
    )
    expect(checkout.seen).toEqual([])
  })

  test('an export in taka is refused on the country before anything is sent', async () => {
    document.cookie = 'currency=BDT; Path=/'
    try {
      server.use(...exchangeRateHandler(122.5))
      const checkout = signedIn({
        phone: '+49 30 1234567',
        street: 'Friedrichstraße 12',
        city: 'Berlin',
        postcode: '10117',
        country: 'DE',
      })
      const { user } = renderApp('/cart')

      await user.click(await screen.findByRole('button', { name: 'Checkout' }))
      expect(await screen.findByRole('combobox', { name: /country/i })).toHaveAccessibleDescription(
        expect.stringContaining(exportWords.exportNeedsUsd),
      )
      expect(checkout.seen).toEqual([])
    } finally {
      document.cookie = 'currency=; Path=/; Max-Age=0'
    }
  })
})
