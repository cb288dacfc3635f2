import { z } from 'zod'

import { PaymentMethodSchema, PaymentStateSchema } from './payment-methods.js'

import { ExportDocumentBodySchema, ExportDocumentKindSchema } from './export-orders.js'
import { IdParamsSchema } from './ids.js'
import { ORDER_CURRENCIES } from './tax-pricing.js'
import { ORDER_ADDRESS_MAX, ORDER_PHONE_MAX, ORDER_QUANTITY_MAX } from './constants.js'

/** Order statuses, word for word; the database's `orders.status` takes this list. */
export const ORDER_STATUSES = ['unpaid', 'paid', 'shipped', 'cancelled'] as const
export const OrderStatusSchema = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatusSchema>

/** Why an order was cancelled; the database's `orders.cancel_reason` takes this list. */
export const CANCEL_REASONS = [
  'customer',
  'admin',
  'expired',
  'refunded_out_of_stock',
  'refunded_discount_used',
  /** A late payment for an order whose custom part can no longer be ordered. */
  'refunded_quote_unavailable',
  /**
   * A payment for an order its buyer or an admin cancelled: a person's
   * cancellation is final, so the money goes back whatever the stock.
   */
  'refunded_cancelled',
] as const
export const CancelReasonSchema = z.enum(CANCEL_REASONS)
export type CancelReason = z.infer<typeof CancelReasonSchema>

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.split(' ')[0]} is too long`)

/**
 * What a customer may say when ordering. The spec's client also sends the tool name, unit
 * price, customer, name and total: they are not part of this schema, so they are dropped and
 * the server takes them from the account and the catalogue.
 */
export const PurchaseBodySchema = z.object({
  toolsId: z.string({ error: 'toolsId is required' }).min(1, 'toolsId is required').max(64),
  purchaseQuantity: z
    .number({ error: 'Please enter valid quantity' })
    .int('Please enter valid quantity')
    .min(1, 'Please enter valid quantity')
    .max(ORDER_QUANTITY_MAX, 'Please enter valid quantity'),
  phone: required('phone is required', ORDER_PHONE_MAX),
  address: required('address is required', ORDER_ADDRESS_MAX),
})
export type PurchaseBody = z.infer<typeof PurchaseBodySchema>

/**
 * One line of an order as bought: the name and unit price are a snapshot, so the
 * order stays whole when the catalogue changes. `fromStock + madeToOrder = quantity`;
 * `shipsBy` is the shop's date (YYYY-MM-DD) the line is promised for.
 */
export const OrderLineSchema = z.object({
  /** The stock tool; null on a custom part's line. */
  tool: z.string().nullable(),
  /** The quote request of a custom part's line ("Custom: {part name}"); null on a tool's. */
  quote: z.string().nullable(),
  /** A custom part ships in about this many working days from payment; null on a tool's. */
  leadTimeDays: z.number().int().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  fromStock: z.number().int(),
  madeToOrder: z.number().int(),
  shipsBy: z.string(),
})
export type OrderLine = z.infer<typeof OrderLineSchema>

/** A discount the order got, stored as a line of its own. */
export const OrderDiscountSchema = z.object({ label: z.string(), amount: z.number() })
export type OrderDiscount = z.infer<typeof OrderDiscountSchema>

/**
 * An order as the API shows it (docs/product.md §3); money in currency units. The seed's single-tool
 * fields (`toolsId`, `tools`, `price`, `purchaseQuantity`) describe the first line; `tools` names
 * every line and `purchaseQuantity` counts every unit when there are several. When the
 * first line is a custom part, `toolsId` is its quote request's id.
 */
/** Every order's number starts with this: `TW-10482`. */
export const ORDER_NUMBER_PREFIX = 'TW-'

/** An order's number as people read it. */
export const orderNumberText = (n: number): string => `${ORDER_NUMBER_PREFIX}${n}`

/** The number a search names (`TW-10482`, `tw-10482` or `10482`), or null. */
export function orderNumberFrom(text: string): number | null {
  const match = /^(?:tw-?)?(\d{1,15})$/i.exec(text.trim())
  return match ? Number(match[1]) : null
}

export const OrderSchema = z.object({
  _id: z.string(),
  /** The order's short name for people, e.g. `TW-10482`: given at creation. */
  orderNumber: z.string(),
  toolsId: z.string(),
  tools: z.string(),
  purchaseQuantity: z.number().int(),
  price: z.number(),
  customer: z.string(),
  customerName: z.string(),
  totalMoney: z.number(),
  phone: z.string(),
  address: z.string(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  status: OrderStatusSchema,
  createdAt: z.string(),
  /** An unpaid order holds its stock until then (ISO time); null once paid or cancelled. */
  payBy: z.string().nullable(),
  /** Why a cancelled order was cancelled; null while it is live. */
  cancelReason: CancelReasonSchema.nullable(),
  /** Every line, in the order the buyer listed them. */
  lines: z.array(OrderLineSchema),
  /** Sum of the line totals, before any discount. */
  subtotal: z.number(),
  discount: OrderDiscountSchema.nullable(),
  /** How the order is being or was paid; null before a method was chosen. */
  paymentMethod: PaymentMethodSchema.nullable(),
  /** Where its money stands; `paid` and `transactionId` keep the seed's meaning. */
  paymentState: PaymentStateSchema,
  /**
   * The currency the order was placed and is paid in. Every money field above
   * (`price`, `subtotal`, `discount.amount`, `totalMoney`, each line's `unitPrice` and
   * `lineTotal`) is in it, frozen when the order was placed.
   */
  currency: z.enum(ORDER_CURRENCIES),
  /** The taka per US dollar the order used; null for a US-dollar order. */
  exchangeRate: z.number().nullable(),
  /** The delivery country, ISO 3166 alpha-2. */
  country: z.string(),
  /**
   * The buyer's company and the delivery block the order was placed with; the
   * street, city and postcode are null on an order placed with the seed's one `address`
   * string (which every order has, the block's text when there is one).
   */
  company: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  /** Delivered outside Bangladesh: zero-rated, VAT 0%. */
  export: z.boolean(),
  /** An export with a Bangladeshi phone number: an admin checks it before it ships. */
  exportCheck: z.boolean(),
  /** The airway or shipping bill an admin recorded; an export ships only once it has one. */
  exportDocument: z.object({ kind: ExportDocumentKindSchema, number: z.string() }).nullable(),
  /** The VAT the total contains (0 for an export), in the order's currency. */
  vat: z.object({ rate: z.number(), amount: z.number(), included: z.literal(true) }),
  /** The buyer's BIN for the Mushak-6.3, when given. */
  bin: z.string().nullable(),
  /** The Mushak-6.3 serial ("2026-27/17"), given at payment to a domestic order; else null. */
  mushakSerial: z.string().nullable(),
  /** The Mushak-6.7 credit note's serial, given when a paid domestic order is cancelled; else null. */
  creditNoteSerial: z.string().nullable(),
})
export type Order = z.infer<typeof OrderSchema>
export const OrderListSchema = z.array(OrderSchema)

export const PurchaseResponseSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
  order: OrderSchema,
})

export const OrderIdParamsSchema = IdParamsSchema
export const CustomerOrdersQuerySchema = z.object({ customer: z.string().max(254) })
export const AdminOrdersQuerySchema = z.object({
  status: OrderStatusSchema.optional(),
  q: z.string().trim().max(254).optional(),
})
export const OrderStatusBodySchema = z.object({ status: z.literal('shipped') })
export const DeleteOrderResponseSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
  /** `cancelled`: the order is gone and its quantity back in stock; `hidden`: a paid order left the customer's list. */
  outcome: z.enum(['cancelled', 'hidden']),
})

export const ordersContract = {
  create: {
    method: 'POST',
    path: '/api/purchase',
    body: PurchaseBodySchema,
    response: PurchaseResponseSchema,
  },
  listMine: {
    method: 'GET',
    path: '/api/purchase',
    query: CustomerOrdersQuerySchema,
    response: OrderListSchema,
  },
  listAll: {
    method: 'GET',
    path: '/api/purchase/admin',
    query: AdminOrdersQuerySchema,
    response: OrderListSchema,
  },
  getOne: {
    method: 'GET',
    path: '/api/purchase/:id',
    params: OrderIdParamsSchema,
    response: OrderSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/purchase/:id',
    params: OrderIdParamsSchema,
    response: DeleteOrderResponseSchema,
  },
  setStatus: {
    method: 'PATCH',
    path: '/api/purchase/:id/status',
    params: OrderIdParamsSchema,
    body: OrderStatusBodySchema,
    response: OrderSchema,
  },
  /** An export's airway or shipping bill, recorded by an admin before it may ship. */
  recordExportDocument: {
    method: 'PUT',
    path: '/api/purchase/:id/export-document',
    params: OrderIdParamsSchema,
    body: ExportDocumentBodySchema,
    response: OrderSchema,
  },
} as const
