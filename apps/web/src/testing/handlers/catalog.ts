import { http, HttpResponse } from 'msw'

import { catalogContract, mediaContract } from '@toolworks/shared'

import type { ErrorBody, Tool } from '@toolworks/shared'

import { makeTools } from '../factories'

/**
 * GET /api/tool as the server answers it: `q` keeps tools with a name word starting with
 * each searched word, `sort` orders by price or keeps the given (newest first) order, then
 * `offset`/`limit` page; `X-Total-Count` comes whenever limit, offset or q is given.
 */
export function toolListHandler(tools: Tool[]) {
  return http.get(catalogContract.list.path, ({ request }) => {
    const url = new URL(request.url)
    const words = (url.searchParams.get('q') ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
    const sort = url.searchParams.get('sort')
    const matching = tools.filter((tool) => {
      const nameWords = tool.name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
      return words.every((word) => nameWords.some((n) => n.startsWith(word)))
    })
    if (sort === 'price_asc') matching.sort((a, b) => a.price - b.price)
    if (sort === 'price_desc') matching.sort((a, b) => b.price - a.price)
    const offset = Number(url.searchParams.get('offset') ?? 0)
    const limit = url.searchParams.get('limit')
    const end = limit === null ? undefined : offset + Number(limit)
    const paged = limit !== null || url.searchParams.has('offset') || words.length > 0
    return HttpResponse.json(matching.slice(offset, end), {
      headers: paged ? { 'X-Total-Count': String(matching.length) } : {},
    })
  })
}

export function toolListErrorHandler(status = 500) {
  const body: ErrorBody = {
    error: { code: 'INTERNAL', message: 'Something went wrong on our side.' },
  }
  return http.get(catalogContract.list.path, () => HttpResponse.json(body, { status }))
}

/** GET /api/tool/{id}: `tool()` is read on every request, so a test can change the stock. */
export function toolHandler(tool: () => Tool) {
  return http.get(catalogContract.getOne.path, ({ params }) => {
    const current = tool()
    if (params.id !== current._id) {
      const body: ErrorBody = { error: { code: 'NOT_FOUND', message: 'No such tool' } }
      return HttpResponse.json(body, { status: 404 })
    }
    return HttpResponse.json(current)
  })
}

/** GET /api/tool/{id} for several tools; any other id is a 404 (a tool that left the shop). */
export function toolsByIdHandler(tools: Tool[]) {
  return http.get(catalogContract.getOne.path, ({ params }) => {
    const found = tools.find((tool) => tool._id === params.id)
    if (found) return HttpResponse.json(found)
    const body: ErrorBody = { error: { code: 'NOT_FOUND', message: 'No such tool' } }
    return HttpResponse.json(body, { status: 404 })
  })
}

export const catalogHandlers = [toolListHandler(makeTools(3))]

/** Every request an admin catalogue handler saw, for tests that check what was sent. */
export type SeenCatalogRequest = { method: string; path: string; body: unknown }

/** The URL `POST /api/media` answers in the tests, like the server's `/media/<hash>-800.webp`. */
export const UPLOADED_IMAGE_URL = `/media/${'ab'.repeat(16)}-800.webp`

/** POST /api/media answered with `status` and an error body (e.g. a file that is no image). */
export function uploadErrorHandler(status: 400 | 413, message: string) {
  const body: ErrorBody = {
    error: {
      code: status === 400 ? 'VALIDATION_FAILED' : 'PAYLOAD_TOO_LARGE',
      message,
      fields: { image: message },
    },
  }
  return http.post(mediaContract.upload.path, () => HttpResponse.json(body, { status }))
}

/**
 * An in-memory admin catalogue as the server answers it: the list newest first, the image
 * upload, create, edit and delete. `seen` records each write (the upload's body as the names
 * of its form fields).
 */
export function catalogAdminServer(initial: Tool[]) {
  let tools = [...initial]
  const seen: SeenCatalogRequest[] = []
  const record = (request: Request, body: unknown) =>
    seen.push({ method: request.method, path: new URL(request.url).pathname, body })
  const notFound = () => {
    const body: ErrorBody = { error: { code: 'NOT_FOUND', message: 'No such tool' } }
    return HttpResponse.json(body, { status: 404 })
  }

  const handlers = [
    http.get(catalogContract.list.path, () => HttpResponse.json(tools)),
    http.post(mediaContract.upload.path, async ({ request }) => {
      const form = await request.formData()
      record(request, [...form.keys()])
      return HttpResponse.json({
        success: true,
        data: { url: UPLOADED_IMAGE_URL, width: 800, height: 600 },
      })
    }),
    http.post(catalogContract.create.path, async ({ request }) => {
      const body = (await request.json()) as Omit<Tool, '_id'>
      record(request, body)
      const tool = { ...body, _id: `new-${tools.length + 1}` }
      tools = [tool, ...tools]
      return HttpResponse.json({ acknowledged: true, insertedId: tool._id }, { status: 201 })
    }),
    http.put(catalogContract.update.path, async ({ request, params }) => {
      const body = (await request.json()) as Partial<Tool>
      record(request, body)
      const current = tools.find((t) => t._id === params.id)
      if (!current) return notFound()
      const changed = { ...current, ...body }
      tools = tools.map((t) => (t._id === changed._id ? changed : t))
      return HttpResponse.json(changed)
    }),
    http.delete(catalogContract.remove.path, ({ request, params }) => {
      record(request, undefined)
      if (!tools.some((t) => t._id === params.id)) return notFound()
      tools = tools.filter((t) => t._id !== params.id)
      return HttpResponse.json({ acknowledged: true, deletedCount: 1 })
    }),
  ]
  return { handlers, seen, tools: () => tools }
}
