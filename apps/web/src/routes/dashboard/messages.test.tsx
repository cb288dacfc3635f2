import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { contactMessagesHandler, makeContactMessage } from '@/testing/handlers/contact'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'

describe('Messages (admin)', () => {
  test('lists the contact messages newest first, as text, with the count', async () => {
    server.use(
      sessionHandler(makeUser({ email: admin })),
      adminHandler([admin]),
      contactMessagesHandler([
        makeContactMessage({
          name: 'Newest Sender',
          message: '<img src=x onerror=alert(1)> Please quote 500 bolts.',
          createdAt: '2025-03-02T10:00:00.000Z',
        }),
        makeContactMessage({ name: 'Older Sender', createdAt: '2025-03-01T10:00:00.000Z' }),
      ]),
    )
    const { container } = renderApp('/dashboard/messages')

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Messages (2)' }),
    ).toBeInTheDocument()
    expect(document.title).toBe('Messages · Toolworks')
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      expect.stringContaining('Newest Sender'),
      expect.stringContaining('Older Sender'),
    ])
    expect(rows[0]).toHaveTextContent('<img src=x onerror=alert(1)> Please quote 500 bolts.')
    expect(container.querySelector('img[src="x"]')).toBeNull()
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'href',
      '/dashboard/messages',
    )
  })

  test('an admin with no messages sees the empty text', async () => {
    server.use(
      sessionHandler(makeUser({ email: admin })),
      adminHandler([admin]),
      contactMessagesHandler([]),
    )
    renderApp('/dashboard/messages')

    expect(await screen.findByText('No messages yet.')).toBeInTheDocument()
  })

  test('a customer has no Messages entry in the menu', async () => {
    server.use(sessionHandler(makeUser({ email: 'buyer@example.com' })), adminHandler([]))
    renderApp('/dashboard')

    expect(await screen.findByRole('heading', { name: 'WELCOME TO DASHBOARD' })).toBeVisible()
    expect(screen.queryByRole('link', { name: 'Messages' })).toBeNull()
  })
})
