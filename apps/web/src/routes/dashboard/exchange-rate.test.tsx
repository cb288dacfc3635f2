import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'

import { shopDate, type ExchangeRateChange } from '@toolworks/shared'

import { makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { exchangeRateHandlers, setExchangeRateErrorHandler } from '@/testing/handlers/exchange-rate'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'

const change = (overrides: Partial<ExchangeRateChange>): ExchangeRateChange => ({
  currency: 'BDT',
  perUsd: 122.5,
  effectiveFrom: '2026-11-20',
  setBy: 'first@example.com',
  setAt: '2026-11-19T06:30:00.000Z',
  ...overrides,
})

function setup(history: ExchangeRateChange[] = []) {
  server.use(
    sessionHandler(makeUser({ email: admin })),
    adminHandler([admin]),
    ...exchangeRateHandlers(history, { setBy: admin }),
  )
  return renderApp('/dashboard/exchange-rate')
}

const form = () => within(screen.getByRole('form', { name: 'Set the rate' }))
const history = () => within(screen.getByRole('table', { name: 'History' }))

describe('Exchange Rate (admin)', { timeout: 20_000 }, () => {
  test('shows the rate in force and every change with who set it and when', async () => {
    setup([
      change({ perUsd: 123.1, effectiveFrom: '2099-01-01', setBy: 'next@example.com' }),
      change({}),
    ])
    expect(await screen.findByRole('heading', { level: 2, name: 'Exchange Rate' })).toBeVisible()
    expect(document.title).toBe('Exchange Rate · Toolworks')
    expect(await screen.findByText('122.5 taka per US dollar, from 2026-11-20')).toBeInTheDocument()
    await screen.findByRole('table', { name: 'History' })
    const rows = history()
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent))
    // Set at is in the shop's time (UTC+6).
    expect(rows).toEqual([
      ['Rate123.1', 'From2099-01-01', 'Set bynext@example.com', 'Set at2026-11-19 12:30'],
      ['Rate122.5', 'From2026-11-20', 'Set byfirst@example.com', 'Set at2026-11-19 12:30'],
    ])
    expect(screen.getByRole('link', { name: 'Exchange Rate' })).toHaveAttribute(
      'href',
      '/dashboard/exchange-rate',
    )
  })

  test('says when no rate is set yet', async () => {
    setup([])
    expect(
      await screen.findByText(
        'No exchange rate is set yet, so prices are shown in US dollars only.',
      ),
    ).toBeInTheDocument()
    expect(await screen.findByText('No changes yet.')).toBeInTheDocument()
  })

  test('sets a rate from today unless another date is chosen, then shows it', async () => {
    const { user } = setup([])
    await screen.findByText('No changes yet.')
    expect(form().getByLabelText('Applies from')).toHaveValue(shopDate(new Date()))

    await user.type(form().getByLabelText('Taka per US dollar'), '121.7525')
    fireEvent.change(form().getByLabelText('Applies from'), { target: { value: '2026-11-01' } })
    await user.click(form().getByRole('button', { name: 'Set rate' }))

    expect(await screen.findByText('Exchange rate saved.')).toBeInTheDocument()
    expect(
      await screen.findByText('121.7525 taka per US dollar, from 2026-11-01'),
    ).toBeInTheDocument()
    expect(await history().findByText('121.7525')).toBeInTheDocument()
    expect(history().getByText(admin)).toBeInTheDocument()
  })

  test('refuses more than 4 decimals under the field, before asking the server', async () => {
    const { user } = setup([])
    await screen.findByText('No changes yet.')
    await user.type(form().getByLabelText('Taka per US dollar'), '121.12345')
    await user.click(form().getByRole('button', { name: 'Set rate' }))
    expect(
      await form().findByText('perUsd has at most 4 decimals, as Bangladesh Bank publishes it'),
    ).toBeInTheDocument()
    expect(form().getByLabelText('Taka per US dollar')).toHaveAttribute('aria-invalid', 'true')
  })

  test("shows the server's 400 under each field and keeps what was typed", async () => {
    const { user } = setup([])
    server.use(
      setExchangeRateErrorHandler(400, {
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid.',
        fields: {
          perUsd: 'perUsd must be between 50 and 500 taka per US dollar',
          effectiveFrom: 'effectiveFrom must be a date (YYYY-MM-DD)',
        },
      }),
    )
    await screen.findByText('No changes yet.')
    await user.type(form().getByLabelText('Taka per US dollar'), '122')
    await user.click(form().getByRole('button', { name: 'Set rate' }))
    expect(
      await form().findByText('perUsd must be between 50 and 500 taka per US dollar'),
    ).toBeInTheDocument()
    expect(form().getByText('effectiveFrom must be a date (YYYY-MM-DD)')).toBeInTheDocument()
    expect(form().getByLabelText('Taka per US dollar')).toHaveValue(122)
  })

  test('a change of more than 10% is asked about with its percent and resent with confirm when the admin agrees', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true)
    const { user } = setup([change({ perUsd: 100 })])
    expect(await screen.findByText('100 taka per US dollar, from 2026-11-20')).toBeInTheDocument()
    await user.type(form().getByLabelText('Taka per US dollar'), '112.3')
    await user.click(form().getByRole('button', { name: 'Set rate' }))

    expect(await screen.findByText('Exchange rate saved.')).toBeInTheDocument()
    expect(confirm).toHaveBeenCalledExactlyOnceWith('This changes the rate by 12.3%. Save anyway?')
    expect(await history().findByText('112.3')).toBeInTheDocument()
    confirm.mockRestore()
  })

  test('a big change the admin does not confirm is not saved', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    const { user } = setup([change({ perUsd: 100 })])
    expect(await screen.findByText('100 taka per US dollar, from 2026-11-20')).toBeInTheDocument()
    await user.type(form().getByLabelText('Taka per US dollar'), '80')
    await user.click(form().getByRole('button', { name: 'Set rate' }))

    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith('This changes the rate by 20%. Save anyway?'),
    )
    expect(history().queryByText('80')).not.toBeInTheDocument()
    expect(screen.queryByText('Exchange rate saved.')).not.toBeInTheDocument()
    expect(form().getByLabelText('Taka per US dollar')).toHaveValue(80)
    confirm.mockRestore()
  })

  test('is not in the menu of a customer', async () => {
    server.use(sessionHandler(makeUser({ email: 'buyer@example.com' })), adminHandler([admin]))
    renderApp('/dashboard')
    expect(await screen.findByRole('link', { name: 'My Orders' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Exchange Rate' })).not.toBeInTheDocument()
  })
})
