import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { QUOTE_VALID_DAYS_DEFAULT, shopDate, type QuoteRequest } from '@toolworks/shared'

import { makeQuoteMessage, makeQuoteOffer, makeQuoteRequest, makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { quotesServer } from '@/testing/handlers/quotes'
import { offerServer } from '@/testing/handlers/quotes-admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'
const DAY_MS = 86_400_000
const day = (days: number) => shopDate(new Date(Date.now() + days * DAY_MS))

const requested = makeQuoteRequest({
  _id: 'q1',
  partName: 'Bracket',
  customer: 'jane@example.com',
  quantities: [100, 500],
  material: 'Stainless steel 304',
  drawings: [{ _id: 'd1', name: 'bracket.step', type: 'model/step', kind: 'step', size: 2048 }],
})

function setup(quote: QuoteRequest = requested) {
  const quotes = quotesServer([quote], {
    conversation: {
      [quote._id]: [makeQuoteMessage({ authorName: 'Jane Doe', text: 'Can you anodise it?' })],
    },
  })
  const offers = offerServer(quotes)
  server.use(
    sessionHandler(makeUser({ email: admin })),
    adminHandler([admin]),
    offers.handler,
    ...quotes.handlers,
  )
  return { ...renderApp(`/dashboard/quotes/${quote._id}`), quotes, offers }
}

const form = async (name: string | RegExp = 'Send a quote') =>
  within(await screen.findByRole('form', { name }))

describe('a quote request (admin)', () => {
  test('shows what was sent, the drawings and the conversation beside the quote form', async () => {
    setup()

    expect(
      await screen.findByRole('heading', { name: 'Quote request: Bracket', level: 2 }),
    ).toBeInTheDocument()
    expect(screen.getByText('Stainless steel 304')).toBeInTheDocument()
    expect(screen.getByText('bracket.step')).toBeInTheDocument()
    expect(await screen.findByText('Can you anodise it?')).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Send a quote' })).toBeInTheDocument()
  })

  test('starts one line per requested quantity, prices empty, Valid until 14 days ahead', async () => {
    setup()
    const f = await form()

    expect(f.getByLabelText('Line 1: quantity')).toHaveValue(100)
    expect(f.getByLabelText('Line 2: quantity')).toHaveValue(500)
    expect(f.queryByLabelText('Line 3: quantity')).toBeNull()
    expect(f.getByLabelText('Line 1: Unit price')).toHaveValue(null)
    expect(f.getByLabelText('Lead time (days)')).toHaveValue(null)
    expect(QUOTE_VALID_DAYS_DEFAULT).toBe(14)
    expect(f.getByLabelText('Valid until')).toHaveValue(day(14))
    expect(f.getByLabelText('Note to customer')).toHaveValue('')
  })

  test('checks the form before sending: prices, lead time, a date in the past', async () => {
    const { user, offers } = setup()
    const f = await form()

    fireEvent.change(f.getByLabelText('Valid until'), { target: { value: day(-1) } })
    await user.click(f.getByRole('button', { name: 'Send quote' }))

    expect(await f.findByLabelText('Line 1: Unit price')).toHaveAccessibleDescription(
      'Unit price must be a positive amount in dollars',
    )
    expect(f.getByLabelText('Line 2: Unit price')).toHaveAccessibleDescription(
      'Unit price must be a positive amount in dollars',
    )
    expect(f.getByLabelText('Lead time (days)')).toHaveAccessibleDescription(
      'Lead time must be 1 to 365 working days',
    )
    expect(f.getByLabelText('Valid until')).toHaveAccessibleDescription(
      'Valid until cannot be in the past',
    )

    await user.type(f.getByLabelText('Line 1: Unit price'), '4.505')
    await user.click(f.getByRole('button', { name: 'Send quote' }))
    expect(f.getByLabelText('Line 1: Unit price')).toHaveAccessibleDescription(
      'Unit price must be in whole cents',
    )
    expect(offers.seen).toEqual([])
  })

  test('sends the lines, an added line, lead time, Valid until and note; then offers to revise', async () => {
    const { user, offers } = setup()
    const f = await form()

    await user.type(f.getByLabelText('Line 1: Unit price'), '4.50')
    await user.type(f.getByLabelText('Line 2: Unit price'), '3.20')
    await user.click(f.getByRole('button', { name: 'Add a quantity line' }))
    await user.type(f.getByLabelText('Line 3: quantity'), '1000')
    await user.type(f.getByLabelText('Line 3: Unit price'), '2.90')
    await user.type(f.getByLabelText('Lead time (days)'), '12')
    await user.type(f.getByLabelText('Note to customer'), 'Anodised, black.')
    await user.click(f.getByRole('button', { name: 'Send quote' }))

    expect(await screen.findByText('Quote sent.')).toBeInTheDocument()
    expect(offers.seen).toEqual([
      {
        lines: [
          { quantity: 100, unitPrice: 4.5 },
          { quantity: 500, unitPrice: 3.2 },
          { quantity: 1000, unitPrice: 2.9 },
        ],
        leadTimeDays: 12,
        validUntil: day(14),
        note: 'Anodised, black.',
      },
    ])
    // The answer is on the page at once: the offer, and the form to revise it, prefilled.
    const revise = await form('Revise the quote')
    expect(revise.getByLabelText('Line 3: Unit price')).toHaveValue(2.9)
    expect(screen.getByRole('heading', { name: /Quote \(Revision 1\)/ })).toBeInTheDocument()
  })

  test('adds lines up to six and removes one', async () => {
    const { user } = setup()
    const f = await form()

    for (let i = 0; i < 4; i += 1)
      await user.click(f.getByRole('button', { name: 'Add a quantity line' }))
    expect(f.getByLabelText('Line 6: quantity')).toBeInTheDocument()
    expect(f.getByRole('button', { name: 'Add a quantity line' })).toBeDisabled()

    await user.click(f.getByRole('button', { name: 'Remove line 6' }))
    expect(f.queryByLabelText('Line 6: quantity')).toBeNull()
    expect(f.getByRole('button', { name: 'Add a quantity line' })).toBeEnabled()
  })

  test('a quoted request: the latest offer and earlier revisions, and Revise the quote prefilled', async () => {
    const first = makeQuoteOffer({ revision: 1, lines: [{ quantity: 100, unitPrice: 5 }] })
    const latest = makeQuoteOffer({
      revision: 2,
      lines: [
        { quantity: 100, unitPrice: 4.75 },
        { quantity: 500, unitPrice: 3.1 },
      ],
      leadTimeDays: 9,
      validUntil: day(20),
      note: 'Price held for three weeks.',
    })
    const { user, offers } = setup(
      makeQuoteRequest({ ...requested, status: 'quoted', offers: [first, latest], offer: latest }),
    )
    const f = await form('Revise the quote')

    expect(f.getByLabelText('Line 1: quantity')).toHaveValue(100)
    expect(f.getByLabelText('Line 1: Unit price')).toHaveValue(4.75)
    expect(f.getByLabelText('Line 2: Unit price')).toHaveValue(3.1)
    expect(f.getByLabelText('Lead time (days)')).toHaveValue(9)
    expect(f.getByLabelText('Valid until')).toHaveValue(day(20))
    expect(f.getByLabelText('Note to customer')).toHaveValue('Price held for three weeks.')
    expect(screen.getByRole('heading', { name: /Quote \(Revision 2\)/ })).toBeInTheDocument()
    expect(screen.getByText('Earlier revisions')).toBeInTheDocument()

    await user.clear(f.getByLabelText('Line 2: Unit price'))
    await user.type(f.getByLabelText('Line 2: Unit price'), '2.95')
    await user.click(f.getByRole('button', { name: 'Send quote' }))
    await expect.poll(() => offers.seen).toHaveLength(1)
    expect(offers.seen[0]).toMatchObject({
      lines: [
        { quantity: 100, unitPrice: 4.75 },
        { quantity: 500, unitPrice: 2.95 },
      ],
      leadTimeDays: 9,
    })
    expect(await screen.findByRole('heading', { name: /Quote \(Revision 3\)/ })).toBeInTheDocument()
  }, 20_000) // many keystrokes on a busy machine, not a timing assert

  test('a 503 keeps every value typed and says the quote was not sent', async () => {
    const { user, offers } = setup()
    offers.failWith(503)
    const f = await form()

    await user.type(f.getByLabelText('Line 1: Unit price'), '4.50')
    await user.type(f.getByLabelText('Line 2: Unit price'), '3.20')
    await user.type(f.getByLabelText('Lead time (days)'), '12')
    await user.type(f.getByLabelText('Note to customer'), 'Anodised.')
    await user.click(f.getByRole('button', { name: 'Send quote' }))

    expect(await f.findByRole('alert')).toHaveTextContent(/^The quote was not sent\./)
    expect(f.getByLabelText('Line 1: Unit price')).toHaveValue(4.5)
    expect(f.getByLabelText('Line 2: Unit price')).toHaveValue(3.2)
    expect(f.getByLabelText('Lead time (days)')).toHaveValue(12)
    expect(f.getByLabelText('Note to customer')).toHaveValue('Anodised.')
    // Still the admin's page, still signed in.
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument()

    offers.failWith(null)
    await user.click(f.getByRole('button', { name: 'Send quote' }))
    expect(await screen.findByText('Quote sent.')).toBeInTheDocument()
    expect(offers.seen).toHaveLength(2)
  })

  test('the server’s field messages land on their fields', async () => {
    const { user, offers } = setup()
    offers.refuseFields({
      'lines.1.unitPrice': 'Unit price must be in whole cents',
      validUntil: 'Valid until can be at most 180 days ahead',
    })
    const f = await form()

    await user.type(f.getByLabelText('Line 1: Unit price'), '4.50')
    await user.type(f.getByLabelText('Line 2: Unit price'), '3.20')
    await user.type(f.getByLabelText('Lead time (days)'), '12')
    await user.click(f.getByRole('button', { name: 'Send quote' }))

    expect(await f.findByText('Unit price must be in whole cents')).toBeInTheDocument()
    expect(f.getByLabelText('Line 2: Unit price')).toHaveAccessibleDescription(
      'Unit price must be in whole cents',
    )
    expect(f.getByLabelText('Valid until')).toHaveAccessibleDescription(
      'Valid until can be at most 180 days ahead',
    )
    expect(f.getByLabelText('Line 1: Unit price')).not.toHaveAttribute('aria-invalid')
  })

  test('an ordered request links to Manage Orders and has no quote form', async () => {
    setup(
      makeQuoteRequest({
        ...requested,
        status: 'ordered',
        offer: makeQuoteOffer(),
        accepted: { quantity: 100, unitPrice: 4.5 },
        orderId: 'o9',
      }),
    )

    expect(await screen.findByRole('link', { name: 'View the order' })).toHaveAttribute(
      'href',
      '/dashboard/manageorders?q=jane%40example.com',
    )
    expect(screen.queryByRole('form', { name: /Send a quote|Revise the quote/ })).toBeNull()
  })

  test('an unknown request says so and leads back to Quote Requests', async () => {
    server.use(
      sessionHandler(makeUser({ email: admin })),
      adminHandler([admin]),
      ...quotesServer([]).handlers,
    )
    renderApp('/dashboard/quotes/nope')

    expect(await screen.findByText('We could not find that quote request.')).toBeInTheDocument()
    // The page's own way back, besides the dashboard menu's item.
    const back = screen.getAllByRole('link', { name: 'Quote Requests' })
    expect(back).toHaveLength(2)
    for (const link of back) expect(link).toHaveAttribute('href', '/dashboard/quotes')
  })
})
