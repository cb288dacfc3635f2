import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { makeUser } from '@/testing/factories'
import { profileHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const email = 'jane@example.com'

async function fillForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Phone'), '+880 1700 000000')
  await user.type(screen.getByLabelText('Location'), 'Dhaka')
  await user.type(screen.getByLabelText('Education'), 'BUET')
  await user.type(screen.getByLabelText('LinkedIn'), 'https://linkedin.com/in/jane')
}

describe('My Profile', () => {
  test('shows the info card and says when the email is not verified', async () => {
    let resent: unknown
    server.use(
      sessionHandler(makeUser({ email, name: 'Jane Doe' })),
      profileHandler({ name: 'Jane Doe', emailVerified: false, location: 'Chittagong' }),
      http.post('/api/auth/send-verification-email', async ({ request }) => {
        resent = await request.json()
        return HttpResponse.json({ status: true })
      }),
    )
    const { user } = renderApp('/dashboard')

    expect(await screen.findByText('Email not verified')).toBeInTheDocument()
    expect(screen.getByText('Chittagong')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }))
    expect(await screen.findByText('Verification email sent.')).toBeInTheDocument()
    expect(resent).toEqual({ email, callbackURL: '/dashboard' })
  })

  test('every field is required', async () => {
    server.use(sessionHandler(makeUser({ email })))
    const { user } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Update Profile' }))

    expect(await screen.findByText('phone is required')).toBeInTheDocument()
    expect(screen.getByText('location is required')).toBeInTheDocument()
    expect(screen.getByText('education is required')).toBeInTheDocument()
    expect(screen.getByText('linkedin is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly')
  })

  test('a saved profile toasts success and sends the fields', async () => {
    let sent: { url: string; body: unknown } | undefined
    server.use(
      sessionHandler(makeUser({ email })),
      http.put('/api/updateduser', async ({ request }) => {
        sent = { url: request.url, body: await request.json() }
        return HttpResponse.json({ acknowledged: true, modifiedCount: 1 })
      }),
    )
    const { user } = renderApp('/dashboard')
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Update Profile' }))

    expect(await screen.findByText('Updated Profile successfully')).toBeInTheDocument()
    expect(sent?.url).toContain('email=jane%40example.com')
    expect(sent?.body).toEqual({
      phone: '+880 1700 000000',
      location: 'Dhaka',
      education: 'BUET',
      linkedin: 'https://linkedin.com/in/jane',
    })
  })

  test('a failed update toasts Failed to update', async () => {
    server.use(
      sessionHandler(makeUser({ email })),
      http.put('/api/updateduser', () =>
        HttpResponse.json(
          { error: { code: 'INTERNAL', message: 'Something broke' } },
          { status: 500 },
        ),
      ),
    )
    const { user } = renderApp('/dashboard')
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Update Profile' }))

    expect(await screen.findByText('Failed to update')).toBeInTheDocument()
  })
})
