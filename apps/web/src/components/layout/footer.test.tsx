import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'

import { renderApp } from '@/testing/render'

test.for(['/', '/products', '/blogs', '/myportfolio', '/no-such-page'])(
  'the footer on %s links to products and login and has the subscribe box',
  async (path) => {
    renderApp(path)

    const footer = await screen.findByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'Products' })).toHaveAttribute(
      'href',
      '/products',
    )
    // Once the session is known (a visitor here): the header and the footer show Login together.
    expect(await within(footer).findByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login',
    )
    expect(within(footer).getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs')
    expect(within(footer).getByLabelText('Email address')).toBeInTheDocument()
    expect(within(footer).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument()
  },
)
