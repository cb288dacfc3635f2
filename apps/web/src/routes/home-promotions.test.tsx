import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { queryKeys } from '@toolworks/shared'

import { activePromotionsHandler, makePromotion } from '@/testing/handlers/promotions'
import { renderApp, testQueryClient } from '@/testing/render'
import { server } from '@/testing/server'

describe("the home page's Promotion section", () => {
  test("shows today's promotions in the admin's words, a discount with its percent", async () => {
    server.use(
      activePromotionsHandler([
        makePromotion({
          percent: 35,
          cap: 80,
          title: 'A third off, near enough',
          text: 'Up to $80.',
        }),
        makePromotion({
          kind: 'free-shipping',
          percent: null,
          cap: null,
          title: 'Shipping on us',
          text: 'All month long.',
        }),
      ]),
    )
    renderApp('/')

    const section = within(await screen.findByRole('region', { name: 'Promotion' }))
    const offers = section.getAllByRole('article')
    expect(offers).toHaveLength(2)
    expect(offers[0]).toHaveTextContent('35%')
    expect(
      // A first-order discount says its cap after the admin's words.
      within(offers[0]!).getByRole('heading', { name: 'A third off, near enough, up to $80.00' }),
    ).toBeVisible()
    expect(offers[0]).toHaveTextContent('Up to $80.')
    expect(within(offers[1]!).getByRole('heading', { name: 'Shipping on us' })).toBeVisible()
    expect(offers[1]).toHaveTextContent('All month long.')
    // The words of the seed are gone: only what the server answered is shown.
    expect(section.queryByText('50% off your first order')).toBeNull()
  })

  test('with none active the section is not there at all', async () => {
    server.use(activePromotionsHandler([]))
    const queryClient = testQueryClient()
    renderApp('/', { queryClient })

    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.activePromotions)?.status).toBe('success'),
    )
    expect(screen.queryByRole('region', { name: 'Promotion' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Promotion' })).toBeNull()
  })

  test("the server's embedded promotions show on the first render, with no request", () => {
    // As the page's data block seeds the cache before hydration (plugins/pages.ts).
    const queryClient = testQueryClient()
    queryClient.setQueryData(queryKeys.activePromotions, [
      makePromotion({ title: 'Rendered on the server', cap: null }),
    ])
    server.use(activePromotionsHandler([]))
    renderApp('/', { queryClient })

    const section = within(screen.getByRole('region', { name: 'Promotion' }))
    expect(section.getByRole('heading', { name: 'Rendered on the server' })).toBeVisible()
  })
})
