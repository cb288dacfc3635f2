import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'

import { renderApp } from '@/testing/render'

test('Blogs shows five Questions and Answers cards, each a question with its answer', async () => {
  renderApp('/blogs')

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Questions and Answers' }),
  ).toBeInTheDocument()
  expect(document.title).toBe('Blogs · Toolworks')
  const cards = screen.getAllByTestId('qa-card')
  expect(cards).toHaveLength(5)
  for (const card of cards) {
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toMatch(/\?$/)
    expect(card.querySelector('p')?.textContent?.length).toBeGreaterThan(150)
  }
})
