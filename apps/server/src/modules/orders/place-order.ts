import {
  messages,
  OPEN_UNPAID_ORDERS_MAX,
  priceLine,
  shipsBy,
  shopDate,
  type CartLineInput,
} from '@toolworks/shared'

import type { Db, Tx } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import { isUuid } from '../../lib/ids.js'
import { createTransactionBatcher } from '../../lib/transaction-batcher.js'
import type { Actor, AccountsService } from '../accounts/accounts.service.js'
import {
  lineRefusals,
  normalizeLines,
  pricedTool,
  refusalError,
  type LineRefusal,
} from '../cart/line-rules.js'
import type { CartService } from '../cart/cart.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import { bestFirstOrderDiscount } from '../promotions/first-order-discount.js'
import {
  countOpenUnpaid,
  hasLiveOrder,
  insertOrder,
  type NewOrderLine,
  type OrderWithLines,
} from './orders.queries.js'

const HOUR_MS = 3_600_000

/** What a buyer asks for: lines, and where the order goes. */
export type OrderRequest = { lines: readonly CartLineInput[]; phone: string; address: string }

/**
 * How a refusal is worded: `purchase` keeps the seed's words for its one tool (SPEC.md);
 * `checkout` names the line (issue 14).
 */
export type Wording = 'purchase' | 'checkout'

function purchaseRefusal(refusal: LineRefusal): AppError {
  if (refusal.field === 'tool') return new AppError('NOT_FOUND', messages.catalog.toolNotFound)
  if (refusal.code === 'VALIDATION_FAILED')
    return new AppError('VALIDATION_FAILED', refusal.why, { purchaseQuantity: refusal.why })
  return new AppError(refusal.code, refusal.why)
}

const byTool = (a: { toolId: string }, b: { toolId: string }) =>
  a.toolId < b.toolId ? -1 : a.toolId > b.toolId ? 1 : 0

/**
 * The one way an order is placed (issue 14): POST /api/purchase is a one-line checkout.
 *
 * Orders share commits under load (group commit, lib/transaction-batcher.ts). Each order
 * declares its locks, its customer and its tools; the shared transaction locks all of them
 * first, customers then tools, each in id order, so no two transactions anywhere wait on
 * each other in a circle. Every refusal (limits, a line that cannot be had) is decided
 * before the order writes anything, so it needs no savepoint to be undone alone.
 */
export function createOrderPlacer({
  db,
  catalog,
  accounts,
  cart,
  holdHours,
  log,
}: {
  db: Db
  catalog: Pick<CatalogService, 'toolsForLines' | 'lockTools' | 'takeCheckedStock' | 'stockChanged'>
  accounts: Pick<AccountsService, 'lockUsers'>
  cart: Pick<CartService, 'removeOrdered'>
  holdHours: number
  log: { warn(obj: object, msg: string): void }
}) {
  const writes = createTransactionBatcher<'users' | 'tools'>(db, {
    savepoints: false,
    locks: {
      order: ['users', 'tools'],
      lock: (tx, kind, ids) =>
        kind === 'users' ? accounts.lockUsers(tx, ids) : catalog.lockTools(tx, ids),
    },
    // Each order is retried alone and answered; a failure here is worth knowing about, since
    // it costs the shared commit (and a deadlock would show up here first).
    onBatchFailed: (error, size) =>
      log.warn({ err: error, size }, 'an order batch failed; its orders were retried one by one'),
  })

  async function placeIn(
    tx: Tx,
    actor: Actor,
    lines: readonly CartLineInput[],
    request: OrderRequest,
    wording: Wording,
  ): Promise<OrderWithLines> {
    // Each unpaid order holds stock: one account may not hold the shop's stock hostage
    // (issue 13). Counted in the order's own transaction, before anything is written.
    const since = new Date(Date.now() - holdHours * HOUR_MS)
    if ((await countOpenUnpaid(tx, actor.id, since)) >= OPEN_UNPAID_ORDERS_MAX)
      throw new AppError('CONFLICT', messages.orderRules.tooManyUnpaid(OPEN_UNPAID_ORDERS_MAX))

    // The rows are locked: what is read here is what the order takes.
    const tools = await catalog.toolsForLines(
      tx,
      lines.map((l) => l.tool),
    )
    const refusals = lineRefusals(lines, tools, { stock: true })
    const first = refusals[0]
    if (first) throw wording === 'purchase' ? purchaseRefusal(first) : refusalError(refusals)

    // The server prices every line from the locked rows (the break in force), never from
    // anything the client sent; a made-to-order line takes what stock there is.
    const at = new Date()
    const priced: (NewOrderLine & { toolId: string })[] = lines.map((line) => {
      const tool = tools.get(line.tool)
      if (!tool) throw new Error('a checked line lost its tool')
      const p = priceLine(pricedTool(tool), line.quantity)
      return {
        toolId: tool.id,
        toolName: tool.name,
        unitPriceCents: p.unitPriceCents,
        quantity: p.quantity,
        lineTotalCents: p.lineTotalCents,
        fromStock: p.fromStock,
        madeToOrder: p.madeToOrder,
        shipsBy: shipsBy(tool, p, at),
      }
    })
    const subtotalCents = priced.reduce((sum, l) => sum + l.lineTotalCents, 0)

    // First order: the customer's lock (taken first) makes their orders run one at a time, so
    // this check cannot race another of theirs; the unique index is the backstop.
    const discount = (await hasLiveOrder(tx, actor.id))
      ? null
      : await bestFirstOrderDiscount(tx, shopDate(at), subtotalCents)

    for (const line of [...priced].sort(byTool)) {
      if (line.fromStock > 0 && !(await catalog.takeCheckedStock(tx, line.toolId, line.fromStock)))
        throw new Error('stock moved under a held lock')
    }
    const head = priced[0]
    if (!head) throw new Error('an order needs a line')
    const discountCents = discount?.amountCents ?? 0
    const order = await insertOrder(
      tx,
      {
        // The seed's single-tool fields summarise the lines (see db/schema/orders.ts).
        toolId: head.toolId,
        toolName: priced.map((l) => l.toolName).join(', '),
        unitPriceCents: head.unitPriceCents,
        quantity: priced.reduce((sum, l) => sum + l.quantity, 0),
        subtotalCents,
        discountCents,
        discountLabel: discount?.label ?? null,
        promotionId: discount?.promotionId ?? null,
        firstOrderDiscount: discount !== null,
        totalCents: subtotalCents - discountCents,
        customerId: actor.id,
        customerEmail: actor.email,
        customerName: actor.name,
        phone: request.phone,
        address: request.address,
      },
      priced,
    )
    // Checking out the cart empties it of what was ordered; Buy Now leaves the cart alone.
    if (wording === 'checkout')
      await cart.removeOrdered(
        tx,
        actor.id,
        priced.map((l) => l.toolId),
      )
    return order
  }

  return async function place(
    actor: Actor,
    request: OrderRequest,
    wording: Wording,
  ): Promise<OrderWithLines> {
    const lines = normalizeLines(request.lines)
    const order = await writes.run(
      { users: [actor.id], tools: lines.map((l) => l.tool).filter(isUuid) },
      (tx) => placeIn(tx, actor, lines, request, wording),
    )
    await catalog.stockChanged()
    return order
  }
}
