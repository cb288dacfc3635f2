import { http, HttpResponse } from 'msw'

import {
  QuoteOfferBodySchema,
  type ErrorBody,
  type QuoteOfferBody,
  type QuoteRequest,
  quoteRuleWords,
  quotesContract,
} from '@toolworks/shared'

import { makeQuoteOffer } from '../factories'
import type { quotesServer } from './quotes'

type QuotesServer = ReturnType<typeof quotesServer>

/**
 * POST /api/quote/{id}/offer (admin) over a `quotesServer`'s requests: a valid body becomes the
 * next revision and the request is Quoted. `fail` answers the next posts with that status (a
 * 503, ...); `fields` answers 400 VALIDATION_FAILED with those per-field messages.
 */
export function offerServer(quotes: QuotesServer) {
  const seen: unknown[] = []
  let fail: number | null = null
  let fields: Record<string, string> | null = null
  const handler = http.post(quotesContract.offer.path, async ({ request, params }) => {
    const body = (await request.json()) as unknown
    seen.push(body)
    if (fail !== null) {
      const error: ErrorBody = { error: { code: 'UNAVAILABLE', message: 'Try again soon.' } }
      return HttpResponse.json(error, { status: fail })
    }
    if (fields !== null) {
      const error: ErrorBody = {
        error: { code: 'VALIDATION_FAILED', message: 'Check the quote.', fields },
      }
      return HttpResponse.json(error, { status: 400 })
    }
    const quote = quotes.all().find((q) => q._id === params.id)
    if (!quote) {
      const error: ErrorBody = {
        error: { code: 'NOT_FOUND', message: quoteRuleWords.notFound },
      }
      return HttpResponse.json(error, { status: 404 })
    }
    const parsed: QuoteOfferBody = QuoteOfferBodySchema.parse(body)
    const offer = makeQuoteOffer({ ...parsed, revision: quote.offers.length + 1 })
    const change: Partial<QuoteRequest> = {
      status: 'quoted',
      offer,
      offers: [...quote.offers, offer],
    }
    return HttpResponse.json(quotes.set(quote._id, change))
  })
  return {
    handler,
    seen,
    failWith: (status: number | null) => {
      fail = status
    },
    refuseFields: (next: Record<string, string> | null) => {
      fields = next
    },
  }
}
