import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'

import { BusinessPartners } from './business-partners'

test('Our Business Partners shows 6 logos with alt text, sized and lazy, in a 1/2/6 column grid', () => {
  render(<BusinessPartners />)

  const section = screen.getByRole('region', { name: 'Our Business Partners' })
  const logos = within(section).getAllByRole('img')
  expect(logos).toHaveLength(6)
  for (const logo of logos) {
    expect(logo).toHaveAccessibleName(/ logo$/)
    expect(logo).toHaveAttribute('width', '240')
    expect(logo).toHaveAttribute('height', '96')
    expect(logo).toHaveAttribute('loading', 'lazy')
    expect(logo.getAttribute('src')).toMatch(/^\/partners\/[a-z-]+\.svg$/)
  }
  expect(new Set(logos.map((l) => l.getAttribute('src'))).size).toBe(6)
  expect(within(section).getByRole('list')).toHaveClass(
    'grid-cols-1',
    'md:grid-cols-2',
    'lg:grid-cols-6',
  )
})
