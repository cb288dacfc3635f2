import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

describe('Reset password', () => {
  test('with a token sets the new password, toasts and goes to /login', async () => {
    let sent: unknown
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({ status: true })
      }),
    )
    const { user, router } = renderApp('/reset-password?token=abc123')
    await user.click(await screen.findByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText('password is required')).toBeInTheDocument()

    await user.type(screen.getByLabelText('New password'), 'brand-new-1')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))

    expect(
      await screen.findByText('Your password has been changed. Please log in.'),
    ).toBeInTheDocument()
    await expect.poll(() => router.state.location.pathname).toBe('/login')
    expect(sent).toEqual({ token: 'abc123', newPassword: 'brand-new-1' })
  })

  test('with ?error explains the link is invalid and links back to login', async () => {
    renderApp('/reset-password?error=INVALID_TOKEN')

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired.',
    )
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login')
  })

  test('from the verification link of an address that runs the shop, it asks to choose the password', async () => {
    renderApp('/reset-password?token=abc123&confirmed=1')

    expect(
      await screen.findByText('Your e-mail address is confirmed. Choose your password to finish.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Choose your password' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeInTheDocument()
  })
})
