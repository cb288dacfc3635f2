import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'

import { renderApp } from '@/testing/render'

const ORDER = [
  'Our Tools',
  'Business Summary',
  'Our Business Partners',
  'Customer reviews',
  'Promotion',
  'Our Recent News',
  'Contact With Us',
]

test('the home page has one h1, its own title, and the sections in the order of docs/product.md §2', async () => {
  renderApp('/')

  const main = screen.getByRole('main')
  expect(await within(main).findAllByRole('heading', { level: 1 })).toHaveLength(1)
  // Today's promotions arrive from the API (the test server answers the demo two).
  await within(main).findByRole('region', { name: 'Promotion' })
  expect(document.title).toBe('Toolworks — tools and parts manufacturer')
  const titles = within(main)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent ?? '')
    .filter((t) => ORDER.includes(t))
  // The reviews block may be absent from this render; wherever it is present it sits in its place.
  expect(titles).toEqual(ORDER.filter((t) => t !== 'Customer reviews' || titles.includes(t)))
  for (const title of titles) expect(screen.getByRole('region', { name: title })).toBeVisible()
})
