import { quoteRuleWords, type Cart, type CartBody } from '@toolworks/shared'

import type { Db, DbOrTx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
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
  quotes: Pick<QuoteAcceptanceService, 'cartLines' | 'keepInCart' | 'removeFromCart'>
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
     * Replaces the stock tools' lines; a line that could never be ordered is refused by name.
     * Custom parts enter the cart only by accepting their quote (issue 15) and leave it only by
     * removeQuote: a PUT may send them (at their quoted quantity), and one it leaves out stays,
     * as another tab may have just accepted it (issue 26).
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

    /**
     * `DELETE /api/cart/quote/{id}`: an accepted quote's line leaves the cart, the quote back to
     * Quoted (or Expired, past its Valid until). Not one of the buyer's accepted quotes: 404.
     */
    async removeQuote(actor: Actor, quoteId: string): Promise<Cart> {
      return db.transaction(async (tx) => {
        await accounts.lockUsers(tx, [actor.id])
        if (!(await quotes.removeFromCart(tx, actor.id, quoteId.toLowerCase())))
          throw new AppError('NOT_FOUND', quoteRuleWords.notInCart)
        return read(tx, actor.id)
      })
    },

    /** Inside a checkout's transaction: the ordered tools leave the buyer's cart. */
    removeOrdered: (tx: DbOrTx, userId: string, toolIds: readonly string[]) =>
      deleteCartTools(tx, userId, toolIds),
  }
}
