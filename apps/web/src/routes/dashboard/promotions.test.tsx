import { fireEvent, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, test, vi, type MockInstance } from 'vitest'

import { messages, shopDate, type Promotion } from '@toolworks/shared'

import { makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import {
  allPromotionsHandler,
  createPromotionHandler,
  deletePromotionHandler,
  makePromotion,
  updatePromotionHandler,
} from '@/testing/handlers/promotions'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'
const rules = messages.promotionRules
const DAY_MS = 86_400_000
const day = (days: number) => shopDate(new Date(Date.now() + days * DAY_MS))

const running = makePromotion({
  id: 'p-running',
  percent: 40,
  cap: 75.5,
  startsAt: day(-3),
  endsAt: day(3),
  title: 'Forty off',
})
const ended = makePromotion({
  id: 'p-ended',
  kind: 'free-shipping',
  percent: null,
  cap: null,
  startsAt: day(-20),
  endsAt: day(-1),
  title: 'Shipping was free',
})

function setup(list: Promotion[] = [running, ended]) {
  server.use(
    sessionHandler(makeUser({ email: admin })),
    adminHandler([admin]),
    allPromotionsHandler(list),
  )
  return renderApp('/dashboard/promotions')
}

const rowOf = (title: string) => {
  const row = screen.getAllByRole('row').find((r) => within(r).queryByText(title))
  if (!row) throw new Error(`No row for ${title}`)
  return within(row)
}

const form = () => within(screen.getByRole('form', { name: 'Add a promotion' }))

const setDate = (label: string, value: string) =>
  fireEvent.change(form().getByLabelText(label), { target: { value } })

// Only the confirm spy: the console guard restores its own spies after this.
let confirm: MockInstance<typeof window.confirm> | undefined
afterEach(() => confirm?.mockRestore())

describe('Promotions (admin)', () => {
  test('lists every promotion with its kind, numbers, dates and whether it is active now', async () => {
    setup()
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Promotions (2)' }),
    ).toBeInTheDocument()
    expect(document.title).toBe('Promotions · Toolworks')
    const cells = (title: string) =>
      rowOf(title)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    expect(cells('Forty off').slice(0, 7)).toEqual([
      'First-order discount',
      'Forty off',
      '40%',
      '$75.50',
      day(-3),
      day(3),
      'Active now',
    ])
    expect(cells('Shipping was free').slice(0, 7)).toEqual([
      'Free shipping',
      'Shipping was free',
      '—',
      '—',
      day(-20),
      day(-1),
      'Not active',
    ])
    expect(screen.getByRole('link', { name: 'Promotions' })).toHaveAttribute(
      'href',
      '/dashboard/promotions',
    )
  })

  test('Add promotion sends the first-order discount as typed', async () => {
    const sent: unknown[] = []
    server.use(createPromotionHandler(sent))
    const { user } = setup([])
    expect(await screen.findByText('No promotions yet.')).toBeInTheDocument()

    await user.type(form().getByLabelText('Percent'), '25')
    await user.type(form().getByLabelText('Cap (USD)'), '60.5')
    setDate('Active from', '2026-03-01')
    setDate('Active to', '2026-03-31')
    await user.type(form().getByLabelText('Title'), 'A quarter off')
    await user.type(form().getByLabelText('Text shown on the home page'), 'Your first order.')
    await user.click(form().getByRole('button', { name: 'Add promotion' }))

    expect(await screen.findByText('Promotion added.')).toBeInTheDocument()
    expect(sent).toEqual([
      {
        kind: 'first-order',
        percent: 25,
        cap: 60.5,
        startsAt: '2026-03-01',
        endsAt: '2026-03-31',
        title: 'A quarter off',
        text: 'Your first order.',
      },
    ])
    expect(form().getByLabelText('Title')).toHaveValue('')
  })

  test('free shipping hides percent and cap and sends neither', async () => {
    const sent: unknown[] = []
    server.use(createPromotionHandler(sent))
    const { user } = setup([])
    await user.selectOptions(await screen.findByLabelText('Kind'), 'Free shipping')
    expect(form().queryByLabelText('Percent')).toBeNull()
    expect(form().queryByLabelText('Cap (USD)')).toBeNull()
    setDate('Active from', '2026-03-01')
    setDate('Active to', '2026-03-01')
    await user.type(form().getByLabelText('Title'), 'Free shipping')
    await user.type(form().getByLabelText('Text shown on the home page'), 'One day only.')
    await user.click(form().getByRole('button', { name: 'Add promotion' }))

    expect(await screen.findByText('Promotion added.')).toBeInTheDocument()
    expect(sent).toEqual([
      expect.objectContaining({ kind: 'free-shipping', percent: null, cap: null }),
    ])
  })

  test("the server's field message goes onto its input, and what was typed stays", async () => {
    server.use(
      http.post('/api/promotion', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: rules.endsBeforeStart,
              fields: { endsAt: rules.endsBeforeStart },
            },
          },
          { status: 400 },
        ),
      ),
    )
    const { user } = setup([])
    await user.selectOptions(await screen.findByLabelText('Kind'), 'Free shipping')
    setDate('Active from', '2026-03-01')
    setDate('Active to', '2026-03-02')
    await user.type(form().getByLabelText('Title'), 'Kept title')
    await user.type(form().getByLabelText('Text shown on the home page'), 'Kept text')
    await user.click(form().getByRole('button', { name: 'Add promotion' }))

    expect(await form().findByText(rules.endsBeforeStart)).toBeInTheDocument()
    expect(form().getByLabelText('Active to')).toHaveAttribute('aria-invalid', 'true')
    expect(form().getByLabelText('Title')).toHaveValue('Kept title')
  })

  test('the form refuses an end before the start before asking the server', async () => {
    const sent: unknown[] = []
    server.use(createPromotionHandler(sent))
    const { user } = setup([])
    await user.type(await screen.findByLabelText('Percent'), '10')
    await user.type(form().getByLabelText('Cap (USD)'), '5')
    setDate('Active from', '2026-03-10')
    setDate('Active to', '2026-03-09')
    await user.type(form().getByLabelText('Title'), 'Backwards')
    await user.type(form().getByLabelText('Text shown on the home page'), 'x')
    await user.click(form().getByRole('button', { name: 'Add promotion' }))

    expect(await form().findByText(rules.endsBeforeStart)).toBeInTheDocument()
    expect(sent).toEqual([])
  })

  test('a server that is down keeps the admin signed in and the form filled', async () => {
    server.use(
      http.post('/api/promotion', () =>
        HttpResponse.json({ error: { code: 'UNAVAILABLE', message: 'Busy' } }, { status: 503 }),
      ),
    )
    const { user, router } = setup([])
    await user.selectOptions(await screen.findByLabelText('Kind'), 'Free shipping')
    setDate('Active from', '2026-03-01')
    setDate('Active to', '2026-03-02')
    await user.type(form().getByLabelText('Title'), 'Still here')
    await user.type(form().getByLabelText('Text shown on the home page'), 'x')
    await user.click(form().getByRole('button', { name: 'Add promotion' }))

    expect(await screen.findByText(/The promotion could not be added\./)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard/promotions')
    expect(form().getByLabelText('Title')).toHaveValue('Still here')
  })

  test('Edit sends only the changed fields', async () => {
    const sent: unknown[] = []
    server.use(updatePromotionHandler(running, sent))
    const { user } = setup()
    await user.click(await screen.findByRole('button', { name: 'Edit: Forty off' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit promotion: Forty off' }))
    expect(dialog.getByLabelText('Percent')).toHaveValue(40)
    expect(dialog.getByLabelText('Cap (USD)')).toHaveValue(75.5)
    await user.clear(dialog.getByLabelText('Title'))
    await user.type(dialog.getByLabelText('Title'), 'Forty-five off')
    await user.clear(dialog.getByLabelText('Percent'))
    await user.type(dialog.getByLabelText('Percent'), '45')
    await user.click(dialog.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Promotion saved.')).toBeInTheDocument()
    expect(sent).toEqual([{ id: 'p-running', body: { title: 'Forty-five off', percent: 45 } }])
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull()
  })

  test('Delete asks first, then sends DELETE; cancelling sends nothing', async () => {
    const deleted: unknown[] = []
    server.use(deletePromotionHandler(deleted))
    const { user } = setup()
    confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    await user.click(await screen.findByRole('button', { name: 'Delete: Shipping was free' }))
    expect(confirm).toHaveBeenCalledWith('Delete this promotion?')
    expect(deleted).toEqual([])

    confirm.mockReturnValue(true)
    await user.click(screen.getByRole('button', { name: 'Delete: Shipping was free' }))
    expect(await screen.findByText('Promotion deleted.')).toBeInTheDocument()
    expect(deleted).toEqual(['p-ended'])
  })

  test('a customer has no Promotions entry in the menu', async () => {
    server.use(sessionHandler(makeUser({ email: 'buyer@example.com' })), adminHandler([]))
    renderApp('/dashboard')

    expect(await screen.findByRole('heading', { name: 'WELCOME TO DASHBOARD' })).toBeVisible()
    expect(screen.queryByRole('link', { name: 'Promotions' })).toBeNull()
  })
})
