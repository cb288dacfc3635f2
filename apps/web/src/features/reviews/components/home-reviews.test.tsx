import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeReview } from '@/testing/factories'
import { reviewListErrorHandler, reviewListHandler } from '@/testing/handlers/reviews'
import { renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'

import { HomeReviews } from './home-reviews'

const region = () => screen.getByRole('region', { name: 'Customer reviews' })

describe('home Customer reviews', () => {
  test('shows the 8 newest as cards with the name, the text in quotes and Stars: N', async () => {
    const reviews = Array.from({ length: 10 }, (_, i) =>
      makeReview({ customerName: `Reviewer ${i}`, reviewText: `Review ${i}`, stars: (i % 5) + 1 }),
    )
    server.use(reviewListHandler(reviews))
    renderWithProviders(<HomeReviews />)

    const cards = await within(region()).findAllByRole('article')
    expect(cards).toHaveLength(8)
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
      reviews.slice(0, 8).map((r) => r.customerName),
    )
    const third = within(cards[2]!)
    expect(third.getByText('“Review 2”')).toBeInTheDocument()
    expect(third.getByText('Stars: 3')).toBeInTheDocument()
    expect(third.getByText('3 out of 5 stars')).toHaveClass('sr-only')
  })

  test('review text with HTML shows as literal text, never as markup', async () => {
    const html = '<img src=x onerror="alert(1)"><b>bold</b>'
    server.use(reviewListHandler([makeReview({ reviewText: html })]))
    const { container } = renderWithProviders(<HomeReviews />)

    expect(await within(region()).findByText(`“${html}”`)).toBeInTheDocument()
    expect(container.querySelector('b')).toBeNull()
    expect(container.querySelector('img')).toBeNull()
  })

  test('says so when there are no reviews yet', async () => {
    server.use(reviewListHandler([]))
    renderWithProviders(<HomeReviews />)

    expect(await within(region()).findByText('No reviews yet.')).toBeInTheDocument()
  })

  test('shows skeletons while loading, then an error with a retry that loads again', async () => {
    server.use(reviewListErrorHandler())
    const { user } = renderWithProviders(<HomeReviews />)

    expect(within(region()).getByRole('status', { name: 'Loading reviews…' })).toBeInTheDocument()
    expect(await screen.findByText('The reviews could not be loaded.')).toBeInTheDocument()

    server.use(reviewListHandler([makeReview({ customerName: 'Back again' })]))
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeInTheDocument()
  })
})
