import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeQuoteOffer, makeQuoteRequest, makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { quotesServer } from '@/testing/handlers/quotes'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'

function setup(path = '/dashboard/quotes') {
  const quotes = quotesServer([
    makeQuoteRequest({
      _id: 'q1',
      partName: 'Bracket',
      customer: 'jane@example.com',
      process: 'machining',
      quantities: [100, 500, 1000],
      createdAt: '2026-11-20T20:00:00.000Z',
    }),
    makeQuoteRequest({ _id: 'q2', partName: 'Gear housing', process: 'molding' }),
    makeQuoteRequest({
      _id: 'q3',
      partName: 'Panel',
      process: 'cutting',
      status: 'quoted',
      offers: [makeQuoteOffer()],
    }),
  ])
  server.use(sessionHandler(makeUser({ email: admin })), adminHandler([admin]), ...quotes.handlers)
  return { ...renderApp(path), quotes }
}

const listRequests = (quotes: ReturnType<typeof quotesServer>) =>
  quotes.seen.filter((r) => r.url.pathname === '/api/quote/admin').map((r) => r.url.search)

describe('Quote Requests (admin)', () => {
  test('lists every request with its count, the waiting count and an Open link', async () => {
    setup()

    expect(
      await screen.findByRole('heading', { name: 'Quote Requests (3)', level: 2 }),
    ).toBeInTheDocument()
    expect(screen.getByText('2 waiting for a quote')).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Quote Requests' })
    const bracket = within(table).getByRole('rowheader', { name: 'Bracket' })
    const row = within(bracket.closest('tr') ?? table)
    // Customer, process, quantities, status and the shop's date (Dhaka is UTC+6: the 21st).
    expect(row.getAllByRole('cell')[0]).toHaveTextContent('jane@example.com')
    expect(row.getByText('Machining')).toBeInTheDocument()
    expect(row.getByText('100 / 500 / 1,000')).toBeInTheDocument()
    expect(row.getByText('Requested')).toBeInTheDocument()
    expect(row.getByText('2026-11-21')).toBeInTheDocument()
    expect(row.getByRole('link', { name: 'Open Bracket' })).toHaveAttribute(
      'href',
      '/dashboard/quotes/q1',
    )
    expect(within(table).getAllByRole('row')).toHaveLength(4)
  })

  test('the status filter lives in the URL and asks the server for that status', async () => {
    const { user, router, quotes } = setup()
    await screen.findByRole('heading', { name: 'Quote Requests (3)' })

    await user.selectOptions(screen.getByLabelText('Status'), 'Quoted')

    await expect.poll(() => router.state.location.search).toBe('?status=quoted')
    expect(await screen.findByRole('heading', { name: 'Quote Requests (1)' })).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'Panel' })).toBeInTheDocument()
    expect(screen.queryByRole('rowheader', { name: 'Bracket' })).toBeNull()
    // The waiting count is the shop's, whatever the filter.
    expect(screen.getByText('2 waiting for a quote')).toBeInTheDocument()
    expect(listRequests(quotes)).toContain('?status=quoted')

    await user.selectOptions(screen.getByLabelText('Status'), 'All')
    await expect.poll(() => router.state.location.search).toBe('')
    expect(await screen.findByRole('heading', { name: 'Quote Requests (3)' })).toBeInTheDocument()
  })

  test('opening /dashboard/quotes?status=requested shows that filter chosen', async () => {
    const { quotes } = setup('/dashboard/quotes?status=requested')

    expect(await screen.findByRole('heading', { name: 'Quote Requests (2)' })).toBeInTheDocument()
    expect(screen.getByLabelText('Status')).toHaveValue('requested')
    expect(listRequests(quotes)).toEqual(['?status=requested'])
  })

  test('an empty filter says no request matches', async () => {
    setup('/dashboard/quotes?status=ordered')
    expect(await screen.findByText('No quote requests match.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Quote Requests (0)' })).toBeInTheDocument()
  })
})
