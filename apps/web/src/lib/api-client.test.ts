import { delay, http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { catalogContract, MEDIA_FIELD, mediaContract } from '@toolworks/shared'

import { makeTool } from '@/testing/factories'
import { server } from '@/testing/server'

import { setAccessToken } from './access-token'
import { api, lazyEndpoint } from './api-client'
import { ApiError } from './api-error'

describe('api client', () => {
  test('turns an error body into an ApiError with its status, code, message and fields', async () => {
    server.use(
      http.get('/api/tool/:id', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Bad id',
              fields: { id: 'id is invalid' },
            },
          },
          { status: 400 },
        ),
      ),
    )

    const error = await api
      .call(catalogContract.getOne, { params: { id: 'x' } })
      .catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Bad id',
      fields: { id: 'id is invalid' },
    })
  })

  test('gives a non-2xx answer without an error body the code of its status', async () => {
    server.use(
      http.get('/api/tool', () => new HttpResponse('<html>Bad gateway</html>', { status: 503 })),
    )

    await expect(api.call(catalogContract.list)).rejects.toMatchObject({
      status: 503,
      code: 'UNAVAILABLE',
    })
  })

  test('carries the Retry-After of a refused answer, in milliseconds', async () => {
    server.use(
      http.get('/api/tool', () =>
        HttpResponse.json(
          { error: { code: 'RATE_LIMITED', message: 'Slow down' } },
          { status: 429, headers: { 'Retry-After': '3' } },
        ),
      ),
    )

    await expect(api.call(catalogContract.list)).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfterMs: 3000,
    })
  })

  test('turns a network failure into an ApiError with code NETWORK', async () => {
    server.use(http.get('/api/tool', () => HttpResponse.error()))

    await expect(api.call(catalogContract.list)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
    })
  })

  test('rejects an answer that does not match the contract', async () => {
    server.use(http.get('/api/tool', () => HttpResponse.json([{ name: 'no id' }])))

    await expect(api.call(catalogContract.list)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })

  test('fills path params, sends the query and the bearer token, and parses the answer', async () => {
    const tool = makeTool({ _id: 'a/b' })
    let seen: { url: string; auth: string | null } | undefined
    server.use(
      http.get('/api/tool/:id', ({ request, params }) => {
        seen = { url: request.url, auth: request.headers.get('authorization') }
        return params.id === 'a/b'
          ? HttpResponse.json(tool)
          : HttpResponse.json(null, { status: 404 })
      }),
    )
    setAccessToken('secret-token')

    await expect(api.call(catalogContract.getOne, { params: { id: 'a/b' } })).resolves.toEqual(tool)
    expect(seen?.url).toMatch(/\/api\/tool\/a%2Fb$/)
    expect(seen?.auth).toBe('Bearer secret-token')
  })

  test('callWithHeaders gives the parsed answer with the response headers', async () => {
    const tools = [makeTool()]
    server.use(
      http.get('/api/tool', () => HttpResponse.json(tools, { headers: { 'X-Total-Count': '57' } })),
    )

    const { data, headers } = await api.callWithHeaders(catalogContract.list, {
      query: { limit: 1 },
    })
    expect(data).toEqual(tools)
    expect(headers.get('x-total-count')).toBe('57')
  })

  describe('lazyEndpoint (the first screen loads its contracts, and zod, on first call)', () => {
    test('loads the endpoint once and still parses the answer by its schema', async () => {
      const tools = [makeTool()]
      server.use(http.get('/api/tool', () => HttpResponse.json(tools)))
      let loads = 0
      const endpoint = lazyEndpoint(() => {
        loads += 1
        return Promise.resolve(catalogContract.list)
      })

      await expect(api.call(endpoint)).resolves.toEqual(tools)
      await expect(api.callWithHeaders(endpoint, { query: { limit: 1 } })).resolves.toMatchObject({
        data: tools,
      })
      expect(loads).toBe(1)
    })

    test('refuses an answer of the wrong shape, as an eager endpoint does', async () => {
      server.use(http.get('/api/tool', () => HttpResponse.json([{ name: 'no id' }])))
      const endpoint = lazyEndpoint(() => Promise.resolve(catalogContract.list))

      await expect(api.call(endpoint)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
    })

    test('a loader that fails (offline) is a NETWORK error and is tried again on the next call', async () => {
      server.use(http.get('/api/tool', () => HttpResponse.json([])))
      let loads = 0
      const endpoint = lazyEndpoint(() => {
        loads += 1
        return loads === 1
          ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
          : Promise.resolve(catalogContract.list)
      })

      await expect(api.call(endpoint)).rejects.toMatchObject({ status: 0, code: 'NETWORK' })
      await expect(api.call(endpoint)).resolves.toEqual([])
      expect(loads).toBe(2)
    })
  })

  describe('upload', () => {
    const uploaded = {
      success: true,
      data: { url: '/media/abc-800.webp', width: 800, height: 600 },
    }
    const imageForm = () => {
      const body = new FormData()
      body.append(MEDIA_FIELD, new File(['png bytes'], 'photo.png', { type: 'image/png' }))
      return body
    }

    test('posts the form with the bearer token, reports progress and parses the answer', async () => {
      let seen: { auth: string | null; type: string | null; hasImage: boolean } | undefined
      server.use(
        http.post('/api/media', async ({ request }) => {
          const type = request.headers.get('content-type')
          const form = await request.formData()
          seen = {
            auth: request.headers.get('authorization'),
            type,
            hasImage: form.has(MEDIA_FIELD),
          }
          return HttpResponse.json(uploaded)
        }),
      )
      setAccessToken('secret-token')
      const progress: number[] = []

      await expect(
        api.upload(mediaContract.upload, {
          body: imageForm(),
          onProgress: (p) => progress.push(p),
        }),
      ).resolves.toEqual(uploaded)
      expect(seen).toEqual({
        auth: 'Bearer secret-token',
        type: expect.stringMatching(/^multipart\/form-data; boundary=/) as unknown,
        hasImage: true,
      })
      expect(progress.at(-1)).toBe(100)
    })

    test('turns an error body into the same ApiError as call', async () => {
      server.use(
        http.post('/api/media', () =>
          HttpResponse.json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Not a picture',
                fields: { image: 'Not a picture' },
              },
            },
            { status: 400 },
          ),
        ),
      )

      const error = await api
        .upload(mediaContract.upload, { body: imageForm() })
        .catch((e: unknown) => e)

      expect(error).toBeInstanceOf(ApiError)
      expect(error).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Not a picture',
        fields: { image: 'Not a picture' },
      })
    })

    test('a 413 without an error body gets PAYLOAD_TOO_LARGE; a network failure NETWORK', async () => {
      server.use(http.post('/api/media', () => new HttpResponse('Too big', { status: 413 })))
      await expect(api.upload(mediaContract.upload, { body: imageForm() })).rejects.toMatchObject({
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      })

      server.use(http.post('/api/media', () => HttpResponse.error()))
      await expect(api.upload(mediaContract.upload, { body: imageForm() })).rejects.toMatchObject({
        status: 0,
        code: 'NETWORK',
      })
    })

    test('rejects an answer that does not match the contract', async () => {
      server.use(http.post('/api/media', () => HttpResponse.json({ success: true })))

      await expect(api.upload(mediaContract.upload, { body: imageForm() })).rejects.toMatchObject({
        code: 'INVALID_RESPONSE',
      })
    })

    test('an aborted signal stops the upload with an AbortError', async () => {
      let requests = 0
      server.use(
        http.post('/api/media', () => {
          requests += 1
          return HttpResponse.json(uploaded)
        }),
      )
      const controller = new AbortController()
      controller.abort()

      await expect(
        api.upload(mediaContract.upload, { body: imageForm(), signal: controller.signal }),
      ).rejects.toMatchObject({ name: 'AbortError' })
      expect(requests).toBe(0)
    })

    test('aborting while the upload is in flight rejects with the AbortError', async () => {
      server.use(
        http.post('/api/media', async () => {
          await delay('infinite')
          return HttpResponse.json(uploaded)
        }),
      )
      const controller = new AbortController()
      const pending = api.upload(mediaContract.upload, {
        body: imageForm(),
        signal: controller.signal,
      })
      setTimeout(() => controller.abort(), 10)

      await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    })
  })
})
