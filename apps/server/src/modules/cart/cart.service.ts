import type { Cart, CartBody } from '@toolworks/shared'

import type { Db, DbOrTx } from '../../db/client.js'
import type { Actor } from '../accounts/accounts.service.js'
import type { AccountsService } from '../accounts/accounts.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import { deleteCartTools, listCartLines, replaceCartLines } from './cart.queries.js'
import type { QuoteAcceptanceService } from '../quotes/quote-acceptance.service.js'
import { lineRefusals, refusalError, splitLines } from './line-rules.js'

export type CartService = ReturnType<typeof createCartService>

/**
 * A signed-in buyer's cart, kept by the server so it follows them across devices (issue 14).
 * It holds what the buyer means to order, not stock: its quantities follow the minimum and
 * pack rules, and the stock is checked at checkout.
 */
export function createCartService({
  db,
  catalog,
  accounts,
  quotes,
}: {
  db: Db
  catalog: Pick<CatalogService, 'toolsForLines'>
  accounts: Pick<AccountsService, 'lockUsers'>
  /** A custom part is in the cart while its quote is accepted: the quotes service knows which. */
  quotes: Pick<QuoteAcceptanceService, 'cartLines' | 'keepInCart'>
}) {
  /**
   * The kept lines, without tools that left the shop since they were added, then the buyer's
   * accepted quotes, oldest accepted first (issue 15).
   */
  async function read(dbOrTx: DbOrTx, userId: string): Promise<Cart> {
    const lines = await listCartLines(dbOrTx, userId)
    const tools = await catalog.toolsForLines(
      dbOrTx,
      lines.map((l) => l.toolId),
    )
    const custom = await quotes.cartLines(dbOrTx, userId)
    return {
      lines: [
        ...lines
          .filter((l) => tools.get(l.toolId)?.deleted === false)
          .map((l) => ({ tool: l.toolId, quantity: l.quantity })),
        ...custom,
      ],
    }
  }

  return {
    get: (actor: Actor): Promise<Cart> => read(db, actor.id),

    /**
     * Replaces the whole cart; a line that could never be ordered is refused by name. Custom
     * parts enter the cart only by accepting their quote: a PUT may keep them (at their quoted
     * quantity) or leave them out, which returns their quotes to Quoted (issue 15).
     */
    async put(actor: Actor, body: CartBody): Promise<Cart> {
      const split = splitLines(body.lines)
      const lines = split.tools
      const tools = await catalog.toolsForLines(
        db,
        lines.map((l) => l.tool),
      )
      const refusals = split.atRequestPlace(lineRefusals(lines, tools, { stock: false }))
      if (refusals.length > 0) throw refusalError(refusals)
      return db.transaction(async (tx) => {
        // Two tabs saving at once: the buyer's lock makes one replace wait for the other.
        await accounts.lockUsers(tx, [actor.id])
        const custom = await quotes.keepInCart(tx, actor.id, split.quotes)
        if (custom.length > 0) throw refusalError(custom)
        await replaceCartLines(
          tx,
          actor.id,
          lines.map((l) => ({ toolId: l.tool, quantity: l.quantity })),
        )
        return read(tx, actor.id)
      })
    },

    /** Inside a checkout's transaction: the ordered tools leave the buyer's cart. */
    removeOrdered: (tx: DbOrTx, userId: string, toolIds: readonly string[]) =>
      deleteCartTools(tx, userId, toolIds),
  }
}
