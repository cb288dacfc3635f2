import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeTool, makeTools } from '@/testing/factories'
import { toolListErrorHandler, toolListHandler } from '@/testing/handlers/catalog'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

describe('/products', () => {
  test('shows one card per tool the server lists, under Our Products', async () => {
    const tools = makeTools(11)
    server.use(toolListHandler(tools))

    renderApp('/products')

    expect(screen.getByRole('heading', { level: 1, name: 'Our Products' })).toBeInTheDocument()
    const cards = await screen.findAllByTestId('tool-card')
    expect(cards).toHaveLength(11)
    expect(within(cards[10]!).getByRole('heading', { name: tools[10]!.name })).toBeInTheDocument()
    expect(document.title).toBe('Our Products · Toolworks')
  })

  test('shows an error with a retry button when the list fails, and recovers on retry', async () => {
    server.use(toolListErrorHandler(500))
    const { user } = renderApp('/products')

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The tools could not be loaded. Please try again.')

    server.use(toolListHandler(makeTools(2)))
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))

    expect(await screen.findAllByTestId('tool-card')).toHaveLength(2)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('/products links to quick order', () => {
  test('beside the search, a buyer with part numbers goes to /quick-order', async () => {
    server.use(toolListHandler(makeTools(3)))
    const { router, user } = renderApp('/products')
    await screen.findAllByTestId('tool-card')
    const search = screen.getByRole('combobox', { name: 'Search by name, part number or spec' })
    // In the page itself (the header's cart menu links there too).
    const link = within(screen.getByRole('main')).getByRole('link', {
      name: 'Quick order: paste part numbers',
    })
    expect(link).toHaveAttribute('href', '/quick-order')
    // Near the search: right after the toolbar that holds the search box.
    expect(search.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByText(/Know your part numbers\?/)).toContainElement(link)
    await user.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/quick-order'))
  })
})

describe('/products paging, search and sort', () => {
  const location = (router: ReturnType<typeof renderApp>['router']) =>
    `${router.state.location.pathname}${router.state.location.search}`
  const cardNames = () =>
    screen
      .getAllByTestId('tool-card')
      .map((card) => within(card).getByRole('heading', { level: 2 }).textContent)

  test('shows 24 tools a page with the total, and pages through the URL', async () => {
    const tools = makeTools(50)
    server.use(toolListHandler(tools))
    const { router, user } = renderApp('/products')

    expect(await screen.findAllByTestId('tool-card')).toHaveLength(24)
    expect(screen.getByText('Showing 1–24 of 50 tools')).toBeInTheDocument()
    const pager = screen.getByRole('navigation', { name: 'Pages' })
    expect(within(pager).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    await user.click(within(pager).getByRole('link', { name: 'Page 3' }))
    expect(await screen.findByText('Showing 49–50 of 50 tools')).toBeInTheDocument()
    expect(location(router)).toBe('/products?page=3')
    expect(cardNames()).toEqual([tools[48]!.name, tools[49]!.name])
    expect(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', {
        name: 'Page 3',
      }),
    ).toHaveAttribute('aria-current', 'page')

    await user.click(screen.getByRole('link', { name: 'Previous' }))
    expect(await screen.findByText('Showing 25–48 of 50 tools')).toBeInTheDocument()
    expect(location(router)).toBe('/products?page=2')

    // Back and forward walk the same pages.
    await router.navigate(-1)
    expect(await screen.findByText('Showing 49–50 of 50 tools')).toBeInTheDocument()
    await router.navigate(1)
    expect(await screen.findByText('Showing 25–48 of 50 tools')).toBeInTheDocument()
  })

  test('a deep link opens the page, search and sort it names', async () => {
    const tools = [
      makeTool({ name: 'Drill press', price: 300 }),
      makeTool({ name: 'Hand drill', price: 40 }),
      makeTool({ name: 'Torque wrench', price: 90 }),
      makeTool({ name: 'Drill bit set', price: 15 }),
    ]
    server.use(toolListHandler(tools))
    renderApp('/products?q=dri&sort=price_asc')

    await screen.findAllByTestId('tool-card')
    expect(cardNames()).toEqual(['Drill bit set', 'Hand drill', 'Drill press'])
    expect(
      screen.getByRole('combobox', { name: 'Search by name, part number or spec' }),
    ).toHaveValue('dri')
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc')
    expect(screen.getByText('Showing 1–3 of 3 tools')).toBeInTheDocument()
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument()
  })

  test('searching by name puts q in the URL, back to page 1, and says when nothing matches', async () => {
    const tools = [...makeTools(30), makeTool({ name: 'Angle grinder' })]
    server.use(toolListHandler(tools))
    const { router, user } = renderApp('/products?page=2')
    expect(await screen.findByText('Showing 25–31 of 31 tools')).toBeInTheDocument()

    const box = screen.getByRole('combobox', { name: 'Search by name, part number or spec' })
    await user.type(box, 'angle{Enter}')
    expect(await screen.findByText('Showing the only tool')).toBeInTheDocument()
    expect(location(router)).toBe('/products?q=angle')
    expect(cardNames()).toEqual(['Angle grinder'])

    await user.clear(screen.getByRole('combobox', { name: 'Search by name, part number or spec' }))
    await user.type(
      screen.getByRole('combobox', { name: 'Search by name, part number or spec' }),
      'lathe{Enter}',
    )
    expect(await screen.findByText('No tools match “lathe”.')).toBeInTheDocument()
    expect(screen.queryAllByTestId('tool-card')).toHaveLength(0)

    await user.click(screen.getByRole('link', { name: 'Clear search' }))
    expect(await screen.findByText('Showing 1–24 of 31 tools')).toBeInTheDocument()
    expect(location(router)).toBe('/products')
    expect(
      screen.getByRole('combobox', { name: 'Search by name, part number or spec' }),
    ).toHaveValue('')
  })

  test('the sort select orders by price and keeps its choice in the URL', async () => {
    const tools = [
      makeTool({ name: 'Mid', price: 50 }),
      makeTool({ name: 'Cheap', price: 5 }),
      makeTool({ name: 'Dear', price: 500 }),
    ]
    server.use(toolListHandler(tools))
    const { router, user } = renderApp('/products')
    await screen.findAllByTestId('tool-card')
    expect(cardNames()).toEqual(['Mid', 'Cheap', 'Dear'])

    const select = screen.getByRole('combobox', { name: 'Sort by' })
    await user.selectOptions(select, 'Price: high to low')
    await waitFor(() => expect(cardNames()).toEqual(['Dear', 'Mid', 'Cheap']))
    expect(location(router)).toBe('/products?sort=price_desc')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest')
    await waitFor(() => expect(cardNames()).toEqual(['Mid', 'Cheap', 'Dear']))
    expect(location(router)).toBe('/products')
  })

  test('a page past the end says so and links back to the first', async () => {
    server.use(toolListHandler(makeTools(5)))
    const { router, user } = renderApp('/products?page=9')

    expect(await screen.findByText('There are no tools on this page.')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Go to the first page' }))
    expect(await screen.findAllByTestId('tool-card')).toHaveLength(5)
    expect(location(router)).toBe('/products')
  })
})
