import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { makeQuoteRequest, makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { quotesServer } from '@/testing/handlers/quotes'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const email = 'jane@example.com'

describe('My Quotes', () => {
  test('lists the buyer’s requests newest first with part, process, quantities, status and a link', async () => {
    const quotes = quotesServer([
      makeQuoteRequest({
        _id: 'old',
        customer: email,
        partName: 'Old bracket',
        process: 'welding',
        quantities: [5],
        status: 'expired',
        createdAt: '2026-10-01T08:00:00.000Z',
      }),
      makeQuoteRequest({
        _id: 'new',
        customer: email,
        partName: 'Side bracket',
        process: 'bending',
        quantities: [100, 500, 1000],
        status: 'quoted',
        // 20:00 UTC is already the 21st in Dhaka: the shop's day, as Quote Requests shows it.
        createdAt: '2026-11-20T20:00:00.000Z',
      }),
      makeQuoteRequest({ _id: 'theirs', customer: 'other@example.com', partName: 'Not mine' }),
    ])
    server.use(sessionHandler(makeUser({ email })), ...quotes.handlers)
    renderApp('/dashboard/myquotes')

    expect(await screen.findByRole('heading', { name: 'My Quotes (2)' })).toBeInTheDocument()
    expect(quotes.seen[0]?.url.searchParams.get('customer')).toBe(email)
    const table = screen.getByRole('table', { name: 'My Quotes' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Side bracket',
      'Old bracket',
    ])
    const first = within(rows[0]!)
    expect(first.getByText('Bending')).toBeInTheDocument()
    expect(first.getByText('100 / 500 / 1,000')).toBeInTheDocument()
    expect(first.getByText('Quoted')).toBeInTheDocument()
    expect(first.getByText('2026-11-21')).toHaveAttribute('dateTime', '2026-11-20T20:00:00.000Z')
    expect(first.getByRole('link', { name: 'Open Side bracket' })).toHaveAttribute(
      'href',
      '/dashboard/myquotes/new',
    )
    expect(within(rows[1]!).getByText('Expired')).toBeInTheDocument()
    expect(screen.queryByText('Not mine')).toBeNull()
  })

  test('with no requests it says so and links to Request a Quote', async () => {
    server.use(sessionHandler(makeUser({ email })), ...quotesServer().handlers)
    renderApp('/dashboard/myquotes')
    expect(await screen.findByRole('heading', { name: 'My Quotes (0)' })).toBeInTheDocument()
    expect(screen.getByText(/You have not requested a quote yet\./)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Request a Quote' })).toHaveAttribute('href', '/quote')
  })

  test('a failed load offers Retry and never signs anyone out', async () => {
    server.use(
      sessionHandler(makeUser({ email })),
      http.get('/api/quote', () =>
        HttpResponse.json({ error: { code: 'UNAVAILABLE', message: 'busy' } }, { status: 503 }),
      ),
    )
    renderApp('/dashboard/myquotes')
    expect(await screen.findByText('The quote requests could not be loaded.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    // Still signed in: the account menu's page stays, no trip to /login.
    expect(screen.getByRole('heading', { name: 'My Quotes' })).toBeInTheDocument()
  })
})
