import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'

import { renderApp } from '@/testing/render'

test('About Us has the company blurb and four team cards, each with named social links', async () => {
  renderApp('/myportfolio')

  expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument()
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  expect(document.title).toBe('About Us · Toolworks')
  const main = screen.getByRole('main')
  expect(main).toHaveTextContent(/standard and custom parts and tools, based in Bangladesh/)
  for (const capability of ['Machining', 'Molding', 'Cutting', 'Stamping', 'Bending', 'Welding'])
    expect(within(main).getByRole('heading', { level: 3, name: capability })).toBeInTheDocument()

  const cards = screen.getAllByTestId('team-card')
  expect(cards).toHaveLength(4)
  for (const card of cards) {
    const name = within(card).getByRole('heading', { level: 3 }).textContent ?? ''
    const links = within(card).getAllByRole('link')
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      `${name} on LinkedIn`,
      `${name} on Facebook`,
      `${name} on X`,
    ])
    for (const link of links) expect(link).toHaveAttribute('href', expect.stringMatching(/^https:/))
  }
})
