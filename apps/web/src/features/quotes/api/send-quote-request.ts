import { useMutation, useQueryClient } from '@tanstack/react-query'

import {
  QUOTE_DRAWING_FIELD,
  queryKeys,
  quotesContract,
  type QuoteRequestFieldsInput,
} from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

/** The text fields as the form holds them: every one a string, quantities already whole numbers. */
export type QuoteRequestText = Omit<QuoteRequestFieldsInput, 'quantities'> & {
  quantities: number[]
}

/**
 * The multipart body of POST /api/quote: the contract's field names, the text fields first so
 * the server has read them before the files stream in, then each file under `drawings`.
 */
export function quoteRequestFormData(fields: QuoteRequestText, files: readonly File[]): FormData {
  const body = new FormData()
  const { quantities, ...rest } = fields
  for (const [name, value] of Object.entries(rest)) {
    if (typeof value === 'string') body.append(name, value)
  }
  body.append('quantities', quantities.join(','))
  for (const file of files) body.append(QUOTE_DRAWING_FIELD, file, file.name)
  return body
}

/**
 * POST /api/quote with the bearer token, through XMLHttpRequest so the upload reports its
 * progress (whole percent of the body). Answers the new request (`_id`), or throws `ApiError`
 * with `fields` such as `drawings.1` naming the file the server refused.
 */
export function sendQuoteRequest(
  body: FormData,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
) {
  return api.upload(quotesContract.create, { body, onProgress, signal })
}

/**
 * How far each file is, from the share of the whole body sent: files go one after another in
 * the order appended, and XMLHttpRequest only reports the whole. The text fields are small
 * next to drawings, so they are left out of the sum.
 */
export function perFileProgress(sizes: readonly number[], percent: number): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0)
  let sent = (Math.min(100, Math.max(0, percent)) / 100) * total
  return sizes.map((size) => {
    const done = size === 0 ? (percent >= 100 ? 1 : 0) : Math.min(1, Math.max(0, sent / size))
    sent = Math.max(0, sent - size)
    return Math.round(done * 100)
  })
}

export type SendQuoteRequestInput = { body: FormData; onProgress?: (percent: number) => void }

/** The form's send: a new request refreshes every quotes list. */
export function useSendQuoteRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, onProgress }: SendQuoteRequestInput) => sendQuoteRequest(body, onProgress),
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.anyQuotes }),
  })
}
