import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { contactErrorHandler, contactSendHandler } from '@/testing/handlers/contact'
import { renderApp, renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'

import { ContactSection } from './contact-section'

// The form's code loads after the section renders, so the first query waits.
async function renderForm() {
  const view = renderWithProviders(<ContactSection />)
  const section = screen.getByRole('region', { name: 'Contact With Us' })
  const q = within(section)
  await q.findByRole('button', { name: 'Contact Us' })
  return {
    ...view,
    name: q.getByLabelText('Your name'),
    email: q.getByLabelText('Email address'),
    message: q.getByLabelText('Message'),
    submit: q.getByRole('button', { name: 'Contact Us' }),
  }
}

describe('Contact With Us', () => {
  test('"Need a change?" from My Orders starts the message with the order number', async () => {
    renderApp('/?order=TW-10482')
    const section = within(await screen.findByRole('region', { name: 'Contact With Us' }))
    expect(await section.findByLabelText('Message')).toHaveValue('About order TW-10482: ')
  })

  test('a valid message is posted, thanked with a toast, and the form empties', async () => {
    const sent: unknown[] = []
    server.use(contactSendHandler(sent))
    const form = await renderForm()

    await form.user.type(form.name, 'Karim Uddin')
    await form.user.type(form.email, 'Karim@Example.com')
    await form.user.type(form.message, 'Do you machine brass bushings?')
    await form.user.click(form.submit)

    expect(
      await screen.findByText('Thank you for your message. We will get back to you soon.'),
    ).toBeInTheDocument()
    expect(sent).toEqual([
      {
        name: 'Karim Uddin',
        email: 'karim@example.com',
        message: 'Do you machine brass bushings?',
      },
    ])
    expect(form.name).toHaveValue('')
    expect(form.message).toHaveValue('')
  })

  test('empty fields show their messages on the inputs and nothing is posted', async () => {
    const sent: unknown[] = []
    server.use(contactSendHandler(sent))
    const form = await renderForm()

    await form.user.click(form.submit)

    expect(form.name).toHaveAccessibleDescription('name is required')
    expect(form.email).toHaveAccessibleDescription('email is required')
    expect(form.message).toHaveAccessibleDescription(/message is required/)
    expect(form.name).toHaveAttribute('aria-invalid', 'true')
    expect(sent).toEqual([])
  })

  test('a bad email and a message of 2,001 characters are refused before posting', async () => {
    const sent: unknown[] = []
    server.use(contactSendHandler(sent))
    const form = await renderForm()

    await form.user.type(form.name, 'Karim Uddin')
    await form.user.type(form.email, 'karim@')
    await form.user.click(form.message)
    await form.user.paste('x'.repeat(2001))
    await form.user.click(form.submit)

    expect(await screen.findByText('provide valid email')).toBeInTheDocument()
    expect(screen.getByText('message can be at most 2000 characters')).toBeInTheDocument()
    expect(screen.getByText('-1 characters left')).toBeInTheDocument()
    expect(sent).toEqual([])
  })

  test("the server's field messages go onto the inputs", async () => {
    server.use(
      contactErrorHandler('post', '/api/contact', 400, {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields: { email: 'provide valid email' },
      }),
    )
    const form = await renderForm()

    await form.user.type(form.name, 'Karim Uddin')
    await form.user.type(form.email, 'karim@example.com')
    await form.user.type(form.message, 'Hello')
    await form.user.click(form.submit)

    expect(await screen.findByText('provide valid email')).toBeInTheDocument()
    expect(form.email).toHaveAccessibleDescription('provide valid email')
  })

  test('too many messages from one address: the limit is a toast and the text stays', async () => {
    server.use(
      contactErrorHandler('post', '/api/contact', 429, {
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait a minute and try again.',
      }),
    )
    const form = await renderForm()

    await form.user.type(form.name, 'Karim Uddin')
    await form.user.type(form.email, 'karim@example.com')
    await form.user.type(form.message, 'Hello')
    await form.user.click(form.submit)

    expect(
      await screen.findByText('Too many attempts. Please wait a minute and try again.'),
    ).toBeInTheDocument()
    expect(form.message).toHaveValue('Hello')
  })
})
