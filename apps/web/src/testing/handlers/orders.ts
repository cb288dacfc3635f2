import { http, HttpResponse } from 'msw'

import { ExportDocumentBodySchema, ordersContract } from '@toolworks/shared'

import type { ErrorBody, Order, OrderStatus } from '@toolworks/shared'

/** Every request an orders handler saw, for tests that check what was sent. */
export type SeenRequest = { method: string; url: URL; body: unknown }

function errorBody(code: ErrorBody['error']['code'], message: string): ErrorBody {
  return { error: { code, message } }
}

/**
 * An in-memory orders API as the server answers it: the customer's list without cancelled
 * orders, the admin list filtered by `status` and `q`, delete, mark shipped (an export only
 * with its document) and recording an export's document. `seen` records each request.
 */
export function ordersServer(initial: Order[]) {
  let orders = [...initial]
  const seen: SeenRequest[] = []
  const record = async (request: Request) => {
    const text = await request.text()
    seen.push({
      method: request.method,
      url: new URL(request.url),
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    })
  }

  const handlers = [
    http.get(ordersContract.listAll.path, async ({ request }) => {
      await record(request)
      const url = new URL(request.url)
      const status = url.searchParams.get('status') as OrderStatus | null
      const q = url.searchParams.get('q')?.toLowerCase() ?? ''
      return HttpResponse.json(
        orders.filter(
          (o) => (status === null || o.status === status) && o.customer.toLowerCase().includes(q),
        ),
      )
    }),
    http.get(ordersContract.listMine.path, async ({ request }) => {
      await record(request)
      const customer = new URL(request.url).searchParams.get('customer')
      return HttpResponse.json(
        // As the server: a cancelled order stays while money went or is due back to the buyer.
        orders.filter(
          (o) =>
            o.customer === customer &&
            (o.status !== 'cancelled' ||
              o.paymentState === 'refunded' ||
              o.paymentState === 'refund-due'),
        ),
      )
    }),
    http.get(ordersContract.getOne.path, async ({ request, params }) => {
      await record(request)
      const order = orders.find((o) => o._id === params.id)
      return order
        ? HttpResponse.json(order)
        : HttpResponse.json(errorBody('NOT_FOUND', 'No such order'), { status: 404 })
    }),
    http.delete(ordersContract.remove.path, async ({ request, params }) => {
      await record(request)
      const order = orders.find((o) => o._id === params.id)
      if (!order) return HttpResponse.json(errorBody('NOT_FOUND', 'No such order'), { status: 404 })
      const outcome = order.status === 'unpaid' ? 'cancelled' : 'hidden'
      orders = orders.filter((o) => o._id !== order._id)
      return HttpResponse.json({ acknowledged: true, deletedCount: 1, outcome })
    }),
    http.patch(ordersContract.setStatus.path, async ({ request, params }) => {
      await record(request)
      const order = orders.find((o) => o._id === params.id)
      if (!order || order.status !== 'paid')
        return HttpResponse.json(errorBody('CONFLICT', 'Only a paid order ships'), { status: 409 })
      if (order.export && order.exportDocument === null)
        return HttpResponse.json(errorBody('CONFLICT', 'An export needs its document'), {
          status: 409,
        })
      const shipped: Order = { ...order, status: 'shipped' }
      orders = orders.map((o) => (o._id === shipped._id ? shipped : o))
      return HttpResponse.json(shipped)
    }),
    http.put(ordersContract.recordExportDocument.path, async ({ request, params }) => {
      await record(request)
      const order = orders.find((o) => o._id === params.id)
      if (!order?.export)
        return HttpResponse.json(errorBody('CONFLICT', 'Not an export'), { status: 409 })
      const body = ExportDocumentBodySchema.parse(seen.at(-1)?.body)
      const recorded: Order = { ...order, exportDocument: body }
      orders = orders.map((o) => (o._id === recorded._id ? recorded : o))
      return HttpResponse.json(recorded)
    }),
  ]
  /** Replaces one order, as another endpoint (the payment) changed it. */
  const update = (changed: Order) => {
    orders = orders.map((o) => (o._id === changed._id ? changed : o))
  }
  return { handlers, seen, orders: () => orders, update }
}

/** A bearer call refused: `status` 401 or 403 on `method path`. */
export function ordersDeniedHandler(
  method: 'get' | 'delete' | 'post',
  path: string,
  status: 401 | 403 = 401,
) {
  return http[method](path, () =>
    HttpResponse.json(
      errorBody(status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN', 'Please sign in'),
      { status },
    ),
  )
}

export const ordersHandlers = [
  http.get(ordersContract.listAll.path, () => HttpResponse.json([])),
  http.get(ordersContract.listMine.path, () => HttpResponse.json([])),
]
