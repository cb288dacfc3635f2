import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { deliveryWords } from '@toolworks/shared'

import { makeUser } from '@/testing/factories'
import { profileHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

/** My Profile keeps the seed's fields and adds Company and the Delivery address. */
const email = 'jane@example.com'
const seed = {
  phone: '+880 1700 000000',
  location: 'Dhaka',
  education: 'BUET',
  linkedin: 'https://linkedin.com/in/jane',
}

function sendingServer() {
  const sent: unknown[] = []
  const handler = http.put('/api/updateduser', async ({ request }) => {
    sent.push(await request.json())
    return HttpResponse.json({ acknowledged: true, modifiedCount: 1 })
  })
  return { handler, sent }
}

describe('My Profile: Company and Delivery address', { timeout: 20_000 }, () => {
  test('saves Company and the delivery block with the seed’s fields', async () => {
    const put = sendingServer()
    server.use(sessionHandler(makeUser({ email })), profileHandler(seed), put.handler)
    const { user } = renderApp('/dashboard')

    await user.type(await screen.findByLabelText(deliveryWords.company), 'Meghna Fabrication Ltd')
    const block = within(screen.getByRole('group', { name: deliveryWords.legend }))
    await user.type(block.getByLabelText('Address'), 'Plot 7, BSCIC Industrial Area')
    await user.type(block.getByLabelText(deliveryWords.city), 'Gazipur')
    await user.type(block.getByLabelText(deliveryWords.postcode), '1703')
    await user.selectOptions(block.getByLabelText('Country'), 'BD')
    await user.click(screen.getByRole('button', { name: 'Update Profile' }))

    expect(await screen.findByText('Updated Profile successfully')).toBeInTheDocument()
    expect(put.sent).toEqual([
      {
        ...seed,
        country: 'BD',
        company: 'Meghna Fabrication Ltd',
        street: 'Plot 7, BSCIC Industrial Area',
        city: 'Gazipur',
        postcode: '1703',
      },
    ])
  })

  test('a profile without them sends only the seed’s fields, as before', async () => {
    const put = sendingServer()
    server.use(sessionHandler(makeUser({ email })), profileHandler(seed), put.handler)
    const { user } = renderApp('/dashboard')

    await user.click(await screen.findByRole('button', { name: 'Update Profile' }))

    expect(await screen.findByText('Updated Profile successfully')).toBeInTheDocument()
    expect(put.sent).toEqual([seed])
  })

  test('an address without city and postcode is named on the fields and not sent', async () => {
    const put = sendingServer()
    server.use(sessionHandler(makeUser({ email })), profileHandler(seed), put.handler)
    const { user } = renderApp('/dashboard')

    const block = within(await screen.findByRole('group', { name: deliveryWords.legend }))
    await user.type(block.getByLabelText('Address'), 'Plot 7')
    await user.click(screen.getByRole('button', { name: 'Update Profile' }))

    expect(await block.findByLabelText(deliveryWords.city)).toHaveAccessibleDescription(
      deliveryWords.cityRequired,
    )
    expect(block.getByLabelText(deliveryWords.postcode)).toHaveAccessibleDescription(
      deliveryWords.postcodeRequired,
    )
    expect(put.sent).toEqual([])
  })

  test('the card shows the company and the delivery address; emptying them clears them', async () => {
    const put = sendingServer()
    server.use(
      sessionHandler(makeUser({ email })),
      profileHandler({
        ...seed,
        country: 'BD',
        company: 'Meghna Fabrication Ltd',
        street: 'Plot 7',
        city: 'Gazipur',
        postcode: '1703',
      }),
      put.handler,
    )
    const { user } = renderApp('/dashboard')

    const card = within((await screen.findByText('Company', { selector: 'dt' })).closest('dl')!)
    expect(card.getByText('Meghna Fabrication Ltd')).toBeInTheDocument()
    expect(card.getByText('Plot 7, Gazipur 1703')).toBeInTheDocument()

    await user.clear(screen.getByLabelText(deliveryWords.company))
    const block = within(screen.getByRole('group', { name: deliveryWords.legend }))
    for (const label of ['Address', deliveryWords.city, deliveryWords.postcode])
      await user.clear(block.getByLabelText(label))
    await user.click(screen.getByRole('button', { name: 'Update Profile' }))

    expect(await screen.findByText('Updated Profile successfully')).toBeInTheDocument()
    expect(put.sent).toEqual([
      { ...seed, country: 'BD', company: '', street: '', city: '', postcode: '' },
    ])
  })
})
