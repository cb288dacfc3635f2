import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeTools } from '@/testing/factories'
import { toolListHandler } from '@/testing/handlers/catalog'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

describe('home page', () => {
  test('shows at most 8 tools under Our Tools, and See More leads to /products', async () => {
    server.use(toolListHandler(makeTools(12)))
    const { user, router } = renderApp('/')

    const section = screen.getByRole('region', { name: 'Our Tools' })
    expect(await within(section).findAllByRole('article')).toHaveLength(8)

    await user.click(within(section).getByRole('link', { name: 'See More tools' }))
    expect(router.state.location.pathname).toBe('/products')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Our Products' }),
    ).toBeInTheDocument()
  })

  test('Order now in the hero leads to /products', () => {
    renderApp('/home')

    expect(screen.getByRole('link', { name: 'Order now' })).toHaveAttribute('href', '/products')
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })

  test('each of the six process tiles links to Request a Quote with its process', () => {
    renderApp('/')

    const heading = screen.getByRole('heading', { name: 'Custom manufacturing' })
    const tiles = within(heading.closest('div') ?? document.body)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(tiles).toEqual([
      ['Machining', '/quote?process=machining'],
      ['Molding', '/quote?process=molding'],
      ['Cutting', '/quote?process=cutting'],
      ['Stamping', '/quote?process=stamping'],
      ['Bending', '/quote?process=bending'],
      ['Welding', '/quote?process=welding'],
    ])
  })

  test('a tile opens Request a Quote with its process chosen', async () => {
    const { user, router } = renderApp('/')

    await user.click(screen.getByRole('link', { name: 'Welding' }))

    expect(await screen.findByRole('heading', { name: 'Request a Quote', level: 1 })).toBeVisible()
    expect(router.state.location.search).toBe('?process=welding')
    await waitFor(() => expect(screen.getByLabelText('Process')).toHaveValue('welding'))
  })
})
