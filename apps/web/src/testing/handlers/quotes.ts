import { http, HttpResponse } from 'msw'

import {
  type ErrorBody,
  type QuoteMessage,
  type QuoteRequest,
  type QuoteStatus,
  type QuoteSummary,
  quoteRuleWords,
  quotesContract,
} from '@toolworks/shared'

import { makeQuoteMessage, makeQuoteRequest } from '../factories'

/** Every request a quotes handler saw: the bearer token and the body (JSON or multipart). */
export type SeenQuoteRequest = {
  method: string
  url: URL
  authorization: string | null
  body: unknown
  form: FormData | null
}

function errorBody(
  code: ErrorBody['error']['code'],
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } }
}

const notFound = () =>
  HttpResponse.json(errorBody('NOT_FOUND', quoteRuleWords.notFound), { status: 404 })

const summaryOf = (quote: QuoteRequest): QuoteSummary => ({
  _id: quote._id,
  customer: quote.customer,
  customerName: quote.customer,
  process: quote.process,
  partName: quote.partName,
  quantities: quote.quantities,
  status: quote.status,
  createdAt: quote.createdAt,
  updatedAt: quote.updatedAt,
})

/**
 * An in-memory quotes API as the server answers it: the buyer's list (newest first), one
 * request, its conversation, its drawings' bytes, and the buyer's steps (accept with the
 * latest revision, decline, withdraw, resend). `POST /api/quote` answers a new request from
 * the multipart fields. `seen` records each request; tests swap single answers with
 * `server.use(...)` for failures.
 */
export function quotesServer(
  initial: QuoteRequest[] = [],
  {
    conversation = {},
    drawingBytes = {},
  }: {
    conversation?: Record<string, QuoteMessage[]>
    /** Drawing id → the bytes and type served for it. */
    /** Each drawing's bytes, type and (optionally) the Content-Disposition the server sends. */
    drawingBytes?: Record<string, { body: BlobPart; type: string; disposition?: string }>
  } = {},
) {
  let quotes = [...initial]
  const talk: Record<string, QuoteMessage[]> = { ...conversation }
  const seen: SeenQuoteRequest[] = []
  const record = async (request: Request) => {
    const type = request.headers.get('Content-Type') ?? ''
    let body: unknown
    let form: FormData | null = null
    if (type.includes('multipart/form-data')) form = await request.formData()
    else {
      const text = await request.text()
      body = text === '' ? undefined : (JSON.parse(text) as unknown)
    }
    seen.push({
      method: request.method,
      url: new URL(request.url),
      authorization: request.headers.get('Authorization'),
      body,
      form,
    })
  }
  const update = (id: string, change: Partial<QuoteRequest>) => {
    quotes = quotes.map((q) => (q._id === id ? { ...q, ...change } : q))
    return quotes.find((q) => q._id === id)!
  }
  const wrongStatus = (quote: QuoteRequest) =>
    HttpResponse.json(errorBody('CONFLICT', quoteRuleWords.wrongStatus(quote.status)), {
      status: 409,
    })

  const handlers = [
    http.get(quotesContract.listAll.path, async ({ request }) => {
      await record(request)
      const status = new URL(request.url).searchParams.get('status') as QuoteStatus | null
      const list = quotes.filter((q) => status === null || q.status === status)
      return HttpResponse.json({
        quotes: list.map(summaryOf),
        waiting: quotes.filter((q) => q.status === 'requested').length,
      })
    }),
    http.get(quotesContract.listMine.path, async ({ request }) => {
      await record(request)
      const customer = new URL(request.url).searchParams.get('customer')
      return HttpResponse.json(
        quotes
          .filter((q) => q.customer === customer)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map(summaryOf),
      )
    }),
    http.post(quotesContract.create.path, async ({ request }) => {
      await record(request)
      const form = seen.at(-1)!.form!
      const text = (name: string) => {
        const value = form.get(name)
        return typeof value === 'string' ? value : ''
      }
      const created = makeQuoteRequest({
        process: text('process') as QuoteRequest['process'],
        partName: text('partName'),
        material: text('material'),
        quantities: text('quantities').split(',').map(Number),
        phone: text('phone'),
        address: text('address'),
        createdAt: new Date().toISOString(),
      })
      quotes = [...quotes, created]
      return HttpResponse.json(created, { status: 201 })
    }),
    http.get(quotesContract.getOne.path, async ({ request, params }) => {
      await record(request)
      const quote = quotes.find((q) => q._id === params.id)
      return quote ? HttpResponse.json(quote) : notFound()
    }),
    http.get(quotesContract.drawing.path, async ({ request, params }) => {
      await record(request)
      const file = drawingBytes[String(params.drawingId)]
      if (!file) return notFound()
      return new HttpResponse(file.body, {
        headers: {
          'Content-Type': file.type,
          'Content-Disposition': file.disposition ?? 'attachment',
        },
      })
    }),
    http.get(quotesContract.listMessages.path, async ({ request, params }) => {
      await record(request)
      return HttpResponse.json(talk[String(params.id)] ?? [])
    }),
    http.post(quotesContract.postMessage.path, async ({ request, params }) => {
      await record(request)
      const id = String(params.id)
      const { text } = seen.at(-1)!.body as { text: string }
      const message = makeQuoteMessage({ text, createdAt: new Date().toISOString() })
      talk[id] = [...(talk[id] ?? []), message]
      return HttpResponse.json(message, { status: 201 })
    }),
    http.post(quotesContract.accept.path, async ({ request, params }) => {
      await record(request)
      const quote = quotes.find((q) => q._id === params.id)
      if (!quote) return notFound()
      if (quote.status !== 'quoted' || !quote.offer) return wrongStatus(quote)
      const { quantity, revision } = seen.at(-1)!.body as { quantity: number; revision?: number }
      if (revision !== undefined && revision !== quote.offer.revision)
        return HttpResponse.json(errorBody('CONFLICT', quoteRuleWords.changed), {
          status: 409,
        })
      const line = quote.offer.lines.find((l) => l.quantity === quantity)
      if (!line)
        return HttpResponse.json(errorBody('CONFLICT', quoteRuleWords.noSuchLine), {
          status: 409,
        })
      return HttpResponse.json(
        update(quote._id, {
          status: 'accepted',
          accepted: { quantity, unitPrice: line.unitPrice },
        }),
      )
    }),
    http.post(quotesContract.decline.path, async ({ request, params }) => {
      await record(request)
      const quote = quotes.find((q) => q._id === params.id)
      if (!quote) return notFound()
      if (quote.status !== 'quoted') return wrongStatus(quote)
      const { reason } = seen.at(-1)!.body as { reason: string }
      return HttpResponse.json(update(quote._id, { status: 'declined', declineReason: reason }))
    }),
    http.post(quotesContract.withdraw.path, async ({ request, params }) => {
      await record(request)
      const quote = quotes.find((q) => q._id === params.id)
      if (!quote) return notFound()
      if (quote.status !== 'quoted' && quote.status !== 'requested') return wrongStatus(quote)
      return HttpResponse.json(update(quote._id, { status: 'withdrawn' }))
    }),
    http.post(quotesContract.resend.path, async ({ request, params }) => {
      await record(request)
      const quote = quotes.find((q) => q._id === params.id)
      if (!quote) return notFound()
      const created = makeQuoteRequest({
        ...quote,
        _id: `${quote._id}-again`,
        status: 'requested',
        offer: null,
        offers: [],
        resentFrom: quote._id,
        createdAt: new Date().toISOString(),
      })
      quotes = [...quotes, created]
      return HttpResponse.json(created, { status: 201 })
    }),
  ]

  /** Lets a test change a request behind the page's back, e.g. the shop revising an offer. */
  const set = (id: string, change: Partial<QuoteRequest>) => update(id, change)
  return { handlers, seen, set, all: () => quotes }
}

/** By default nobody has asked for a quote. */
export const quotesHandlers = quotesServer().handlers
