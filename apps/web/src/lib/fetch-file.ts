import { ErrorBodySchema } from '@toolworks/shared'

import { getAccessToken } from './access-token'
import { ApiError, codeForStatus } from './api-error'

/**
 * A private file (a quote's drawing, an invoice, a CSV export) fetched with the bearer token: a
 * plain `<a href>` or `<img src>` cannot send it, and `api.call` reads JSON only. A refusal
 * becomes the same ApiError an API call gives, so screens word it the same way.
 */
export async function fetchFile(
  path: string,
  { accept, signal }: { accept?: string; signal?: AbortSignal } = {},
): Promise<{ blob: Blob; disposition: string | null }> {
  const headers = new Headers(accept ? { Accept: accept } : {})
  const token = getAccessToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  let response: Response
  try {
    response = await fetch(new URL(path, window.location.origin), { headers, signal })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError({ status: 0, code: 'NETWORK' })
  }
  if (!response.ok) {
    let body: unknown
    try {
      body = await response.json()
    } catch {
      body = undefined
    }
    const parsed = ErrorBodySchema.safeParse(body)
    throw parsed.success
      ? new ApiError({ status: response.status, ...parsed.data.error })
      : new ApiError({ status: response.status, code: codeForStatus(response.status) })
  }
  return { blob: await response.blob(), disposition: response.headers.get('Content-Disposition') }
}

/** Folders, control characters and bidirectional overrides: never part of a name we save. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const NOT_A_NAME = /[/\\\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]|^\.*$/

/**
 * The file name the server gave: the exact name of RFC 5987's `filename*=UTF-8''…` when
 * present (a drawing's "Flansch-Maß.step"), else the plain `filename="…"`
 * (`attachment; filename="invoice-INV-000042.pdf"`). Only a plain file name: never a path.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const header = disposition ?? ''
  let name: string | undefined
  const encoded = /filename\*=UTF-8''([^;\s]+)/i.exec(header)?.[1]
  if (encoded)
    try {
      name = decodeURIComponent(encoded)
    } catch {
      name = undefined
    }
  name ??= /filename="([^"]+)"/.exec(header)?.[1]
  return name && !NOT_A_NAME.test(name) ? name : fallback
}

/** Hands the browser a fetched file to save under the given name. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the save; the URL can go once this task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
