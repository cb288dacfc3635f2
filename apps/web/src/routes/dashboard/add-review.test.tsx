import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { addReviewHandler } from '@/testing/handlers/reviews'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

function setup() {
  const reviews = addReviewHandler()
  server.use(sessionHandler(makeUser({ email: 'ann@example.com' })), reviews.handler)
  return { ...renderApp('/dashboard/addreview'), sent: reviews.sent }
}

describe('Add Review', () => {
  test('an empty submit shows both required messages and sends nothing', async () => {
    const { user, sent } = setup()
    await user.click(await screen.findByRole('button', { name: 'Add Review' }))

    expect(await screen.findByText('review is required')).toBeInTheDocument()
    expect(screen.getByText('stars is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Your review')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Stars')).toHaveAttribute('aria-invalid', 'true')
    expect(sent).toEqual([])
  })

  test('counts the characters left out of 1000', async () => {
    const { user } = setup()
    expect(await screen.findByText('1000 characters left')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Your review'), 'Solid')

    expect(screen.getByText('995 characters left')).toBeInTheDocument()
  })

  test('posts the text and stars, toasts and clears the form', async () => {
    const { user, sent } = setup()
    await user.type(await screen.findByLabelText('Your review'), 'The wrench has lasted years.')
    await user.selectOptions(screen.getByLabelText('Stars'), '4 out of 5 stars')
    await user.click(screen.getByRole('button', { name: 'Add Review' }))

    expect(await screen.findByText('review added successfully')).toBeInTheDocument()
    expect(sent).toEqual([{ reviewText: 'The wrench has lasted years.', stars: 4 }])
    await expect.poll(() => screen.getByLabelText('Your review')).toHaveValue('')
    expect(
      screen.getByRole<HTMLOptionElement>('option', { name: 'Choose a rating' }).selected,
    ).toBe(true)
  })

  test("the server's field message goes onto its input", async () => {
    const { user } = setup()
    server.use(
      http.post('/api/review', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Some fields are not valid.',
              fields: { stars: 'stars must be a whole number from 1 to 5' },
            },
          },
          { status: 400 },
        ),
      ),
    )
    await user.type(await screen.findByLabelText('Your review'), 'Fine.')
    await user.selectOptions(screen.getByLabelText('Stars'), '5 out of 5 stars')
    await user.click(screen.getByRole('button', { name: 'Add Review' }))

    expect(await screen.findByText('stars must be a whole number from 1 to 5')).toBeInTheDocument()
    expect(screen.queryByText('review added successfully')).toBeNull()
  })
})
