import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeTools } from '@/testing/factories'
import { toolListHandler } from '@/testing/handlers/catalog'
import { facetsHandler } from '@/testing/handlers/search'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const location = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`

const drillFacets = {
  total: 3,
  categories: [
    { slug: 'cutting-tools', count: 3 },
    { slug: 'drill-bits', count: 3 },
  ],
  specs: {
    diameter: { min: 2, max: 13 },
    material: {
      values: [
        { value: 'HSS', count: 2 },
        { value: 'HSS-Co', count: 1 },
      ],
    },
  },
}

// Many keystrokes and screens per test: more than the default 5 s on a busy machine.
describe('/products facets', { timeout: 15_000 }, () => {
  test('a category page shows its description, sub-categories, counts and its spec facets', async () => {
    const seen: URL[] = []
    server.use(toolListHandler(makeTools(3)), facetsHandler(drillFacets, seen))
    renderApp('/products?category=cutting-tools')

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cutting tools' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Drills, taps and cutters.')).toBeInTheDocument()
    const subs = screen.getByRole('navigation', { name: 'Sub-categories' })
    expect(within(subs).getByRole('link', { name: 'Drill bits' })).toHaveAttribute(
      'href',
      '/products?category=drill-bits',
    )
    const tree = screen.getByRole('navigation', { name: 'Categories' })
    await waitFor(() =>
      expect(within(tree).getByRole('link', { name: 'Cutting tools 3' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    )
    expect(seen.at(-1)?.searchParams.get('category')).toBe('cutting-tools')
    expect(document.title).toBe('Cutting tools · Toolworks')
  })

  test('checking a value and applying a range put them in the URL; back undoes them', async () => {
    const seen: URL[] = []
    server.use(toolListHandler(makeTools(3)), facetsHandler(drillFacets, seen))
    const { router, user } = renderApp('/products?category=drill-bits')

    const hss = await screen.findByRole('checkbox', { name: 'HSS-Co 1' })
    expect(screen.getByText('Results range from 2 mm to 13 mm')).toBeInTheDocument()
    await user.click(hss)
    await waitFor(() =>
      expect(location(router)).toBe('/products?category=drill-bits&spec.material=HSS-Co'),
    )
    expect(screen.getByRole('checkbox', { name: 'HSS-Co 1' })).toBeChecked()
    // The counts are asked with the same filters.
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('spec.material')).toBe('HSS-Co'))

    await user.type(screen.getByLabelText('Diameter, minimum'), '8')
    await user.type(screen.getByLabelText('Diameter, maximum'), '12')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() =>
      expect(location(router)).toBe(
        '/products?category=drill-bits&spec.diameter=8..12&spec.material=HSS-Co',
      ),
    )

    await router.navigate(-1)
    await waitFor(() => expect(screen.getByLabelText('Diameter, minimum')).toHaveValue(null))
    expect(screen.getByRole('checkbox', { name: 'HSS-Co 1' })).toBeChecked()
    await router.navigate(-1)
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'HSS-Co 1' })).not.toBeChecked(),
    )
  })

  test('in stock only is a checkbox in the URL; clearing removes every filter', async () => {
    server.use(toolListHandler(makeTools(3)), facetsHandler(drillFacets))
    const { router, user } = renderApp('/products?category=drill-bits&spec.material=HSS')
    await user.click(await screen.findByRole('checkbox', { name: 'In stock only' }))
    await waitFor(() =>
      expect(location(router)).toBe('/products?category=drill-bits&spec.material=HSS&inStock=true'),
    )
    await user.click(screen.getAllByRole('link', { name: 'Clear all filters' })[0]!)
    await waitFor(() => expect(location(router)).toBe('/products'))
  })

  test('on a phone the facets sit behind a Filters button that opens them', async () => {
    server.use(toolListHandler(makeTools(3)), facetsHandler(drillFacets))
    const { user } = renderApp('/products')
    const button = await screen.findByRole('button', { name: 'Filters' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '')
    expect(panel).toHaveClass('hidden', 'lg:block')
    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(panel).not.toHaveClass('hidden')
  })

  test('cards link to the public product page by name', async () => {
    const tools = makeTools(2)
    server.use(toolListHandler(tools), facetsHandler())
    renderApp('/products')
    const card = (await screen.findAllByTestId('tool-card'))[0]!
    // The name and the image (out of the tab order) both lead there.
    const links = within(card).getAllByRole('link', { name: tools[0]!.name })
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `/products/${tools[0]!._id}`,
      `/products/${tools[0]!._id}`,
    ])
    expect(within(card).getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      `/purchase/${tools[0]!._id}`,
    )
  })
})
