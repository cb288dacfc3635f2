import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'

import { overviewWords } from '@toolworks/shared'

import { makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { makeOverview, statsServer } from '@/testing/handlers/stats'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

// jsdom has no canvas: the chart's drawing module (uPlot, loaded with import()) is replaced by a
// spy, so the test sees what the screen asks it to draw.
const draw = vi.hoisted(() => vi.fn(() => ({ destroy: () => undefined })))
vi.mock('@/features/stats/components/draw-revenue-chart', () => ({ drawRevenueChart: draw }))

const admin = 'boss@example.com'

function setup(path = '/dashboard/overview') {
  const month = makeOverview(30, { '2026-11-23': 210, '2026-11-21': 60, '2026-10-25': 25.5 })
  const week = makeOverview(7, { '2026-11-23': 210 })
  const stats = statsServer({ 30: month, 7: week })
  server.use(sessionHandler(makeUser({ email: admin })), adminHandler([admin]), ...stats.handlers)
  return { ...renderApp(path), stats, month, week }
}

const revenueTable = () => screen.findByRole('table', { name: /Paid revenue per day/ })

// The first test loads the dashboard's lazy screens cold: slow on a busy 2-core machine.
describe('Overview (admin)', { timeout: 20_000 }, () => {
  test('shows the chart, a table row per day with the same numbers, the cards and lists', async () => {
    const { stats, month } = setup()

    const table = await revenueTable()
    expect(table).toHaveAccessibleName('Paid revenue per day, the last 30 days')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(30)
    // Newest first, dates and dollars formatted.
    expect(rows[0]).toHaveTextContent('Mon, Nov 23, 2026')
    expect(rows[0]).toHaveTextContent('$210.00')
    expect(
      within(table).getByRole('rowheader', { name: 'Sat, Nov 21, 2026' }).closest('tr'),
    ).toHaveTextContent('$60.00')
    expect(rows[29]).toHaveTextContent('Sun, Oct 25, 2026')
    expect(rows[29]).toHaveTextContent('$25.50')
    expect(rows[1]).toHaveTextContent('$0.00')
    expect(screen.getByText('$295.50 in the last 30 days')).toBeInTheDocument()
    expect(stats.seen).toEqual(['30'])

    // The chart's container is there and was drawn with the answer's days.
    expect(screen.getByTestId('revenue-chart')).toBeInTheDocument()
    await waitFor(() => expect(draw).toHaveBeenCalled())
    expect(draw.mock.lastCall).toEqual([screen.getByTestId('revenue-chart'), month.revenueByDay])

    expect(screen.getByTestId('status-paid')).toHaveTextContent('Paid12')
    expect(screen.getByTestId('status-unpaid')).toHaveTextContent('Unpaid3')
    expect(screen.getByTestId('status-shipped')).toHaveTextContent('Shipped7')
    expect(screen.getByTestId('status-cancelled')).toHaveTextContent('Cancelled1')
    expect(screen.getByTestId('to-refund')).toHaveTextContent('1')
    expect(screen.getByTestId('refunds-due')).toHaveTextContent('2')
    for (const link of screen.getAllByRole('link', { name: overviewWords.refundsLink }))
      expect(link).toHaveAttribute('href', '/dashboard/manageorders')

    const top = screen.getByRole('table', { name: /brought the most revenue/ })
    const topRows = within(top).getAllByRole('row').slice(1)
    expect(topRows.map((r) => r.textContent)).toEqual([
      '1Torque wrench4$102.00',
      '2Old chisel(deleted)2$14.00',
    ])

    // Paid revenue by payment method, every method in the shop's order.
    const byMethod = screen.getByRole('table', {
      name: 'Paid revenue by payment method, the last 30 days',
    })
    expect(
      within(byMethod)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      'bKash, Nagad, cards and internet banking (SSLCommerz)$80.00',
      'Bank transfer$1,250.50',
      'Card$0.00',
    ])

    expect(screen.getByText('0 in stock, minimum order 1')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Edit Empty shelf' })).toHaveAttribute(
      'href',
      '/dashboard/manageproduct?edit=low1',
    )
    expect(screen.getByTestId('quotes-waiting')).toHaveTextContent('2')
    expect(screen.getByRole('link', { name: 'Open the quote requests' })).toHaveAttribute(
      'href',
      '/dashboard/quotes?status=requested',
    )
  })

  test('the 7-day switch asks again with days=7 and keeps the period in the URL', async () => {
    const { user, router, stats } = setup()
    await revenueTable()
    const thirty = screen.getByRole('button', { name: '30 days' })
    expect(thirty).toHaveAttribute('aria-pressed', 'true')

    await user.click(screen.getByRole('button', { name: '7 days' }))

    expect(
      await screen.findByRole('table', { name: 'Paid revenue per day, the last 7 days' }),
    ).toBeInTheDocument()
    expect(stats.seen).toEqual(['30', '7'])
    expect(router.state.location.search).toBe('?days=7')
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true')
    expect(thirty).toHaveAttribute('aria-pressed', 'false')
    const rows = within(await revenueTable())
      .getAllByRole('row')
      .slice(1)
    expect(rows).toHaveLength(7)
  })

  test('opens on the period in the URL', async () => {
    const { stats } = setup('/dashboard/overview?days=90')
    expect(
      await screen.findByRole('table', { name: 'Paid revenue per day, the last 90 days' }),
    ).toBeInTheDocument()
    expect(stats.seen).toEqual(['90'])
  })

  test('a failed load says so, never "not admin", and Try again asks again', async () => {
    const { user, stats } = setup()
    stats.failWith(503)

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The overview could not be loaded.')
    expect(alert).not.toHaveTextContent(/admin/i)

    stats.failWith(null)
    await user.click(within(alert).getByRole('button'))
    expect(await revenueTable()).toBeInTheDocument()
    expect(stats.seen.at(-1)).toBe('30')
  })
})

describe('Overview: revenue by currency', { timeout: 20_000 }, () => {
  const rowsOf = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))

  test('lists orders, revenue and VAT per currency, each amount in its own money', async () => {
    const month = {
      ...makeOverview(30),
      revenueByCurrency: [
        { currency: 'USD' as const, orders: 3, revenue: 1330.5, vat: 173.54 },
        { currency: 'BDT' as const, orders: 2, revenue: 1234567.5, vat: 161030.54 },
      ],
    }
    server.use(
      sessionHandler(makeUser({ email: admin })),
      adminHandler([admin]),
      ...statsServer({ 30: month }).handlers,
    )
    renderApp('/dashboard/overview')

    expect(await screen.findByRole('heading', { name: 'Revenue by currency' })).toBeVisible()
    const table = screen.getByRole('table', {
      name: 'Paid revenue and VAT by currency, the last 30 days',
    })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Currency', 'Orders', 'Revenue', 'VAT'])
    expect(rowsOf(table)).toEqual([
      ['USD', '3', '$1,330.50', '$173.54'],
      ['BDT', '2', '৳12,34,567.50', '৳1,61,030.54'],
    ])
  })

  test('says so when the period has no paid order', async () => {
    server.use(
      sessionHandler(makeUser({ email: admin })),
      adminHandler([admin]),
      ...statsServer({ 30: { ...makeOverview(30), revenueByCurrency: [] } }).handlers,
    )
    renderApp('/dashboard/overview')
    expect(await screen.findByRole('heading', { name: 'Revenue by currency' })).toBeVisible()
    expect(screen.getByText('No paid orders in this period.')).toBeInTheDocument()
  })
})
