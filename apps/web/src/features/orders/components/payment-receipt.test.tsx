import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeOrder } from '@/testing/factories'
import { renderWithProviders } from '@/testing/render'

import { PaymentReceipt } from './payment-receipt'

const paid = { paid: true, paymentState: 'paid', transactionId: 'pi_1' } as const

describe('PaymentReceipt delivery address', () => {
  test('an order with a delivery block shows the company and the block, the country once', () => {
    const order = makeOrder({
      ...paid,
      customerName: 'Jane Doe',
      company: 'Meghna Fabrication Ltd',
      street: 'Plot 7, BSCIC Industrial Area',
      city: 'Gazipur',
      postcode: '1703',
      address: 'Plot 7, BSCIC Industrial Area, Gazipur 1703, BD',
      phone: '+880 1711 000001',
    })
    renderWithProviders(<PaymentReceipt order={order} />)

    const dd = screen.getByText('Delivery address').nextElementSibling
    expect(dd?.textContent).toBe(
      'Jane Doe\nMeghna Fabrication Ltd\nPlot 7, BSCIC Industrial Area, Gazipur 1703\nBangladesh\n+880 1711 000001',
    )
  })

  test('an order placed with the seed’s one address shows that address', () => {
    const order = makeOrder({ ...paid, customerName: 'Jane Doe', address: 'House 12, Gazipur' })
    renderWithProviders(<PaymentReceipt order={order} />)

    expect(screen.getByText('Delivery address').nextElementSibling?.textContent).toBe(
      'Jane Doe\nHouse 12, Gazipur\nBangladesh\n+880 1700 000000',
    )
  })
})
