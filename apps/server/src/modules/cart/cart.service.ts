import { isToolLine, messages, type Cart, type CartBody } from '@toolworks/shared'

import type { Db, DbOrTx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import type { Actor } from '../accounts/accounts.service.js'
import type { AccountsService } from '../accounts/accounts.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import { deleteCartTools, listCartLines, replaceCartLines } from './cart.queries.js'
import { lineRefusals, normalizeLines, refusalError } from './line-rules.js'

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
}: {
  db: Db
  catalog: Pick<CatalogService, 'toolsForLines'>
  accounts: Pick<AccountsService, 'lockUsers'>
}) {
  /** The kept lines, without tools that left the shop since they were added. */
  async function read(dbOrTx: DbOrTx, userId: string): Promise<Cart> {
    const lines = await listCartLines(dbOrTx, userId)
    const tools = await catalog.toolsForLines(
      dbOrTx,
      lines.map((l) => l.toolId),
    )
    return {
      lines: lines
        .filter((l) => tools.get(l.toolId)?.deleted === false)
        .map((l) => ({ tool: l.toolId, quantity: l.quantity })),
    }
  }

  return {
    get: (actor: Actor): Promise<Cart> => read(db, actor.id),

    /** Replaces the whole cart; a line that could never be ordered is refused by name. */
    async put(actor: Actor, body: CartBody): Promise<Cart> {
      // Custom parts (issue 15) enter the cart only by accepting a quote: not yet.
      const toolLines = body.lines.filter(isToolLine)
      if (toolLines.length !== body.lines.length)
        throw new AppError('CONFLICT', messages.quoteRules.notInCart)
      const lines = normalizeLines(toolLines)
      const tools = await catalog.toolsForLines(
        db,
        lines.map((l) => l.tool),
      )
      const refusals = lineRefusals(lines, tools, { stock: false })
      if (refusals.length > 0) throw refusalError(refusals)
      return db.transaction(async (tx) => {
        // Two tabs saving at once: the buyer's lock makes one replace wait for the other.
        await accounts.lockUsers(tx, [actor.id])
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
