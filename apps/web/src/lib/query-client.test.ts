import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, test } from 'vitest'

import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '@toolworks/shared'

import { makeReview, makeTools } from '@/testing/factories'
import { renderApp, testQueryClient } from '@/testing/render'
import { server } from '@/testing/server'

import { seedInitialData } from './query-client'

/** The block as apps/server/src/plugins/web.ts writes it into the HTML. */
function addBlock(data: InitialData | string) {
  const element = document.createElement('script')
  element.type = 'application/json'
  element.id = INITIAL_DATA_ELEMENT_ID
  element.textContent = typeof data === 'string' ? data : JSON.stringify(data)
  document.body.append(element)
}

function countRequests(path: string) {
  const seen: string[] = []
  server.use(
    http.get(path, ({ request }) => {
      seen.push(request.url)
      return HttpResponse.json([])
    }),
  )
  return seen
}

afterEach(() => document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove())

describe('the initial data in the page', () => {
  test('the products page renders from it at once, without asking the API', async () => {
    const tools = makeTools(3)
    addBlock({
      queries: [{ key: ['tools', 'page', { limit: 24, offset: 0 }], data: { tools, total: 30 } }],
    })
    const requests = countRequests('/api/tool')
    const queryClient = testQueryClient()
    seedInitialData(queryClient)

    expect(document.getElementById(INITIAL_DATA_ELEMENT_ID)).toBeNull()
    renderApp('/products', { queryClient })

    expect(screen.getAllByTestId('tool-card')).toHaveLength(3)
    expect(screen.getByText('Showing 1–3 of 30 tools')).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(requests).toEqual([])
  })

  test('the home page renders its tools and reviews from it', async () => {
    const review = makeReview()
    addBlock({
      queries: [
        { key: ['tools', { limit: 8 }], data: makeTools(8) },
        { key: ['reviews', { limit: 8 }], data: [review] },
      ],
    })
    const toolRequests = countRequests('/api/tool')
    const reviewRequests = countRequests('/api/review')
    const queryClient = testQueryClient()
    seedInitialData(queryClient)
    renderApp('/', { queryClient })

    expect(screen.getAllByTestId('tool-card')).toHaveLength(8)
    expect(screen.getByText(review.customerName)).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect([...toolRequests, ...reviewRequests]).toEqual([])
  })

  test('a damaged block is removed and ignored', () => {
    addBlock('{"queries": [')
    const queryClient = testQueryClient()
    seedInitialData(queryClient)
    expect(document.getElementById(INITIAL_DATA_ELEMENT_ID)).toBeNull()
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0)
  })
})
