import { z } from 'zod'

import { CART_LINES_MAX, ORDER_QUANTITY_MAX } from './constants.js'
import { messages } from './messages.js'
import { PurchaseBodySchema, PurchaseResponseSchema } from './orders.js'
import { CountrySchema } from './countries.js'
import { DeliveryFieldsSchema, withDeliveryBlock } from './delivery.js'
import { SHOP_COUNTRY } from './tax-pricing.js'
import { BinSchema, OrderCurrencySchema } from './tax-schemas.js'

const m = messages.cartRules

/** One line a buyer asks for: which tool and how many. Prices are the server's. */
export const CartLineInputSchema = z.object({
  tool: z.string({ error: m.toolRequired }).min(1, m.toolRequired).max(64),
  quantity: z
    .number({ error: messages.orderRules.invalidQuantity })
    .int(messages.orderRules.invalidQuantity)
    .min(1, messages.orderRules.invalidQuantity)
    .max(ORDER_QUANTITY_MAX, messages.orderRules.invalidQuantity),
})
export type CartLineInput = z.infer<typeof CartLineInputSchema>

/**
 * A custom part in the cart: an accepted quote's line. Its quantity and price are the
 * quote's; the buyer can only keep it or remove it (which returns the quote to Quoted).
 */
export const CartQuoteLineInputSchema = z.object({
  quote: z.string({ error: m.quoteRequired }).min(1, m.quoteRequired).max(64),
  quantity: CartLineInputSchema.shape.quantity,
})
export type CartQuoteLineInput = z.infer<typeof CartQuoteLineInputSchema>

/** Any line a buyer sends: a stock tool's or an accepted quote's (told apart by `quote`). */
export const CartAnyLineInputSchema = z.union([CartLineInputSchema, CartQuoteLineInputSchema], {
  error: m.toolRequired,
})
export type CartAnyLineInput = z.infer<typeof CartAnyLineInputSchema>
export const isQuoteLine = <L extends CartAnyLineInput>(line: L): line is L & CartQuoteLineInput =>
  'quote' in line
export const isToolLine = <L extends CartAnyLineInput>(line: L): line is L & CartLineInput =>
  'tool' in line

/**
 * A tool, or a quote, appears once in a cart: a second line of the same one is a mistake, not a
 * merge.
 */
const linesSchema = (min: number) =>
  z
    .array(CartAnyLineInputSchema, { error: m.linesRequired })
    .min(min, m.empty)
    .max(CART_LINES_MAX, m.tooManyLines(CART_LINES_MAX))
    .superRefine((lines, ctx) => {
      const seen = new Set<string>()
      lines.forEach((line, index) => {
        const key = isQuoteLine(line) ? `quote:${line.quote}` : `tool:${line.tool}`
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            message: isQuoteLine(line) ? m.duplicateQuote : m.duplicateTool,
            path: [index, isQuoteLine(line) ? 'quote' : 'tool'],
          })
        seen.add(key)
      })
    })

/** Only stock tools: what a signed-out browser keeps (quotes need an account). */
export const BrowserCartSchema = z.object({
  lines: z.array(CartLineInputSchema).max(CART_LINES_MAX),
})

/**
 * `PUT /api/cart`: the whole cart, replacing what the server kept. An empty cart is allowed.
 * It replaces the stock tools' lines only: an accepted quote's line left out stays (another tab
 * may have just accepted it); a quote leaves the cart by `DELETE /api/cart/quote/{id}`.
 */
export const CartBodySchema = z.object({ lines: linesSchema(0) })
export type CartBody = z.infer<typeof CartBodySchema>

/**
 * An accepted quote's line as `GET /api/cart` shows it: the quote's own price and lead time, so
 * the cart needs no other request to show it.
 */
export const CartQuoteLineSchema = CartQuoteLineInputSchema.extend({
  /** "Custom: {part name}". */
  name: z.string(),
  unitPrice: z.number(),
  leadTimeDays: z.number().int(),
  /** The last shop date it can be ordered at this price. */
  validUntil: z.string(),
})
export type CartQuoteLine = z.infer<typeof CartQuoteLineSchema>
export type CartLine = CartLineInput | CartQuoteLine

/**
 * `GET/PUT /api/cart` answer: the kept lines, without tools that left the shop, and the buyer's
 * accepted quotes.
 */
export const CartSchema = z.object({
  lines: z.array(z.union([CartLineInputSchema, CartQuoteLineSchema])),
})
export type Cart = z.infer<typeof CartSchema>

/**
 * `POST /api/checkout`'s fields: the cart's lines plus where it goes. Where: the delivery block
 * (company, street, city, postcode, and the country below) or, for clients from
 * before it, the seed's one `address` string.
 */
export const CheckoutFieldsSchema = z.object({
  lines: linesSchema(1),
  phone: PurchaseBodySchema.shape.phone,
  address: PurchaseBodySchema.shape.address.optional(),
  ...DeliveryFieldsSchema.shape,
  /** The currency the order is placed and paid in. */
  currency: OrderCurrencySchema.default('USD'),
  /** The delivery country; anything but Bangladesh is an export, zero-rated. */
  country: CountrySchema.default(SHOP_COUNTRY),
  /** The buyer's BIN for the Mushak-6.3; empty means none. */
  bin: BinSchema.optional(),
})

/** `POST /api/checkout`: the fields, with `address` filled from the block when it is given. */
export const CheckoutBodySchema = CheckoutFieldsSchema.transform(withDeliveryBlock)
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>
/** What a client sends: currency and country may be left out (USD, Bangladesh). */
export type CheckoutRequest = z.input<typeof CheckoutBodySchema>

/** `DELETE /api/cart/quote/{id}`: the accepted quote whose line leaves the cart. */
export const CartQuoteParamsSchema = z.object({ id: CartQuoteLineInputSchema.shape.quote })

export const cartContract = {
  get: { method: 'GET', path: '/api/cart', response: CartSchema },
  put: { method: 'PUT', path: '/api/cart', body: CartBodySchema, response: CartSchema },
  removeQuote: {
    method: 'DELETE',
    path: '/api/cart/quote/:id',
    params: CartQuoteParamsSchema,
    response: CartSchema,
  },
  checkout: {
    method: 'POST',
    path: '/api/checkout',
    body: CheckoutBodySchema,
    response: PurchaseResponseSchema,
  },
} as const
