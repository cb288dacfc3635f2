// Types only: zod itself loads with the first schema a screen uses, not with the first screen.
// Error bodies are checked by ./api-error-body, loaded when an error comes.
import type { z } from 'zod'

import { getAccessToken } from './access-token'
import { ApiError } from './api-error'
import { warmZod } from './zod-warm'

// Same origin: the server serves the app, /api and /media on one port (docs/architecture.md).
const API_BASE = ''

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One entry of a contract in @toolworks/shared, e.g. `catalogContract.list`. */
export type Endpoint = {
  method: HttpMethod
  path: string
  response: z.ZodType
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
}

type Field<E, K extends string, Optional extends boolean> =
  E extends Record<K, z.ZodType>
    ? Optional extends true
      ? { [P in K]?: z.input<E[K]> }
      : { [P in K]: z.input<E[K]> }
    : { [P in K]?: never }

export type CallInput<E extends Endpoint> = Field<E, 'params', false> &
  Field<E, 'query', true> &
  Field<E, 'body', false> & {
    signal?: AbortSignal
    /** Sent even if the page is closed meanwhile (a save made as the tab is hidden). */
    keepalive?: boolean
  }

// The input may be left out only when the endpoint takes no path params and no body.
type CallArgs<E extends Endpoint> = E extends { params: z.ZodType } | { body: z.ZodType }
  ? [input: CallInput<E>]
  : [input?: CallInput<E>]

export type CallResult<E extends Pick<Endpoint, 'response'>> = z.output<E['response']>

/**
 * A contract endpoint whose module (and so zod) loads on the first call, not with the first
 * screen: `lazyEndpoint(() => import('./contracts').then((m) => m.catalogContract.list))`.
 * The answer is still parsed by the endpoint's own schema before anyone sees it.
 */
export type LazyEndpoint<E> = { readonly load: () => Promise<E> }

/** Wraps a loader of one contract endpoint; the loader runs once. */
export function lazyEndpoint<E extends Endpoint>(load: () => Promise<E>): LazyEndpoint<E> {
  let loading: Promise<E> | undefined
  return {
    load: () => {
      loading ??= warmZod()
        .then(load)
        .catch((error: unknown) => {
          // A failed chunk load (offline) may succeed on the next call.
          loading = undefined
          throw error instanceof Error ? error : new Error(String(error))
        })
      return loading
    },
  }
}

function resolveEndpoint<E>(endpoint: E | LazyEndpoint<E>): Promise<E> | E {
  return typeof endpoint === 'object' && endpoint !== null && 'load' in endpoint
    ? endpoint.load().catch(() => {
        throw new ApiError({ status: 0, code: 'NETWORK' })
      })
    : endpoint
}

function toParam(name: string, value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  throw new Error(`Param "${name}" must be a string, number or boolean`)
}

function buildUrl(path: string, params: unknown, query: unknown): URL {
  const values = (params ?? {}) as Record<string, unknown>
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined || value === null)
      throw new Error(`Missing path param "${name}" for ${path}`)
    return encodeURIComponent(toParam(name, value))
  })
  const url = new URL(API_BASE + filled, window.location.origin)
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) url.searchParams.set(key, toParam(key, value))
  }
  return url
}

function buildHeaders(hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' })
  if (hasBody) headers.set('Content-Type', 'application/json')
  const token = getAccessToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  return headers
}

function parseText(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

async function errorFromBody(
  status: number,
  body: unknown,
  retryAfter: string | null,
): Promise<ApiError> {
  const { errorFromBody: fromBody } = await import('./api-error-body')
  return fromBody(status, body, retryAfter)
}

async function send(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (error) {
    // An abort is the caller's choice (TanStack Query cancelling), not a failure to report.
    if (init.signal?.aborted) throw error
    throw new ApiError({ status: 0, code: 'NETWORK' })
  }
}

/** What `callWithHeaders` gives: the parsed answer and the response headers. */
export type CallWithHeadersResult<E extends Pick<Endpoint, 'response'>> = {
  data: CallResult<E>
  headers: Headers
}

async function request<E extends Endpoint>(
  given: E | LazyEndpoint<E>,
  // Checked against E by the callers' CallArgs; here only its parts are read.
  input: CallInput<Endpoint> | undefined,
): Promise<CallWithHeadersResult<E>> {
  const endpoint = await resolveEndpoint(given)
  const { params, query, body, signal, keepalive } = input ?? {}
  const hasBody = body !== undefined
  const response = await send(buildUrl(endpoint.path, params, query), {
    method: endpoint.method,
    headers: buildHeaders(hasBody),
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
    ...(keepalive ? { keepalive } : {}),
  })
  const data = await answer(
    endpoint,
    response.status,
    parseText(await response.text()),
    response.headers.get('Retry-After'),
  )
  return { data, headers: response.headers }
}

/**
 * Calls one contract endpoint: fills the path, sends JSON with the bearer token, and
 * returns the answer parsed by the endpoint's response schema. Throws `ApiError` otherwise.
 */
async function call<E extends Endpoint>(
  endpoint: E | LazyEndpoint<E>,
  ...[input]: CallArgs<E>
): Promise<CallResult<E>> {
  return (await request<E>(endpoint, input)).data
}

/** As `call`, also giving the response headers (e.g. `X-Total-Count` of a paged list). */
function callWithHeaders<E extends Endpoint>(
  endpoint: E | LazyEndpoint<E>,
  ...[input]: CallArgs<E>
): Promise<CallWithHeadersResult<E>> {
  return request<E>(endpoint, input)
}

/** The parsed answer of a finished request, or the `ApiError` it stands for. */
async function answer<E extends Pick<Endpoint, 'response'>>(
  endpoint: E,
  status: number,
  data: unknown,
  retryAfter: string | null = null,
): Promise<CallResult<E>> {
  if (status < 200 || status >= 300) throw await errorFromBody(status, data, retryAfter)
  const parsed = endpoint.response.safeParse(data)
  if (!parsed.success) throw new ApiError({ status, code: 'INVALID_RESPONSE' })
  return parsed.data as CallResult<E>
}

/** A contract endpoint that takes a multipart body, e.g. `mediaContract.upload`. */
export type UploadEndpoint = Pick<Endpoint, 'path' | 'response' | 'params'> & {
  method: 'POST' | 'PUT'
}

export type UploadInput<E extends UploadEndpoint> = Field<E, 'params', false> & {
  body: FormData
  /** Whole percent of the body sent so far, 0 to 100. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/** What fetch rejects with on an abort: the signal's reason when it is an error. */
function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason
  return reason instanceof Error
    ? reason
    : new DOMException('The upload was aborted.', 'AbortError')
}

/**
 * Sends a multipart body to one contract endpoint with the bearer token, reporting upload
 * progress: XMLHttpRequest, because fetch cannot tell how much of a request body has gone.
 * Answers and fails exactly as `call` does; an abort rejects with the signal's reason.
 */
function upload<E extends UploadEndpoint>(
  endpoint: E,
  { params, body, onProgress, signal }: UploadInput<E>,
): Promise<CallResult<E>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal))
      return
    }
    const xhr = new XMLHttpRequest()
    const settle = (finish: () => void) => {
      signal?.removeEventListener('abort', onAbort)
      finish()
    }
    // Settle here too: not every XMLHttpRequest (or stand-in) fires `abort` on an open request.
    const onAbort = () => {
      xhr.abort()
      settle(() => reject(abortReason(signal)))
    }

    xhr.open(endpoint.method, buildUrl(endpoint.path, params, undefined).toString())
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    buildHeaders(false).forEach((value, name) => xhr.setRequestHeader(name, value))
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0)
          onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)))
      })
    }
    xhr.addEventListener('load', () =>
      settle(() => {
        answer(
          endpoint,
          xhr.status,
          parseText(xhr.responseText),
          xhr.getResponseHeader('Retry-After'),
        ).then(resolve, (error: unknown) =>
          reject(error instanceof Error ? error : new Error(String(error))),
        )
      }),
    )
    xhr.addEventListener('error', () =>
      settle(() => reject(new ApiError({ status: 0, code: 'NETWORK' }))),
    )
    xhr.addEventListener('timeout', () =>
      settle(() => reject(new ApiError({ status: 0, code: 'NETWORK' }))),
    )
    xhr.addEventListener('abort', () => settle(() => reject(abortReason(signal))))
    signal?.addEventListener('abort', onAbort, { once: true })
    xhr.send(body)
  })
}

export const api = { call, callWithHeaders, upload }
