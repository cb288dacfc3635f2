import {
  CART_LINES_MAX,
  parseQuickOrderText,
  QUICK_ORDER_LINES_MAX,
  quickOrderMessages,
  quoteRuleWords,
  type Cart,
  type CartBody,
  type QuickOrderBody,
  type QuickOrderLine,
  type QuickOrderRefusal,
} from '@toolworks/shared'

import type { Db, DbOrTx, Tx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import type { Actor } from '../accounts/accounts.service.js'
import type { AccountsService } from '../accounts/accounts.service.js'
import type { LineToolRow } from '../catalog/catalog.queries.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import {
  deleteCartTools,
  listCartLines,
  replaceCartLines,
  upsertCartLines,
} from './cart.queries.js'
import type { QuoteAcceptanceService } from '../quotes/quote-acceptance.service.js'
import { lineRefusals, refusalError, splitLines } from './line-rules.js'
import { quickOrderRefusals } from './quick-order.js'

export type CartService = ReturnType<typeof createCartService>

/**
 * A signed-in buyer's cart, kept by the server so it follows them across devices.
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
  catalog: Pick<CatalogService, 'toolsForLines' | 'toolsForPartNumbers' | 'closestPartNumbers'>
  accounts: Pick<AccountsService, 'lockUsers'>
  /** A custom part is in the cart while its quote is accepted: the quotes service knows which. */
  quotes: Pick<QuoteAcceptanceService, 'cartLines' | 'keepInCart' | 'removeFromCart'>
}) {
  /**
   * The kept lines, without tools that left the shop since they were added, then the buyer's
   * accepted quotes, oldest accepted first.
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

  /**
   * Adds quantities of tools to a buyer's cart (the caller's transaction): a tool already there
   * gets the quantity added. The tools touched are checked again at their new quantity by the
   * cart's rules; the cart may not grow past CART_LINES_MAX lines.
   */
  async function addLines(
    tx: Tx,
    userId: string,
    additions: readonly { tool: LineToolRow; quantity: number }[],
  ): Promise<void> {
    await accounts.lockUsers(tx, [userId])
    const kept = await listCartLines(tx, userId)
    const quantities = new Map(kept.map((l) => [l.toolId, l.quantity]))
    const touched = new Map<string, LineToolRow>()
    for (const { tool, quantity } of additions) {
      quantities.set(tool.id, (quantities.get(tool.id) ?? 0) + quantity)
      touched.set(tool.id, tool)
    }
    const quoteLines = (await quotes.cartLines(tx, userId)).length
    if (quantities.size + quoteLines > CART_LINES_MAX) {
      const message = quickOrderMessages.reasons.cartFull(CART_LINES_MAX)
      throw new AppError('VALIDATION_FAILED', message, { text: message })
    }
    const added = [...touched.keys()].map((id) => ({ tool: id, quantity: quantities.get(id) ?? 0 }))
    const refusals = lineRefusals(added, touched, { stock: false })
    if (refusals.length > 0) throw refusalError(refusals)
    // Only the touched lines are written: the others stay as they are.
    await upsertCartLines(
      tx,
      userId,
      added.map(({ tool, quantity }) => ({ toolId: tool, quantity })),
    )
  }

  return {
    get: (actor: Actor): Promise<Cart> => read(db, actor.id),

    /** Reorder: adds an order's tools inside the flow's transaction; the new cart. */
    async addToCart(
      tx: Tx,
      userId: string,
      additions: readonly { tool: LineToolRow; quantity: number }[],
    ): Promise<Cart> {
      await addLines(tx, userId, additions)
      return read(tx, userId)
    },

    /**
     * Replaces the stock tools' lines; a line that could never be ordered is refused by name.
     * Custom parts enter the cart only by accepting their quote and leave it only by
     * removeQuote: a PUT may send them (at their quoted quantity), and one it leaves out stays,
     * as another tab may have just accepted it.
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

    /**
     * `POST /api/cart/quick`: every line is checked at once, and either all are added
     * to the cart (a tool already there gets the quantity added) or none, with why each bad line
     * was refused. The check and the write share one transaction under the buyer's lock.
     */
    async quick(
      actor: Actor,
      body: QuickOrderBody,
    ): Promise<{ cart: Cart } | { refused: QuickOrderRefusal[] }> {
      const { lines, refusals: unread } =
        body.text !== undefined
          ? parseQuickOrderText(body.text)
          : {
              lines: (body.lines ?? []).map((l, i): QuickOrderLine => ({ line: i + 1, ...l })),
              refusals: [],
            }
      if (lines.length + unread.length > QUICK_ORDER_LINES_MAX) {
        const message = quickOrderMessages.tooManyLines(QUICK_ORDER_LINES_MAX)
        throw new AppError('VALIDATION_FAILED', message, { text: message })
      }
      if (lines.length + unread.length === 0)
        throw new AppError('VALIDATION_FAILED', quickOrderMessages.empty, {
          text: quickOrderMessages.empty,
        })
      return db.transaction(async (tx) => {
        await accounts.lockUsers(tx, [actor.id])
        const partNumbers = lines.map((l) => l.partNumber)
        const tools = await catalog.toolsForPartNumbers(tx, partNumbers)
        const unknown = partNumbers.filter((p) => !tools.has(p.toLowerCase()))
        const closest = await catalog.closestPartNumbers(tx, unknown)
        const refused = [...unread, ...quickOrderRefusals(lines, tools, closest)].sort(
          (a, b) => a.line - b.line,
        )
        if (refused.length > 0) return { refused }

        const additions = lines.flatMap((line) => {
          const tool = tools.get(line.partNumber.toLowerCase())
          return tool ? [{ tool, quantity: line.quantity }] : []
        })
        await addLines(tx, actor.id, additions)
        return { cart: await read(tx, actor.id) }
      })
    },

    /** Inside a checkout's transaction: the ordered tools leave the buyer's cart. */
    removeOrdered: (tx: DbOrTx, userId: string, toolIds: readonly string[]) =>
      deleteCartTools(tx, userId, toolIds),
  }
}
