import { useQueryClient } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'

import { sessionQuery } from '@/lib/auth'
import { useMoney } from '@/lib/currency'
import { makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { exchangeRateHandler } from '@/testing/handlers/exchange-rate'
import { renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'

import { CurrencySwitch } from './currency-switch'

/** The header's currency switch and the prices it governs. */
describe('CurrencySwitch', () => {
  afterEach(() => {
    document.cookie = 'currency=; Path=/; Max-Age=0'
  })

  /** A price as every catalogue page shows one: through useMoney. */
  function Price() {
    const money = useMoney()
    return (
      <article aria-label="Torque Wrench">
        <p>Price: {money.price(19.99)}</p>
      </article>
    )
  }

  const shop = () =>
    renderWithProviders(
      <>
        <CurrencySwitch />
        <Price />
      </>,
    )

  test('BDT turns every price into whole taka at the rate, and the cookie remembers it', async () => {
    server.use(...exchangeRateHandler(122.5))
    shop()
    const card = screen.getByRole('article', { name: 'Torque Wrench' })
    expect(card).toHaveTextContent('Price: $19.99')
    const bdt = await screen.findByRole('button', { name: 'BDT (৳)' })
    await expect.poll(() => bdt.hasAttribute('disabled')).toBe(false)

    await userEvent.click(bdt)

    // 19.99 × 122.5 = 2448.775 → ৳2,449.
    expect(card).toHaveTextContent('Price: ৳2,449.00')
    expect(bdt).toHaveAttribute('aria-pressed', 'true')
    expect(document.cookie).toContain('currency=BDT')

    await userEvent.click(screen.getByRole('button', { name: 'USD' }))
    expect(card).toHaveTextContent('Price: $19.99')
    expect(document.cookie).toContain('currency=USD')
  })

  test('without a rate BDT cannot be chosen and prices stay in dollars, even with the cookie', async () => {
    document.cookie = 'currency=BDT; Path=/'
    shop()
    const bdt = await screen.findByRole('button', { name: 'BDT (৳)' })
    expect(bdt).toBeDisabled()
    expect(screen.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('article', { name: 'Torque Wrench' })).toHaveTextContent(
      'Price: $19.99',
    )
  })
  test("a sign-in that set the buyer's currency (a profile in Bangladesh) shows it at once", async () => {
    server.use(...exchangeRateHandler(122.5))
    /** What the login form does once the server has signed the buyer in. */
    function SignedIn() {
      const queryClient = useQueryClient()
      return (
        <button
          type="button"
          onClick={() => void queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey })}
        >
          Signed in
        </button>
      )
    }
    renderWithProviders(
      <>
        <CurrencySwitch />
        <Price />
        <SignedIn />
      </>,
    )
    const card = screen.getByRole('article', { name: 'Torque Wrench' })
    await expect
      .poll(() => screen.getByRole('button', { name: 'BDT (৳)' }).hasAttribute('disabled'))
      .toBe(false)
    expect(card).toHaveTextContent('Price: $19.99')

    // The sign-in's answer set the cookie (modules/accounts/auth.ts, the after hook).
    document.cookie = 'currency=BDT; Path=/'
    server.use(sessionHandler(makeUser()))
    await userEvent.click(screen.getByRole('button', { name: 'Signed in' }))

    await expect.poll(() => card.textContent).toContain('Price: ৳2,449.00')
    expect(screen.getByRole('button', { name: 'BDT (৳)' })).toHaveAttribute('aria-pressed', 'true')
  })
})
