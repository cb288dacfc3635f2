import { z } from 'zod'

import { CART_LINES_MAX, ORDER_QUANTITY_MAX } from './constants.js'
import { messages } from './messages.js'
import { PurchaseBodySchema, PurchaseResponseSchema } from './orders.js'

const m = messages.cartRules

/** One line a buyer asks for: which tool and how many. Prices are the server's (issue 14). */
export const CartLineInputSchema = z.object({
  tool: z.string({ error: m.toolRequired }).min(1, m.toolRequired).max(64),
  quantity: z
    .number({ error: messages.orderRules.invalidQuantity })
    .int(messages.orderRules.invalidQuantity)
    .min(1, messages.orderRules.invalidQuantity)
    .max(ORDER_QUANTITY_MAX, messages.orderRules.invalidQuantity),
})
export type CartLineInput = z.infer<typeof CartLineInputSchema>

/** A tool appears once in a cart: a second line of the same tool is a mistake, not a merge. */
const linesSchema = (min: number) =>
  z
    .array(CartLineInputSchema, { error: m.linesRequired })
    .min(min, m.empty)
    .max(CART_LINES_MAX, m.tooManyLines(CART_LINES_MAX))
    .superRefine((lines, ctx) => {
      const seen = new Set<string>()
      lines.forEach((line, index) => {
        if (seen.has(line.tool))
          ctx.addIssue({ code: 'custom', message: m.duplicateTool, path: [index, 'tool'] })
        seen.add(line.tool)
      })
    })

/** `PUT /api/cart`: the whole cart, replacing what the server kept. An empty cart is allowed. */
export const CartBodySchema = z.object({ lines: linesSchema(0) })
export type CartBody = z.infer<typeof CartBodySchema>

/** `GET/PUT /api/cart` answer: the kept lines, without tools that left the shop. */
export const CartSchema = z.object({ lines: z.array(CartLineInputSchema) })
export type Cart = z.infer<typeof CartSchema>

/** `POST /api/checkout`: the cart's lines plus where it goes, as on the purchase page. */
export const CheckoutBodySchema = z.object({
  lines: linesSchema(1),
  phone: PurchaseBodySchema.shape.phone,
  address: PurchaseBodySchema.shape.address,
})
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>

export const cartContract = {
  get: { method: 'GET', path: '/api/cart', response: CartSchema },
  put: { method: 'PUT', path: '/api/cart', body: CartBodySchema, response: CartSchema },
  checkout: {
    method: 'POST',
    path: '/api/checkout',
    body: CheckoutBodySchema,
    response: PurchaseResponseSchema,
  },
} as const
