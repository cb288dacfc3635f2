import { OrderIdParamsSchema } from './orders.js'

/**
 * An order's invoice: a PDF, for the order's owner and admins. The answer is a
 * file, not JSON: `Content-Disposition: attachment; filename="invoice-INV-000042.pdf"`.
 * Another customer's order, a missing one and a malformed id all answer 404; an unpaid
 * order (or a refunded one, which never had an invoice) answers 409.
 */
export const invoicesContract = {
  pdf: {
    method: 'GET',
    path: '/api/purchase/:id/invoice.pdf',
    params: OrderIdParamsSchema,
  },
  /**
   * The Mushak-6.3 tax invoice of a paid domestic order, for its owner and admins:
   * 409 while unpaid and for an export, 404 to anyone else.
   */
  mushak: {
    method: 'GET',
    path: '/api/purchase/:id/mushak-6.3.pdf',
    params: OrderIdParamsSchema,
  },
  /**
   * The Mushak-6.7 credit note of a paid domestic order cancelled after its 6.3 was issued, for
   * its owner and admins: 404 when the order has none, and to anyone else.
   */
  creditNote: {
    method: 'GET',
    path: '/api/purchase/:id/mushak-6.7.pdf',
    params: OrderIdParamsSchema,
  },
} as const

/** The invoice's address for an order (the web app downloads it with the bearer token). */
export const invoicePdfPath = (orderId: string) =>
  `/api/purchase/${encodeURIComponent(orderId)}/invoice.pdf`

/** The Mushak-6.3's address for an order. */
export const mushakPdfPath = (orderId: string) =>
  `/api/purchase/${encodeURIComponent(orderId)}/mushak-6.3.pdf`

/** The Mushak-6.7 credit note's address for an order. */
export const creditNotePdfPath = (orderId: string) =>
  `/api/purchase/${encodeURIComponent(orderId)}/mushak-6.7.pdf`
