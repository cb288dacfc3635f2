import { http, HttpResponse } from 'msw'

import type { ErrorBody, Tool } from '@toolworks/shared'

import { makeTools } from '../factories'

/** GET /api/tool as the server answers it: honours `limit` and `offset`. */
export function toolListHandler(tools: Tool[]) {
  return http.get('/api/tool', ({ request }) => {
    const url = new URL(request.url)
    const offset = Number(url.searchParams.get('offset') ?? 0)
    const limit = url.searchParams.get('limit')
    const end = limit === null ? undefined : offset + Number(limit)
    return HttpResponse.json(tools.slice(offset, end))
  })
}

export function toolListErrorHandler(status = 500) {
  const body: ErrorBody = {
    error: { code: 'INTERNAL', message: 'Something went wrong on our side.' },
  }
  return http.get('/api/tool', () => HttpResponse.json(body, { status }))
}

/** GET /api/tool/{id}: `tool()` is read on every request, so a test can change the stock. */
export function toolHandler(tool: () => Tool) {
  return http.get('/api/tool/:id', ({ params }) => {
    const current = tool()
    if (params.id !== current._id) {
      const body: ErrorBody = { error: { code: 'NOT_FOUND', message: 'No such tool' } }
      return HttpResponse.json(body, { status: 404 })
    }
    return HttpResponse.json(current)
  })
}

export const catalogHandlers = [toolListHandler(makeTools(3))]
