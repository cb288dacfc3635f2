import { screen, within } from '@testing-library/react'
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

describe('My Profile', { timeout: 20_000 }, () => {
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

describe('My Profile: BIN and country', { timeout: 20_000 }, () => {
  const complete = {
    phone: '+880 1700 000000',
    location: 'Dhaka',
    education: 'BUET',
    linkedin: 'https://linkedin.com/in/jane',
  }

  function sendingServer() {
    const sent: unknown[] = []
    const handler = http.put('/api/updateduser', async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json({ acknowledged: true, modifiedCount: 1 })
    })
    return { handler, sent }
  }

  test('the card shows the BIN and the country by name', async () => {
    server.use(
      sessionHandler(makeUser({ email })),
      profileHandler({ ...complete, bin: '0001234560101', country: 'BD' }),
    )
    renderApp('/dashboard')
    const card = within((await screen.findByText('BIN', { selector: 'dt' })).closest('dl')!)
    expect(card.getByText('0001234560101')).toBeInTheDocument()
    expect(card.getByText('Bangladesh')).toBeInTheDocument()
  })

  test('the country select lists Bangladesh first, then every country by name', async () => {
    server.use(sessionHandler(makeUser({ email })))
    renderApp('/dashboard')
    const select = await screen.findByLabelText('Country')
    const options = within(select)
      .getAllByRole('option')
      .map((option) => [option.getAttribute('value'), option.textContent])
    expect(options.slice(0, 4)).toEqual([
      ['', 'Not given'],
      ['BD', 'Bangladesh'],
      ['AF', 'Afghanistan'],
      ['AX', 'Åland Islands'],
    ])
    expect(options).toHaveLength(1 + 249)
    expect(options).toContainEqual(['DE', 'Germany'])
  })

  test('a BIN that is not 13 digits shows the reason under the field and is not sent', async () => {
    const put = sendingServer()
    server.use(sessionHandler(makeUser({ email })), put.handler)
    const { user } = renderApp('/dashboard')
    await fillForm(user)
    await user.type(screen.getByLabelText('BIN'), '12345')
    await user.click(screen.getByRole('button', { name: 'Update Profile' }))

    const message = await screen.findByText(
      'A BIN is 13 digits, written 0001234560101 or 000123456-0101.',
    )
    expect(screen.getByLabelText('BIN')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('BIN').getAttribute('aria-describedby')).toContain(message.id)
    expect(put.sent).toEqual([])
  })

  test('sends the BIN as 13 digits and the chosen country', async () => {
    const put = sendingServer()
    server.use(sessionHandler(makeUser({ email })), put.handler)
    const { user } = renderApp('/dashboard')
    await fillForm(user)
    await user.type(screen.getByLabelText('BIN'), '000123456-0101')
    await user.selectOptions(screen.getByLabelText('Country'), 'IN')
    await user.click(screen.getByRole('button', { name: 'Update Profile' }))

    expect(await screen.findByText('Updated Profile successfully')).toBeInTheDocument()
    expect(put.sent).toEqual([{ ...complete, bin: '0001234560101', country: 'IN' }])
  })

  test('emptying a saved BIN removes it; the country stays as it was', async () => {
    const put = sendingServer()
    server.use(
      sessionHandler(makeUser({ email })),
      profileHandler({ ...complete, bin: '0001234560101', country: 'BD' }),
      put.handler,
    )
    const { user } = renderApp('/dashboard')
    const bin = await screen.findByLabelText('BIN')
    expect(bin).toHaveValue('0001234560101')
    expect(screen.getByLabelText('Country')).toHaveValue('BD')
    await user.clear(bin)
    await user.click(screen.getByRole('button', { name: 'Update Profile' }))

    expect(await screen.findByText('Updated Profile successfully')).toBeInTheDocument()
    expect(put.sent).toEqual([{ ...complete, bin: '', country: 'BD' }])
  })
})
