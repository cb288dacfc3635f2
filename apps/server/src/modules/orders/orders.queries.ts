import { randomUUID } from 'node:crypto'

import {
  orderFromStatesOf,
  orderNumberFrom,
  orderTargetOf,
  paymentFromStatesOf,
  paymentTargetOf,
  PERSON_CANCEL_EVENTS,
  SHOP_COUNTRY,
  type ExportDocumentBody,
  type OrderEvent,
  type PaymentMethod,
  type PaymentStateEvent,
} from '@toolworks/shared'
import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'

import { selectRows, type DbOrTx } from '../../db/client.js'
import { insertColumns } from '../../db/insert-columns.js'
import { orderLines, orders, paymentAttempts } from '../../db/schema/index.js'

export type OrderRow = typeof orders.$inferSelect
export type NewOrderRow = typeof orders.$inferInsert
export type OrderLineRow = typeof orderLines.$inferSelect
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId' | 'position'>
/** An order with its lines, in the order the buyer listed them. */
export type OrderWithLines = OrderRow & { lines: OrderLineRow[] }
type Status = OrderRow['status']
type CancelReason = NonNullable<OrderRow['cancelReason']>

const LIST_LIMIT = 500

/**
 * Inserts several orders and their lines, whatever their number, in two statements built from
 * one array per column (db/insert-columns.ts), then reads them back in two more (a shared order
 * transaction writes its batch at once). Answers them in the order given.
 */
export async function insertOrders(
  tx: DbOrTx,
  batch: readonly { row: NewOrderRow; lines: readonly NewOrderLine[] }[],
): Promise<OrderWithLines[]> {
  if (batch.length === 0) return []
  // Ids are chosen here, so the lines can name their order in the same round as the orders.
  const withIds = batch.map(({ row, lines }) => ({
    row: { ...row, id: row.id ?? randomUUID() },
    lines,
  }))
  const ids = withIds.map((o) => o.row.id)
  await insertColumns(
    tx,
    orders,
    withIds.map((o) => o.row),
  )
  await insertColumns(
    tx,
    orderLines,
    withIds.flatMap((o) =>
      o.lines.map((line, position) => ({ ...line, orderId: o.row.id, position })),
    ),
  )
  const inserted = await tx.select().from(orders).where(inArray(orders.id, ids))
  const lines = await linesOf(tx, ids)
  const byId = new Map(inserted.map((row) => [row.id, row]))
  return ids.map((id) => {
    const order = byId.get(id)
    if (!order) throw new Error('an inserted order was not found')
    return { ...order, lines: lines.get(id) ?? [] }
  })
}

/** The lines of several orders in one query (a list never asks once per order). */
export async function linesOf(db: DbOrTx, orderIds: readonly string[]) {
  const byOrder = new Map<string, OrderLineRow[]>()
  if (orderIds.length === 0) return byOrder
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position))
  for (const line of rows) {
    const list = byOrder.get(line.orderId) ?? []
    list.push(line)
    byOrder.set(line.orderId, list)
  }
  return byOrder
}

export async function withLines(db: DbOrTx, rows: OrderRow[]): Promise<OrderWithLines[]> {
  const byOrder = await linesOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((row) => ({ ...row, lines: byOrder.get(row.id) ?? [] }))
}

export async function withLinesOne(db: DbOrTx, row: OrderRow): Promise<OrderWithLines> {
  const [one] = await withLines(db, [row])
  return one ?? { ...row, lines: [] }
}

/** An order without its lines, unlocked: enough to check who it belongs to and its state. */
export async function findOrderHead(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
  return row
}

/**
 * Whether the customer has an order that counts against a first-order discount: paid,
 * shipped, or unpaid and open; anything but cancelled. `except` leaves one out.
 */
export async function hasLiveOrder(
  tx: DbOrTx,
  customerId: string,
  options: { discounted?: boolean; except?: string } = {},
): Promise<boolean> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        ne(orders.status, 'cancelled'),
        options.discounted ? eq(orders.firstOrderDiscount, true) : undefined,
        options.except ? ne(orders.id, options.except) : undefined,
      ),
    )
    .limit(1)
  return rows.length > 0
}

/** A customer's own list: not hidden by them, and not cancelled unless refunded; newest first. */
export async function listCustomerOrders(db: DbOrTx, email: string): Promise<OrderWithLines[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(sql`lower(${orders.customerEmail})`, email.toLowerCase()),
        // A cancelled order leaves the list, unless money went back or is due back to the
        // buyer: they see it with its refund until it is done.
        or(
          ne(orders.status, 'cancelled'),
          inArray(orders.paymentState, ['refund-due', 'refunded']),
        ),
        eq(orders.hiddenByCustomer, false),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(LIST_LIMIT)
  return withLines(db, rows)
}

/**
 * Manage Orders' filters (status; part of the customer's email, or the order's number, issue
 * 30), for its list and its CSV.
 */
export function adminOrdersWhere(filter: { status?: Status; q?: string }): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.status) conditions.push(eq(orders.status, filter.status))
  if (filter.q) {
    const byEmail = ilike(orders.customerEmail, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    const number = orderNumberFrom(filter.q)
    conditions.push(
      number === null ? byEmail : (or(byEmail, eq(orders.orderNumber, number)) ?? byEmail),
    )
  }
  return conditions.length > 0 ? and(...conditions) : undefined
}

export async function listAllOrders(
  db: DbOrTx,
  filter: { status?: Status; q?: string },
): Promise<OrderWithLines[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(adminOrdersWhere(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(LIST_LIMIT)
  return withLines(db, rows)
}

/** The guard of a conditional update: the order is in a status the table lets `events` leave. */
export const statusAllows = (...events: OrderEvent[]) =>
  inArray(orders.status, orderFromStatesOf(...events))

/** The same guard for the order's money (packages/shared/src/payment-states.ts). */
export const paymentStateAllows = (...events: PaymentStateEvent[]) =>
  inArray(orders.paymentState, paymentFromStatesOf(...events))

/** How a verified payment reached the order: a gateway or card, a transfer, an admin's review. */
export type PaidBy = {
  event: Extract<PaymentStateEvent, 'pay' | 'receive_transfer' | 'accept_review'>
  method: PaymentMethod
  /** The provider's id for the payment, when it is not the transaction id (SSLCommerz's val_id). */
  paymentIntentId?: string
}

/**
 * An order may ship when it is domestic or its export document is recorded: the proof that an
 * export left the country, without which its zero rate has nothing behind it.
 */
const mayShip = or(eq(orders.country, SHOP_COUNTRY), isNotNull(orders.exportDocumentNumber))

/**
 * Applies `event` (packages/shared/src/order-states.ts) only while the order is in one of its
 * from-states (and, to ship, `mayShip`): safe under races. Undefined when it was not.
 */
export async function applyOrderEvent(
  tx: DbOrTx,
  id: string,
  event: OrderEvent,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ status: orderTargetOf(event) })
    .where(and(eq(orders.id, id), statusAllows(event), event === 'ship' ? mayShip : undefined))
    .returning()
  return row
}

/** Records an export's airway or shipping bill; undefined when there is no such order. */
export async function setExportDocument(
  tx: DbOrTx,
  id: string,
  document: ExportDocumentBody,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ exportDocumentKind: document.kind, exportDocumentNumber: document.number })
    .where(eq(orders.id, id))
    .returning()
  return row
}

export async function hideFromCustomer(db: DbOrTx, id: string): Promise<void> {
  await db.update(orders).set({ hiddenByCustomer: true }).where(eq(orders.id, id))
}

export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderWithLines | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1)
  return row && withLinesOne(tx, row)
}

export async function setOrderPaid(
  tx: DbOrTx,
  id: string,
  transactionId: string,
  paidAt: Date = new Date(),
  paymentProvider: string | null = null,
  by: PaidBy = { event: 'pay', method: 'card' },
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({
      status: orderTargetOf('pay'),
      paid: true,
      // A payment that reinstates a cancelled order makes it live again.
      cancelReason: null,
      transactionId,
      paymentIntentId: by.paymentIntentId ?? transactionId,
      paymentProvider,
      paymentMethod: by.method,
      paymentState: paymentTargetOf(by.event),
      paidAt,
    })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.paid, false),
        statusAllows('pay', 'reinstate'),
        paymentStateAllows(by.event),
      ),
    )
    .returning()
  return row
}

/** Sets the promised dates of some of an order's lines (by position). */
export async function setShipsBy(
  tx: DbOrTx,
  orderId: string,
  dates: readonly { position: number; shipsBy: string }[],
): Promise<void> {
  for (const { position, shipsBy } of dates)
    await tx
      .update(orderLines)
      .set({ shipsBy })
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.position, position)))
}

/** A person cancels an order only while it is unpaid: a payment and a cancellation cannot both win. */
export async function cancelUnpaid(
  tx: DbOrTx,
  id: string,
  reason: keyof typeof PERSON_CANCEL_EVENTS,
): Promise<OrderRow | undefined> {
  const event = PERSON_CANCEL_EVENTS[reason]
  const [row] = await tx
    .update(orders)
    .set({ status: orderTargetOf(event), cancelReason: reason })
    .where(
      and(
        eq(orders.id, id),
        statusAllows(event),
        // A buyer never cancels while the gateway's flagged payment waits for an admin.
        reason === 'customer' ? ne(orders.paymentState, 'under-review') : undefined,
      ),
    )
    .returning()
  return row
}

/**
 * When an unpaid order's hold ends, in SQL: its own end, or for an order placed
 * before that was kept, `holdHours` after it was placed.
 */
export const holdEnd = (holdHours: number) =>
  sql`coalesce(${orders.holdUntil}, ${orders.createdAt} + ${holdHours * 3600}::double precision * interval '1 second')`

/**
 * A customer's unpaid orders that still hold stock (their hold has not ended): how many, and
 * what they come to in cents. Read under the customer's lock, so no order of theirs races it.
 */
export async function openUnpaid(
  tx: DbOrTx,
  customerId: string,
  now: Date,
  holdHours: number,
): Promise<{ count: number; valueCents: number }> {
  const open = (await openUnpaidOf(tx, [customerId], now, holdHours)).get(customerId)
  if (!open) throw new Error('openUnpaidOf answers every customer asked')
  return open
}

/**
 * What each of several customers holds unpaid now, in one query: a shared order
 * transaction reads its batch's customers at once. Every customer asked is in
 * the map, with 0 and 0 when they hold none.
 */
export async function openUnpaidOf(
  tx: DbOrTx,
  customerIds: readonly string[],
  now: Date,
  holdHours: number,
): Promise<Map<string, { count: number; valueCents: number }>> {
  if (customerIds.length === 0) return new Map()
  const rows = await tx
    .select({
      customerId: orders.customerId,
      count: sql<number>`count(*)::int`,
      // In dollar cents, as the limits are: a taka order counts at its own rate.
      valueCents: sql<number>`coalesce(sum(case when ${orders.exchangeRateUnits} is null
        then ${orders.totalCents}
        else ${orders.totalCents}::bigint * 10000 / ${orders.exchangeRateUnits} end), 0)::bigint`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.customerId, [...customerIds]),
        eq(orders.status, 'unpaid'),
        sql`${holdEnd(holdHours)} > ${now}`,
      ),
    )
    .groupBy(orders.customerId)
  const open = new Map(customerIds.map((id) => [id, { count: 0, valueCents: 0 }]))
  for (const row of rows)
    if (row.customerId !== null)
      open.set(row.customerId, { count: row.count, valueCents: Number(row.valueCents) })
  return open
}

/**
 * A hold pushed on to `until`, but never past `allowanceMs` after the order was placed (the
 * class's ceiling, modules/orders/hold-rules.ts), and never shorter than it already was.
 */
export const heldUntil = (holdHours: number, until: Date, allowanceMs: number) =>
  sql`greatest(${holdEnd(holdHours)}, least(${until}::timestamptz, ${orders.createdAt} + ${allowanceMs / 1000}::double precision * interval '1 second'))`

/**
 * A payment is starting: the unpaid order holds its stock at least until `until`
 * as far as its class allows (`allowanceMs` from its placing), never less than it already did.
 */
export async function extendHold(
  db: DbOrTx,
  id: string,
  until: Date,
  holdHours: number,
  allowanceMs: number,
): Promise<void> {
  await db
    .update(orders)
    .set({ holdUntil: heldUntil(holdHours, until, allowanceMs) })
    .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
}

// Any advisory-lock key works, as long as every process uses the same one (see db/client.ts).
const SWEEP_LOCK_KEY = 727_013

/**
 * Whether this transaction may sweep: one process at a time across all of them. The lock
 * ends with the transaction, so a process that dies mid-sweep leaves nothing held.
 */
export async function trySweepLock(tx: DbOrTx): Promise<boolean> {
  const [row] = await selectRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as locked`,
  )
  return row?.locked === true
}

/**
 * Whether the order has a gateway attempt the gateway has not settled: nothing heard of it, or
 * a VALID heard that could not be confirmed (a validation outage). The sweeper asks the gateway
 * about such an attempt before its order may expire (flows/gateway-payment.ts, `recheckDue`,
 * which reads the same outcomes in modules/payments/payment-attempts.queries.ts).
 */
const hasOpenAttempt = sql`exists (select 1 from ${paymentAttempts} where ${paymentAttempts.orderId} = ${orders.id} and (${paymentAttempts.outcome} is null or ${paymentAttempts.outcome} = 'VALID'))`

/** Unpaid orders whose hold ended before `now` and that no admin is deciding. */
function dueToExpire(now: Date, holdHours: number) {
  const cutoff = new Date(now.getTime() - holdHours * 3_600_000)
  return and(
    statusAllows('expire'),
    // A payment under review waits for an admin, whatever its hold.
    ne(orders.paymentState, 'under-review'),
    // Two index-friendly halves: orders with their own hold end, and older ones without.
    or(lt(orders.holdUntil, now), and(isNull(orders.holdUntil), lt(orders.createdAt, cutoff))),
  )
}

/**
 * Due orders (their hold ended) that still have an open gateway attempt, oldest first: the
 * gateway is asked about each before it may expire.
 */
export async function dueWithOpenAttempt(
  db: DbOrTx,
  now: Date,
  holdHours: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(dueToExpire(now, holdHours), hasOpenAttempt))
    .orderBy(asc(orders.createdAt))
    .limit(limit)
  return rows.map((row) => row.id)
}

/**
 * Cancels up to `limit` unpaid orders whose hold ended before `now`, oldest first. Each row
 * moves only from unpaid, so an order paid or cancelled meanwhile is left alone; rows another
 * transaction holds (being paid or cancelled right now) are skipped until the next sweep. An
 * order with an open gateway attempt waits until the gateway was asked about it, or until its
 * hold ended `recheckGraceMs` ago (a gateway that stays down must not hold stock for ever).
 */
export async function expireUnpaidBefore(
  tx: DbOrTx,
  now: Date,
  holdHours: number,
  limit: number,
  recheckGraceMs: number,
): Promise<OrderRow[]> {
  const graceEnd = new Date(now.getTime() - recheckGraceMs)
  const due = tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        dueToExpire(now, holdHours),
        or(sql`not ${hasOpenAttempt}`, sql`${holdEnd(holdHours)} < ${graceEnd}`),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true })
  return tx
    .update(orders)
    .set({ status: orderTargetOf('expire'), cancelReason: 'expired' })
    .where(and(inArray(orders.id, due), statusAllows('expire')))
    .returning()
}

/**
 * A payment arrived for a cancelled order that cannot live again (its stock is gone, or its
 * first-order discount went to a later order): it stays cancelled and is refunded.
 */
export async function markRefundDue(
  tx: DbOrTx,
  id: string,
  paymentIntentId: string,
  reason: Extract<
    CancelReason,
    | 'refunded_out_of_stock'
    | 'refunded_discount_used'
    | 'refunded_quote_unavailable'
    | 'refunded_cancelled'
  >,
  paymentProvider: string | null = null,
  /** How the money goes back: through its gateway (`refund`), or by hand (a bank transfer). */
  paymentEvent: Extract<PaymentStateEvent, 'refund' | 'refund_by_hand'> = 'refund',
  paymentMethod: PaymentMethod = 'card',
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({
      status: orderTargetOf('refund'),
      cancelReason: reason,
      paymentIntentId,
      paymentProvider,
      paymentMethod,
      paymentState: paymentTargetOf(paymentEvent),
    })
    .where(and(eq(orders.id, id), statusAllows('refund'), paymentStateAllows(paymentEvent)))
    .returning()
  return row
}

export async function setRefundId(db: DbOrTx, id: string, refundId: string): Promise<void> {
  await db.update(orders).set({ refundId }).where(eq(orders.id, id))
}

/** Where a page of an export ended: the row's time to the microsecond (text) and its id. */
export type OrderPageCursor = { at: string; id: string }

/**
 * One page of Manage Orders' list for the CSV export: the same filters and order
 * (newest first), every row rather than the screen's 500, a page after `after` (keyset).
 */
export async function adminOrdersPage(
  db: DbOrTx,
  filter: { status?: Status; q?: string },
  after: OrderPageCursor | undefined,
  limit: number,
): Promise<(OrderWithLines & { at: string })[]> {
  const at = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
  const rows = await db
    .select({ order: orders, at })
    .from(orders)
    .where(
      and(
        adminOrdersWhere(filter),
        after
          ? sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
  const withTheirLines = await withLines(
    db,
    rows.map((r) => r.order),
  )
  return withTheirLines.map((row, i) => ({ ...row, at: rows[i]?.at ?? '' }))
}
