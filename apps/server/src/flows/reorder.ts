import {
  fromCents,
  inCurrency,
  priceLine,
  rateFromUnits,
  roundUpQuantity,
  type PriceChange,
  type ReorderResponse,
} from '@toolworks/shared'

import type { Db } from '../db/client.js'
import type { Actor } from '../modules/accounts/accounts.service.js'
import type { CartService } from '../modules/cart/cart.service.js'
import { pricedTool } from '../modules/cart/line-rules.js'
import type { CatalogService } from '../modules/catalog/catalog.service.js'
import type { OrdersService } from '../modules/orders/orders.service.js'

export type ReorderFlow = ReturnType<typeof createReorderFlow>

/**
 * Order again: a past order's stock lines go into its buyer's cart at today's
 * prices, and the answer says which unit prices moved since. Custom parts (quotes) are not
 * stock and stay out; a tool no longer sold is left out; a quantity the tool's minimum or pack
 * size has since outgrown is rounded up to them.
 */
export function createReorderFlow({
  db,
  orders,
  catalog,
  cart,
}: {
  db: Db
  orders: Pick<OrdersService, 'forReorder'>
  catalog: Pick<CatalogService, 'toolsForLines'>
  cart: Pick<CartService, 'addToCart'>
}) {
  return {
    async reorder(actor: Actor, orderId: string): Promise<ReorderResponse> {
      const order = await orders.forReorder(actor, orderId)
      const rate =
        order.exchangeRateUnits === null ? null : { perUsd: rateFromUnits(order.exchangeRateUnits) }
      return db.transaction(async (tx) => {
        const lines = order.lines.filter((l) => l.toolId !== null)
        const tools = await catalog.toolsForLines(
          tx,
          lines.map((l) => l.toolId ?? ''),
        )
        const additions = []
        const changed: PriceChange[] = []
        for (const line of lines) {
          const tool = tools.get(line.toolId ?? '')
          if (!tool || tool.deleted) continue
          const quantity = roundUpQuantity(line.quantity, tool)
          additions.push({ tool, quantity })
          // Compared in the order's currency at its own rate: a price the shop changed shows,
          // a moved exchange rate does not.
          const now = inCurrency(
            priceLine(pricedTool(tool), quantity).unitPriceCents,
            order.currency,
            rate,
          )
          if (now !== line.unitPriceCents)
            changed.push({
              tool: tool.id,
              name: tool.name,
              was: fromCents(line.unitPriceCents),
              now: fromCents(now),
            })
        }
        return {
          cart: await cart.addToCart(tx, actor.id, additions),
          currency: order.currency,
          changed,
        }
      })
    },
  }
}
