import { randomUUID } from 'node:crypto'

import {
  orderTotals,
  systemClock,
  type Clock,
  isId,
  addWorkingDays,
  formatMinor,
  formatMoney,
  fromCents,
  messages,
  OPEN_UNPAID_ORDERS_MAX,
  priceLine,
  shipsBy,
  shopDate,
  type CartAnyLineInput,
  type CheckoutBody,
  type DeliveryBlock,
  exportRefusals,
  needsExportCheck,
  type OrderCurrency,
  rateFromUnits,
  SHOP_COUNTRY,
  taxOrder,
  taxWords,
  type PaymentMethod,
  type PurchaseBody,
} from '@toolworks/shared'

import type { OrderLimits } from '../config.js'
import type { Db, Tx } from '../db/client.js'
import { AppError } from '../lib/app-error.js'
import { createTransactionBatcher } from '../lib/transaction-batcher.js'
import type { BuyerFacts } from '../modules/accounts/accounts.queries.js'
import type { Actor, AccountsService } from '../modules/accounts/accounts.service.js'
import {
  lineRefusals,
  pricedTool,
  refusalError,
  splitLines,
  type LineRefusal,
} from '../modules/cart/line-rules.js'
import type { CartService } from '../modules/cart/cart.service.js'
import type { LineToolRow } from '../modules/catalog/catalog.queries.js'
import type { ExchangeRateService } from '../modules/exchange-rate/exchange-rate.service.js'
import type { CatalogService } from '../modules/catalog/catalog.service.js'
import {
  bestFirstOrderDiscount,
  deliveryKeys,
  discountKeyLockIds,
  firstOrderEligibility,
  lockDiscountKeys,
} from '../modules/promotions/first-order-discount.js'
import type { QuoteAcceptanceService } from '../modules/quotes/quote-acceptance.service.js'
import type { OrderMails } from '../modules/orders/orders.mails.js'
import type { NewOrderLine, NewOrderRow, OrderWithLines } from '../modules/orders/orders.queries.js'
import type { OrdersService } from '../modules/orders/orders.service.js'
import { holdClassOf, placedHoldEnd } from '../modules/orders/hold-rules.js'
import { nextStep } from '../modules/payments/payment-start.js'
import { GATEWAY_SESSION_MS } from '../modules/payments/sslcommerz/sslcommerz-provider.js'
import { paymentCurrencyOf, type PaymentsService } from '../modules/payments/payments.service.js'
import type { PaymentAttempts } from '../modules/payments/payment-attempts.service.js'
import type { CancellationFlow } from './cancellation.js'

/**
 * What a buyer asks for: lines, where the order goes, and the currency it is paid in,
 * the delivery country and the buyer's BIN.
 */
export type OrderRequest = {
  lines: readonly CartAnyLineInput[]
  phone: string
  address: string
  currency: OrderCurrency
  country: string
  /** The BIN given at checkout; none (null or left out) takes the profile's. */
  bin?: string | null | undefined
  /** The buyer's company and the delivery block; `address` is its text. */
  company?: string | null
  delivery?: DeliveryBlockPlace | null
}
type DeliveryBlockPlace = Omit<DeliveryBlock, 'company'>

/** An order decided in a shared transaction; `order` is there once the batch wrote it. */
type Placed = { id: string; order?: OrderWithLines }

type BatchState = {
  buyers: Map<string, BuyerFacts>
  tools: Map<string, LineToolRow>
  /** What each locked buyer held unpaid when locked (stale once they order: `ordered`). */
  open: Map<string, { count: number; valueCents: number }>
  ordered: Set<string>
  pending: { placed: Placed; row: NewOrderRow; lines: NewOrderLine[] }[]
  /** Stock taken by the pending orders, by tool. */
  taken: Map<string, number>
}
type SplitLines = ReturnType<typeof splitLines>

/**
 * How a refusal is worded: `purchase` keeps the seed's words for its one tool (docs/product.md);
 * `checkout` names the line.
 */
export type Wording = 'purchase' | 'checkout'

function purchaseRefusal(refusal: LineRefusal): AppError {
  if (refusal.field === 'tool') return new AppError('NOT_FOUND', messages.catalog.toolNotFound)
  if (refusal.code === 'VALIDATION_FAILED')
    return new AppError('VALIDATION_FAILED', refusal.why, { purchaseQuantity: refusal.why })
  return new AppError(refusal.code, refusal.why)
}

const byIndex = (a: { index: number }, b: { index: number }) => a.index - b.index

/**
 * An export is zero-rated only when it is paid in US dollars and delivered to a place outside
 * Bangladesh (packages/shared/src/export-orders.ts, the rule the checkout form asks too):
 * anything else is refused before the order locks or writes anything.
 */
function refuseFalseExport(request: OrderRequest) {
  const refusals = exportRefusals({
    country: request.country,
    currency: request.currency,
    city: request.delivery?.city,
    address: request.address,
  })
  const first = refusals[0]
  if (first)
    throw new AppError(
      'VALIDATION_FAILED',
      first.message,
      Object.fromEntries(refusals.map((r) => [r.path, r.message])),
    )
}

/**
 * The one way an order is placed: POST /api/purchase is a one-line checkout.
 *
 * Orders share commits under load (group commit, lib/transaction-batcher.ts). Each order
 * declares its locks, its customer and its tools; the shared transaction locks all of them
 * first, customers then tools, each in id order, so no two transactions anywhere wait on
 * each other in a circle. Every refusal (limits, a line that cannot be had) is decided
 * before the order writes anything, so it needs no savepoint to be undone alone.
 */
export function createCheckoutFlow({
  db,
  orders,
  payments,
  attempts,
  cancellation,
  catalog,
  accounts,
  rates,
  vatPercent,
  cart,
  quotes,
  limits,
  mails,
  log,
  now = systemClock,
}: {
  db: Db
  orders: OrdersService
  payments: Pick<PaymentsService, 'startPayment' | 'nameOf'>
  /** Gateway attempts: each tran_id mapped to its order. */
  attempts: Pick<PaymentAttempts, 'open' | 'openFor'>
  cancellation: Pick<CancellationFlow, 'voidIfCancelled'>
  /** The buyer's e-mails, sent after the commit; they never throw. */
  mails?: Pick<OrderMails, 'placed'>
  catalog: Pick<
    CatalogService,
    'toolsForLines' | 'lockTools' | 'takeCheckedStocks' | 'stockChanged'
  >
  accounts: Pick<AccountsService, 'lockUsers' | 'buyerFacts'>
  /** The taka rate an order in BDT is placed at, read in the order's transaction. */
  rates: Pick<ExchangeRateService, 'unitsOn'>
  /** The VAT rate the list prices include for deliveries in Bangladesh. */
  vatPercent: number
  cart: Pick<CartService, 'removeOrdered'>
  /** Custom parts: whether an accepted quote can be ordered, and marking it ordered. */
  quotes: Pick<QuoteAcceptanceService, 'forOrder' | 'markOrdered'>
  /** What one account may hold unpaid, by whether its e-mail is verified. */
  limits: OrderLimits
  log: { warn(obj: object, msg: string): void }
  /** The shop's clock (AppOptions.clock): the order's instant, its day and its holds. */
  now?: Clock
}) {
  // Customers, then tools, then the delivery phone and address keys of the first-order
  // discount (two accounts ordering to one phone are decided one at a time).
  // What a shared transaction knows of its batch: the buyers and tools as it
  // locked them, what each buyer held unpaid when locked, and the orders decided but not yet
  // written. Its orders read from here instead of once more each, and are written together
  // before the commit (`writePending`), so a batch costs a handful of statements however many
  // orders it holds. Only this flow changes these rows while the locks are held, and it keeps
  // a tool's stock here as it takes it.
  const batchState = new WeakMap<Tx, BatchState>()
  const stateOf = (tx: Tx) => {
    let state = batchState.get(tx)
    if (!state)
      batchState.set(
        tx,
        (state = {
          buyers: new Map(),
          tools: new Map(),
          open: new Map(),
          ordered: new Set(),
          pending: [],
          taken: new Map(),
        }),
      )
    return state
  }

  /** Writes the orders decided so far in this transaction: stock, orders and lines at once. */
  async function writePending(tx: Tx) {
    const state = stateOf(tx)
    const takes = [...state.taken].map(([id, amount]) => ({ id, amount }))
    const pending = state.pending
    state.taken = new Map()
    state.pending = []
    const left = await catalog.takeCheckedStocks(tx, takes)
    for (const { id } of takes)
      if (left.get(id) !== state.tools.get(id)?.quantity)
        throw new Error('stock moved under a held lock')
    const written = await orders.insertMany(tx, pending)
    pending.forEach((p, i) => (p.placed.order = written[i]))
  }

  /**
   * What the buyer holds unpaid: as read when the batch was locked, unless the
   * buyer already ordered in this transaction; then from the table, the batch written first.
   */
  async function openUnpaidIn(tx: Tx, customerId: string) {
    const state = stateOf(tx)
    const known = state.open.get(customerId)
    if (known && !state.ordered.has(customerId)) return known
    await writePending(tx)
    return orders.openUnpaid(tx, customerId, now())
  }

  const writes = createTransactionBatcher<'users' | 'tools' | 'keys'>(db, {
    savepoints: false,
    locks: {
      order: ['users', 'tools', 'keys'],
      lock: async (tx, kind, ids) => {
        const state = stateOf(tx)
        if (kind === 'users') {
          for (const row of await accounts.lockUsers(tx, ids)) state.buyers.set(row.id, row)
          for (const [id, open] of await orders.openUnpaidOf(tx, ids, now()))
            state.open.set(id, open)
        } else if (kind === 'tools') {
          for (const row of await catalog.lockTools(tx, ids)) state.tools.set(row.id, row)
        } else await lockDiscountKeys(tx, ids)
      },
    },
    beforeCommit: writePending,
    // Each order is retried alone and answered; a failure here is worth knowing about, since
    // it costs the shared commit (and a deadlock would show up here first).
    onBatchFailed: (error, size) =>
      log.warn({ err: error, size }, 'an order batch failed; its orders were retried one by one'),
  })

  async function placeIn(
    tx: Tx,
    actor: Actor,
    split: SplitLines,
    request: OrderRequest,
    wording: Wording,
  ): Promise<Placed> {
    // Each unpaid order holds stock: one account may not hold the shop's stock hostage,
    // and holds less before its e-mail is verified. Every limit is
    // decided under the customer's lock (taken first, by the batcher), so parallel orders of
    // one account are counted one after another, in whichever process they arrive.
    const locked = stateOf(tx)
    const { emailVerified, bin: profileBin } =
      locked.buyers.get(actor.id) ?? (await accounts.buyerFacts(tx, actor.id))
    const open = await openUnpaidIn(tx, actor.id)
    if (open.count >= OPEN_UNPAID_ORDERS_MAX)
      throw new AppError('CONFLICT', messages.orderRules.tooManyUnpaid(OPEN_UNPAID_ORDERS_MAX))

    // The rows are locked: what is read here is what the order takes.
    const lines = split.tools
    const ids = lines.map((l) => l.tool).filter(isId)
    const tools = ids.every((id) => locked.tools.has(id))
      ? new Map(ids.map((id) => [id, locked.tools.get(id) as LineToolRow]))
      : await catalog.toolsForLines(tx, ids)
    const at = now()
    const today = shopDate(at)
    // Custom parts: the buyer's accepted quotes, locked after the tools (the global lock order:
    // users, tools, then quotes), priced from the accepted offer line only.
    const custom =
      split.quotes.length > 0
        ? await quotes.forOrder(tx, actor.id, split.quotes, at)
        : { refusals: [], orderable: [] }
    const refusals: LineRefusal[] = [
      ...split.atRequestPlace(lineRefusals(lines, tools, { stock: true })),
      ...custom.refusals,
    ].sort(byIndex)
    const first = refusals[0]
    if (first) throw wording === 'purchase' ? purchaseRefusal(first) : refusalError(refusals)

    // The server prices every line from the locked rows (the break in force), never from
    // anything the client sent; a made-to-order line takes what stock there is.
    const toolLines = lines.map((line, i) => {
      const tool = tools.get(line.tool)
      if (!tool) throw new Error('a checked line lost its tool')
      const p = priceLine(pricedTool(tool), line.quantity)
      return {
        index: split.toolIndex[i] ?? i,
        line: {
          toolId: tool.id,
          toolName: tool.name,
          unitPriceCents: p.unitPriceCents,
          quantity: p.quantity,
          lineTotalCents: p.lineTotalCents,
          fromStock: p.fromStock,
          madeToOrder: p.madeToOrder,
          shipsBy: shipsBy(tool, p, at),
        } satisfies NewOrderLine,
      }
    })
    // A custom part is made whole for this order: nothing comes from stock, and it ships in
    // about its quoted lead time.
    const customLines = custom.orderable.map((q) => ({
      index: q.index,
      line: {
        toolId: null,
        quoteId: q.quoteId,
        toolName: q.name,
        unitPriceCents: q.unitPriceCents,
        quantity: q.quantity,
        lineTotalCents: q.quantity * q.unitPriceCents,
        fromStock: 0,
        madeToOrder: q.quantity,
        leadTimeDays: q.leadTimeDays,
        shipsBy: addWorkingDays(today, q.leadTimeDays),
      } satisfies NewOrderLine,
    }))
    const priced: NewOrderLine[] = [...toolLines, ...customLines].sort(byIndex).map((l) => l.line)
    // Custom lines count towards the subtotal, and so towards a first-order discount: the
    // discount is on the order, whatever it holds.
    const { subtotalCents } = orderTotals(priced, null)

    // First order: the customer's lock makes their orders run one at a time and
    // the keys' locks do the same for one phone or one address, so this check cannot race
    // another order; the unique index per account is the backstop.
    const keys = deliveryKeys(request)
    // The rule reads the orders table: an order of this batch it would count is written first.
    if (
      emailVerified &&
      locked.pending.some(
        (p) =>
          p.row.customerId === actor.id ||
          p.row.phoneKey === keys.phoneKey ||
          p.row.addressKey === keys.addressKey,
      )
    )
      await writePending(tx)
    const eligibility = await firstOrderEligibility(tx, {
      customerId: actor.id,
      emailVerified,
      ...keys,
    })
    const discount =
      eligibility === 'eligible' ? await bestFirstOrderDiscount(tx, today, subtotalCents) : null
    // What the order would cost in dollars at list prices: the account's unpaid limits count it.
    const { totalCents } = orderTotals(priced, discount)

    // The order in its currency, for its delivery country, by the one shared rule
    // the cart displays with. A taka order takes the rate in force today, and keeps it.
    const rateUnits = request.currency === 'BDT' ? await rates.unitsOn(tx, today) : undefined
    if (request.currency === 'BDT' && rateUnits === undefined)
      throw new AppError('CONFLICT', taxWords.bdtNotOffered)
    const taxed = taxOrder({
      lines: priced.map((l) => ({ unitUsdCents: l.unitPriceCents, quantity: l.quantity })),
      currency: request.currency,
      rate: rateUnits === undefined ? null : { perUsd: rateFromUnits(rateUnits) },
      country: request.country,
      vatPercent,
      discount: discount && { percent: discount.percent, capUsdCents: discount.capCents },
    })
    const inCurrency = priced.map((line, i) => {
      const t = taxed.lines[i]
      if (!t) throw new Error('a priced line lost its tax')
      return { ...line, unitPriceCents: t.unitPrice, lineTotalCents: t.lineTotal }
    })

    // What the account may have open unpaid, this order included. All the
    // remaining units of a tool may be bought, within it.
    const valueMax = emailVerified ? limits.unpaidCentsMax : limits.unverifiedUnpaidCentsMax
    if (open.valueCents + totalCents > valueMax) {
      const max = formatMoney(fromCents(valueMax))
      throw new AppError(
        'CONFLICT',
        emailVerified
          ? messages.orderRules.unpaidValueLimit(max)
          : messages.orderRules.unverifiedValueLimit(max),
      )
    }

    // The stock is taken here, in the batch's own view of it, and written with the batch.
    for (const { line } of toolLines) {
      if (line.fromStock === 0) continue
      const row = locked.tools.get(line.toolId)
      if (!row || row.quantity < line.fromStock) throw new Error('stock moved under a held lock')
      locked.tools.set(line.toolId, { ...row, quantity: row.quantity - line.fromStock })
      locked.taken.set(line.toolId, (locked.taken.get(line.toolId) ?? 0) + line.fromStock)
    }
    const head = inCurrency[0]
    if (!head) throw new Error('an order needs a line')
    const placed: Placed = { id: randomUUID() }
    locked.ordered.add(actor.id)
    locked.pending.push({
      placed,
      row: {
        id: placed.id,
        // The seed's single-tool fields summarise the lines (see db/schema/orders.ts); an order
        // of custom parts only has no tool.
        toolId: toolLines[0]?.line.toolId ?? null,
        toolName: priced.map((l) => l.toolName).join(', '),
        unitPriceCents: head.unitPriceCents,
        quantity: priced.reduce((sum, l) => sum + l.quantity, 0),
        subtotalCents: taxed.subtotal,
        discountCents: taxed.discount,
        // "capped at …" in the order's currency when the cap set the amount, as the cart says.
        discountLabel:
          discount &&
          (taxed.discountCapped
            ? messages.promotions.firstOrderCappedLabel(
                discount.percent,
                formatMinor(taxed.discount, taxed.currency),
              )
            : discount.label),
        promotionId: discount?.promotionId ?? null,
        firstOrderDiscount: discount !== null,
        totalCents: taxed.total,
        currency: taxed.currency,
        exchangeRateUnits: rateUnits ?? null,
        country: request.country,
        vatRate: taxed.vatRate,
        vatCents: taxed.vat,
        buyerBin: request.bin ?? profileBin,
        customerId: actor.id,
        customerEmail: actor.email,
        customerName: actor.name,
        phone: request.phone,
        exportCheck: needsExportCheck(request),
        address: request.address,
        company: request.company ?? null,
        street: request.delivery?.street ?? null,
        city: request.delivery?.city ?? null,
        postcode: request.delivery?.postcode ?? null,
        ...keys,
        // The hold is counted from the moment the order is placed, to the millisecond.
        createdAt: at,
        holdUntil: placedHoldEnd(orders.holdRules, at, emailVerified),
      },
      lines: inCurrency,
    })
    // The quotes were checked under their locks, so this moves every one; if it did not, the
    // throw (not an AppError) rolls the whole order back. A quote names its order: the order
    // is written first.
    if (custom.orderable.length > 0) {
      await writePending(tx)
      await quotes.markOrdered(
        tx,
        actor.id,
        custom.orderable.map((q) => q.quoteId),
        placed.id,
      )
    }
    // Checking out the cart empties it of what was ordered (a custom part left it by becoming
    // ordered); Buy Now leaves the cart alone.
    if (wording === 'checkout')
      await cart.removeOrdered(
        tx,
        actor.id,
        toolLines.map((l) => l.line.toolId),
      )
    return placed
  }

  async function place(
    actor: Actor,
    request: OrderRequest,
    wording: Wording,
  ): Promise<OrderWithLines> {
    refuseFalseExport(request)
    const split = splitLines(request.lines)
    const { order } = await writes.run(
      {
        users: [actor.id],
        tools: split.tools.map((l) => l.tool).filter(isId),
        keys: discountKeyLockIds(deliveryKeys(request)),
      },
      (tx) => placeIn(tx, actor, split, request, wording),
    )
    // The batch wrote every order it decided before it committed.
    if (!order) throw new Error('a placed order was not written')
    await catalog.stockChanged()
    return order
  }

  const placed = async (row: OrderWithLines) => {
    await mails?.placed(row)
    return { acknowledged: true as const, insertedId: row.id, order: orders.view(row) }
  }

  /**
   * Starts paying an order through a provider (the configured card provider when none is
   * named) and answers how the payment goes on: a client secret, a redirect or instructions.
   * The amount always comes from the order, and the provider is
   * called outside any transaction (docs/architecture.md, Stack pitfalls §3).
   */
  async function startPayment(
    actor: Actor,
    orderId: string,
    method: PaymentMethod = 'card',
    provider?: string,
  ) {
    const p = messages.paymentRules
    const order = await orders.forPayment(actor, orderId)
    if (order.paid) throw new AppError('CONFLICT', p.alreadyPaid)
    if (order.status === 'cancelled') throw new AppError('CONFLICT', p.cancelled)
    if (order.expired) throw new AppError('CONFLICT', p.expired)
    // SSLCommerz took money that waits for an admin: a second payment would take it twice.
    if (order.paymentState === 'under-review') throw new AppError('CONFLICT', p.underReview)
    // A payment is starting: the order keeps its stock long enough to finish it, as
    // far as the buyer's class allows: starting payments again never holds stock for longer.
    const { emailVerified } = await accounts.buyerFacts(db, actor.id)
    await orders.holdForPayment(order.id, holdClassOf(emailVerified), now())
    const providerName = payments.nameOf(provider)
    // A second start (another tab, a reload, a double click) while a gateway session of this
    // order is still open goes back to that session: a second one could be paid a second time.
    if (method === 'sslcommerz') {
      const open = await attempts.openFor({
        orderId: order.id,
        amountCents: order.totalCents,
        currency: paymentCurrencyOf(order),
        since: new Date(now().getTime() - GATEWAY_SESSION_MS),
      })
      if (open?.gatewayUrl) {
        await orders.startedWith(order.id, method, open.tranId, providerName)
        return {
          next: { kind: 'redirect' as const, paymentId: open.tranId, url: open.gatewayUrl },
          amount: fromCents(order.totalCents),
          currency: paymentCurrencyOf(order),
        }
      }
    }
    const start = await payments.startPayment(
      {
        orderId: order.id,
        amountCents: order.totalCents,
        currency: paymentCurrencyOf(order),
        idempotencyKey: `order-${order.id}-${order.totalCents}`,
        customerEmail: order.customerEmail,
        buyer: { name: order.customerName, phone: order.phone, address: order.address },
        items: { count: order.quantity, name: order.toolName },
      },
      provider,
    )
    // A gateway knows the attempt only by its id: map it to the order before the buyer can pay.
    if (start.kind === 'redirect')
      await attempts.open({
        tranId: start.paymentId,
        orderId: order.id,
        method,
        amountCents: order.totalCents,
        currency: paymentCurrencyOf(order),
        gatewayUrl: start.url,
      })
    await orders.startedWith(order.id, method, start.paymentId, providerName)
    // Cancelled while the payment was being started: its cancellation had nothing to void yet.
    if (await cancellation.voidIfCancelled(order.id)) throw new AppError('CONFLICT', p.cancelled)
    return {
      next: nextStep(start),
      amount: fromCents(order.totalCents),
      currency: paymentCurrencyOf(order),
    }
  }

  return {
    /** POST /api/purchase: the seed's one-tool order, a one-line checkout. */
    async purchase(actor: Actor, body: PurchaseBody) {
      const lines = [{ tool: body.toolsId, quantity: body.purchaseQuantity }]
      // The seed's order is domestic and in dollars: its totals stay what its clients expect.
      const request = { ...body, lines, currency: 'USD' as const, country: SHOP_COUNTRY }
      return placed(await place(actor, request, 'purchase'))
    },

    /** POST /api/checkout: the cart's lines as one order, all of them or none. */
    async checkout(actor: Actor, body: CheckoutBody) {
      return placed(await place(actor, body, 'checkout'))
    },

    startPayment,

    /**
     * POST /api/create-payment-intent: a card payment, answered with the fields it always had
     * and the tagged start beside them (`next`) for clients that read every method the same way.
     */
    async startCardPayment(actor: Actor, orderId: string) {
      const { next, amount, currency } = await startPayment(actor, orderId)
      if (next.kind !== 'client_secret')
        throw new Error(`the card provider answered ${next.kind}, not a client secret`)
      return {
        clientSecret: next.clientSecret,
        paymentIntentId: next.paymentId,
        amount,
        currency,
        next,
      }
    },
  }
}

export type CheckoutFlow = ReturnType<typeof createCheckoutFlow>
