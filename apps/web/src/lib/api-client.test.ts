import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { catalogContract } from '@toolworks/shared'

import { makeTool } from '@/testing/factories'
import { server } from '@/testing/server'

import { setAccessToken } from './access-token'
import { api } from './api-client'
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
})
