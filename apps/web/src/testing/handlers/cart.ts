import { http, HttpResponse } from 'msw'

import {
  cartContract,
  CartBodySchema,
  CheckoutBodySchema,
  isToolLine,
  parseQuickOrderText,
  QuickOrderBodySchema,
  quickOrderContract,
  type CartLine,
  type CartQuoteLine,
  type CheckoutBody,
  type ErrorBody,
  type Order,
  type QuickOrderRefusal,
  type QuickOrderRefused,
  type ReorderResponse,
} from '@toolworks/shared'

import { makeOrder, makeOrderLine } from '../factories'
import type { SeenRequest } from './orders'

/** An accepted quote's line as `GET /api/cart` shows it. */
export function makeCartQuoteLine(overrides: Partial<CartQuoteLine> = {}): CartQuoteLine {
  return {
    quote: 'quote-1',
    quantity: 500,
    name: 'Custom: Bracket',
    unitPrice: 2.4,
    leadTimeDays: 12,
    validUntil: '2099-01-31',
    ...overrides,
  }
}

/**
 * GET/PUT /api/cart as the server answers them: PUT replaces the whole cart and
 * answers the kept one. `failPut` answers the next PUTs with that status instead (a 503 …).
 * Custom parts given in `initial` are shown in full; a PUT that leaves one out keeps
 * it, as the server does: DELETE /api/cart/quote/{id} removes it, and `ordered`
 * stands for a checkout that took it.
 */
export function cartServer(initial: CartLine[] = []) {
  let lines = [...initial]
  const accepted = new Map(
    initial.flatMap((line): [string, CartQuoteLine][] =>
      'tool' in line ? [] : [[line.quote, line]],
    ),
  )
  const seen: SeenRequest[] = []
  let failPut: number | null = null
  const handlers = [
    http.get(cartContract.get.path, ({ request }) => {
      seen.push({ method: 'GET', url: new URL(request.url), body: undefined })
      return HttpResponse.json({ lines })
    }),
    http.put(cartContract.put.path, async ({ request }) => {
      const body = (await request.json()) as unknown
      seen.push({ method: 'PUT', url: new URL(request.url), body })
      if (failPut !== null) {
        const error: ErrorBody = { error: { code: 'UNAVAILABLE', message: 'Try again soon.' } }
        return HttpResponse.json(error, { status: failPut })
      }
      const parsed = CartBodySchema.safeParse(body)
      if (!parsed.success) {
        const error: ErrorBody = { error: { code: 'VALIDATION_FAILED', message: 'Bad cart' } }
        return HttpResponse.json(error, { status: 400 })
      }
      lines = [...parsed.data.lines.filter(isToolLine), ...accepted.values()]
      return HttpResponse.json({ lines })
    }),
    http.delete(cartContract.removeQuote.path, ({ request, params }) => {
      seen.push({ method: 'DELETE', url: new URL(request.url), body: undefined })
      const id = String(params.id)
      if (!accepted.delete(id)) {
        const error: ErrorBody = { error: { code: 'NOT_FOUND', message: 'Not in the cart' } }
        return HttpResponse.json(error, { status: 404 })
      }
      lines = lines.filter((line) => 'tool' in line || line.quote !== id)
      return HttpResponse.json({ lines })
    }),
  ]
  return {
    handlers,
    seen,
    lines: () => lines,
    /** A checkout took these custom parts: they are no longer the cart's. */
    ordered: (quotes: readonly string[]) => {
      for (const quote of quotes) accepted.delete(quote)
      lines = lines.filter((line) => 'tool' in line || !quotes.includes(line.quote))
    },
    failPuts: (status: number | null) => {
      failPut = status
    },
    /** Adds quantities as quick order and reorder do: a tool there gets more. */
    add: (added: readonly { tool: string; quantity: number }[]) => {
      for (const { tool, quantity } of added) {
        const i = lines.findIndex((line) => 'tool' in line && line.tool === tool)
        const kept = lines[i]
        if (kept && 'tool' in kept) lines[i] = { tool, quantity: kept.quantity + quantity }
        else lines = [...lines, { tool, quantity }]
      }
      return { lines }
    },
  }
}

/**
 * POST /api/cart/quick as the server answers it, for the part numbers in `parts`
 * (part number → tool id, any letter case): all lines added to `cart`, or a 422 naming each
 * unknown part number with the suggestion in `closest`.
 */
export function quickOrderHandler({
  parts,
  closest = {},
  cart,
}: {
  parts: Record<string, string>
  closest?: Record<string, string>
  cart: ReturnType<typeof cartServer>
}) {
  const seen: unknown[] = []
  const toolOf = (part: string) =>
    Object.entries(parts).find(([p]) => p.toLowerCase() === part.toLowerCase())?.[1]
  const handler = http.post(quickOrderContract.quick.path, async ({ request }) => {
    const body = QuickOrderBodySchema.parse(await request.json())
    seen.push(body)
    const { lines, refusals } = parseQuickOrderText(body.text ?? '')
    const unknown = lines
      .filter((l) => toolOf(l.partNumber) === undefined)
      .map((l): QuickOrderRefusal => ({
        line: l.line,
        partNumber: l.partNumber,
        kind: 'unknown-part',
        reason: 'Unknown part number.',
        suggestion: closest[l.partNumber] ?? null,
      }))
    const refused = [...refusals, ...unknown].sort((a, b) => a.line - b.line)
    if (refused.length > 0) {
      const error: QuickOrderRefused = {
        error: { code: 'LINES_REFUSED', message: 'Some lines cannot be ordered.', lines: refused },
      }
      return HttpResponse.json(error, { status: 422 })
    }
    return HttpResponse.json(
      cart.add(lines.map((l) => ({ tool: toolOf(l.partNumber) ?? '', quantity: l.quantity }))),
    )
  })
  return { handler, seen }
}

/** POST /api/purchase/{id}/reorder: adds `added` to `cart`, answers `changed`. */
export function reorderHandler({
  cart,
  added,
  changed = [],
}: {
  cart: ReturnType<typeof cartServer>
  added: { tool: string; quantity: number }[]
  changed?: ReorderResponse['changed']
}) {
  const seen: string[] = []
  const handler = http.post(quickOrderContract.reorder.path, ({ params }) => {
    seen.push(String(params.id))
    const answer: ReorderResponse = { cart: cart.add(added), currency: 'USD', changed }
    return HttpResponse.json(answer)
  })
  return { handler, seen }
}

/**
 * POST /api/checkout: answers `order` (made from the body when not given) or, with
 * `refuse`, the server's refusal of one line.
 */
export function checkoutHandler({
  order,
  refuse,
}: {
  order?: (body: CheckoutBody) => Order
  refuse?: {
    status: 400 | 409
    index: number
    message: string
    why: string
    /** Which field of the line the server names: `quote` for a custom part. */
    field?: 'quantity' | 'quote'
  }
} = {}) {
  const seen: unknown[] = []
  const handler = http.post(cartContract.checkout.path, async ({ request }) => {
    const body = (await request.json()) as unknown
    seen.push(body)
    if (refuse) {
      const error: ErrorBody = {
        error: {
          code:
            refuse.status === 400
              ? 'VALIDATION_FAILED'
              : refuse.field === 'quote'
                ? 'CONFLICT'
                : 'OUT_OF_STOCK',
          message: refuse.message,
          fields: { [`lines.${refuse.index}.${refuse.field ?? 'quantity'}`]: refuse.why },
        },
      }
      return HttpResponse.json(error, { status: refuse.status })
    }
    const parsed = CheckoutBodySchema.parse(body)
    const placed =
      order?.(parsed) ??
      makeOrder({
        lines: parsed.lines.map((line) =>
          isToolLine(line)
            ? makeOrderLine({ tool: line.tool, quantity: line.quantity })
            : makeOrderLine({ tool: null, quote: line.quote, quantity: line.quantity }),
        ),
      })
    return HttpResponse.json({ acknowledged: true, insertedId: placed._id, order: placed })
  })
  return { handler, seen }
}

/** By default an empty server cart that takes any valid PUT; nothing is kept between tests. */
export const cartHandlers = [
  http.get(cartContract.get.path, () => HttpResponse.json({ lines: [] })),
  http.put(cartContract.put.path, async ({ request }) => HttpResponse.json(await request.json())),
]
