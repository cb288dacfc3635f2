import { screen } from '@testing-library/react'
import { expect, test } from 'vitest'

import { renderApp } from '@/testing/render'

test('an unknown address shows the 404 text inside the site layout', () => {
  renderApp('/no/such/page')

  expect(
    screen.getByRole('heading', {
      level: 1,
      name: 'Page not found. The address you asked for does not exist.',
    }),
  ).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Toolworks' })).toBeInTheDocument()
  expect(document.title).toBe('Page not found · Toolworks')
})
