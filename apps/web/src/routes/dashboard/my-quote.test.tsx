import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, test, vi, type MockInstance } from 'vitest'

import type { QuoteRequest } from '@toolworks/shared'

import { makeQuoteMessage, makeQuoteOffer, makeQuoteRequest, makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { cartServer } from '@/testing/handlers/cart'
import { exchangeRateHandler } from '@/testing/handlers/exchange-rate'
import { quotesServer } from '@/testing/handlers/quotes'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const email = 'jane@example.com'

const offerV2 = makeQuoteOffer({
  revision: 2,
  lines: [
    { quantity: 100, unitPrice: 4.5 },
    { quantity: 1000, unitPrice: 3.25 },
  ],
  leadTimeDays: 12,
  validUntil: '2099-02-01',
})

function setup(quote: Partial<QuoteRequest>) {
  const quotes = quotesServer(
    [
      makeQuoteRequest({
        _id: 'q1',
        customer: email,
        partName: 'Side bracket',
        process: 'bending',
        quantities: [100, 1000],
        drawings: [{ _id: 'd1', name: 'part.step', type: 'model/step', kind: 'step', size: 1024 }],
        ...quote,
      }),
    ],
    {
      conversation: {
        q1: [makeQuoteMessage({ authorName: 'Rahim', authorRole: 'admin', text: 'Quoted.' })],
      },
    },
  )
  const cart = cartServer()
  server.use(sessionHandler(makeUser({ email })), ...cart.handlers, ...quotes.handlers)
  return { ...renderApp('/dashboard/myquotes/q1'), quotes, cart }
}

const posts = (quotes: ReturnType<typeof quotesServer>, step: string) =>
  quotes.seen.filter((s) => s.method === 'POST' && s.url.pathname.endsWith(step))

let confirm: MockInstance<typeof window.confirm> | undefined
afterEach(() => confirm?.mockRestore())

describe('A buyer’s quote request', { timeout: 20_000 }, () => {
  test('shows the title, status, the quote, what was sent, the drawings and the conversation', async () => {
    setup({ status: 'quoted', offers: [makeQuoteOffer({ revision: 1 }), offerV2] })
    expect(
      await screen.findByRole('heading', { name: /^Quote request: Side bracket/ }),
    ).toHaveTextContent('Quoted')
    expect(screen.getByRole('table', { name: 'Quote: Revision 2' })).toBeInTheDocument()
    expect(screen.getByText('Lead time: 12 working days')).toBeInTheDocument()
    expect(screen.getByText('Earlier revisions')).toBeInTheDocument()
    expect(screen.getByText('Bending')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download part.step' })).toBeInTheDocument()
    expect(await screen.findByText('Quoted.')).toBeInTheDocument()
    for (const name of ['Accept quote', 'Decline', 'Withdraw request'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Quote request: Side bracket · Toolworks'))
  })

  test('in BDT the offer is in whole taka a unit, each line as the cart will total it', async () => {
    document.cookie = 'currency=BDT; Path=/'
    try {
      server.use(...exchangeRateHandler(122.5))
      setup({ status: 'quoted', offers: [offerV2] })
      const table = await screen.findByRole('table', { name: 'Quote: Revision 2' })
      // 4.50 × 122.5 = 551.25 → ৳551 a unit, × 100; 3.25 × 122.5 = 398.125 → ৳398, × 1,000.
      await waitFor(() => expect(table).toHaveTextContent('৳551.00'))
      expect(table).toHaveTextContent('৳55,100.00')
      expect(table).toHaveTextContent('৳398.00')
      expect(table).toHaveTextContent('৳3,98,000.00')
    } finally {
      document.cookie = 'currency=; Path=/; Max-Age=0'
    }
  })

  test('Accept quote asks which line, sends quantity and revision, then the quote is in the cart', async () => {
    const { user, quotes, cart } = setup({ status: 'quoted', offers: [offerV2] })
    await user.click(await screen.findByRole('button', { name: 'Accept quote' }))
    const choice = screen.getByRole('group', { name: 'Which quantity do you accept?' })
    const options = within(choice).getAllByRole('radio')
    expect(options.map((o) => o.closest('label')?.textContent)).toEqual([
      '100 at $4.50 each, $450.00',
      '1000 at $3.25 each, $3,250.00',
    ])
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled()
    const cartReads = cart.seen.filter((s) => s.method === 'GET').length
    await user.click(options[1]!)
    await user.click(screen.getByRole('button', { name: 'Confirm' }))

    expect(await screen.findByText('Quote accepted and added to your cart.')).toBeInTheDocument()
    expect(posts(quotes, '/accept').map((s) => s.body)).toEqual([{ quantity: 1000, revision: 2 }])
    expect(screen.getByText('This quote is in your cart.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/cart')
    expect(screen.getByRole('heading', { name: /^Quote request/ })).toHaveTextContent('Accepted')
    // The header's count and /cart read the cart again.
    await waitFor(() =>
      expect(cart.seen.filter((s) => s.method === 'GET').length).toBeGreaterThan(cartReads),
    )
    expect(screen.queryByRole('button', { name: 'Accept quote' })).toBeNull()
  })

  test('a quote revised while reading: 409 "the quote changed", the page shows the new revision', async () => {
    const { user, quotes } = setup({ status: 'quoted', offers: [offerV2] })
    await user.click(await screen.findByRole('button', { name: 'Accept quote' }))
    // The shop revises behind the buyer's back.
    const offerV3 = makeQuoteOffer({ revision: 3, lines: [{ quantity: 100, unitPrice: 4 }] })
    quotes.set('q1', { offer: offerV3, offers: [offerV2, offerV3] })
    await user.click(screen.getByRole('radio', { name: /^100 at/ }))
    await user.click(screen.getByRole('button', { name: 'Confirm' }))

    expect(await screen.findByText('the quote changed; please review it')).toBeInTheDocument()
    expect(await screen.findByRole('table', { name: 'Quote: Revision 3' })).toBeInTheDocument()
    expect(posts(quotes, '/accept').map((s) => s.body)).toEqual([{ quantity: 100, revision: 2 }])
    expect(screen.getByRole('heading', { name: /^Quote request/ })).toHaveTextContent('Quoted')
  })

  test('Decline takes an optional reason after a confirm', async () => {
    const { user, quotes } = setup({ status: 'quoted', offers: [offerV2] })
    await user.click(await screen.findByRole('button', { name: 'Decline' }))
    expect(screen.getByText('Decline this quote?')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Reason (optional)'), 'Too expensive')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Quote declined.')).toBeInTheDocument()
    expect(posts(quotes, '/decline').map((s) => s.body)).toEqual([{ reason: 'Too expensive' }])
    expect(screen.getByText('Declined: Too expensive')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /^Quote request/ })).toHaveTextContent('Declined')
  })

  test('Withdraw request (before a quote too) asks first; Cancel sends nothing', async () => {
    const { user, quotes } = setup({ status: 'requested' })
    expect(await screen.findByText('We are preparing your quote.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept quote' })).toBeNull()
    confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true)
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }))
    expect(posts(quotes, '/withdraw')).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }))
    expect(confirm).toHaveBeenCalledWith('Withdraw this request? The shop will stop working on it.')
    expect(await screen.findByText('Request withdrawn.')).toBeInTheDocument()
    expect(posts(quotes, '/withdraw')).toHaveLength(1)
    expect(screen.getByRole('heading', { name: /^Quote request/ })).toHaveTextContent('Withdrawn')
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull()
  })

  test('an expired quote is sent again in one click and the new request opens', async () => {
    const { user, quotes, router } = setup({
      status: 'expired',
      offers: [makeQuoteOffer({ validUntil: '2026-11-01' })],
    })
    expect(
      await screen.findByText('This quote expired on 2026-11-01. Send it again as a new request.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send again as a new request' }))
    expect(await screen.findByText('quote request sent')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myquotes/q1-again'))
    expect(posts(quotes, '/resend')).toHaveLength(1)
    // The router's location moves before React has drawn the new page: wait for the drawing.
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: /^Quote request: Side bracket/ }),
      ).toHaveTextContent('Requested'),
    )
  })

  test('accepted shows the cart; ordered links to the order', async () => {
    const accepted = setup({
      status: 'accepted',
      offers: [offerV2],
      accepted: { quantity: 1000, unitPrice: 3.25 },
    })
    expect(await screen.findByText('This quote is in your cart.')).toBeInTheDocument()
    expect(screen.getByText('1000 at $3.25 each, $3,250.00')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/cart')
    accepted.unmount()
    setup({ status: 'ordered', offers: [offerV2], orderId: 'o1' })
    expect(await screen.findByRole('link', { name: 'View the order' })).toHaveAttribute(
      'href',
      '/dashboard/myorder',
    )
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull()
  })

  test('a request that is not there (or not theirs) says so', async () => {
    server.use(sessionHandler(makeUser({ email })), ...quotesServer().handlers)
    renderApp('/dashboard/myquotes/nope')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('We could not find that quote request.')
    expect(within(alert).getByRole('link', { name: 'My Quotes' })).toHaveAttribute(
      'href',
      '/dashboard/myquotes',
    )
  })

  test('a step that fails for a passing reason says try again and keeps the page', async () => {
    const { user } = setup({ status: 'quoted', offers: [offerV2] })
    server.use(
      http.post('/api/quote/:id/decline', () =>
        HttpResponse.json({ error: { code: 'UNAVAILABLE', message: 'busy' } }, { status: 503 }),
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Decline' }))
    await user.type(screen.getByLabelText('Reason (optional)'), 'Later')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(
      await screen.findByText('That did not go through. Please try again.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Reason (optional)')).toHaveValue('Later')
  })
})
