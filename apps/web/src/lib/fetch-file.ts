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

/** The file name the server gave (`attachment; filename="invoice-INV-000042.pdf"`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const name = /filename="([^"]+)"/.exec(disposition ?? '')?.[1]
  // Only a plain file name: never a path.
  return name && /^[\w.-]+$/.test(name) ? name : fallback
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
