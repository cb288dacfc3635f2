import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { subscribeHandler } from '@/testing/handlers/contact'
import { renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'

import { SubscribeForm } from './subscribe-form'

describe('newsletter subscribe box', () => {
  test('a valid address is posted and thanked with a toast', async () => {
    const sent: unknown[] = []
    server.use(subscribeHandler(sent))
    const { user } = renderWithProviders(<SubscribeForm />)

    await user.type(screen.getByLabelText('Email address'), ' News@Example.com ')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))

    expect(await screen.findByText('Thank you for subscribing.')).toBeInTheDocument()
    expect(sent).toEqual([{ email: 'news@example.com' }])
    expect(screen.getByLabelText('Email address')).toHaveValue('')
  })

  test('an invalid address gets `provide valid email` and nothing is posted', async () => {
    const sent: unknown[] = []
    server.use(subscribeHandler(sent))
    const { user } = renderWithProviders(<SubscribeForm />)

    await user.type(screen.getByLabelText('Email address'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))

    expect(await screen.findByText('provide valid email')).toBeInTheDocument()
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'provide valid email',
    )
    expect(sent).toEqual([])
  })
})
