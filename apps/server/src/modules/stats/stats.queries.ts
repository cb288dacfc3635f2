import { sql, type SQL } from 'drizzle-orm'

import { selectRows, type DbOrTx } from '../../db/client.js'

/**
 * The overview's figures, each computed by PostgreSQL: the rows are grouped and
 * summed there, never loaded into JavaScript. A period is `[from, to)` as instants plus the shop
 * dates it covers; a payment's day is its instant moved by the shop's UTC offset, the same rule
 * as `shopDate` in packages/shared.
 */
export type Period = {
  from: Date
  to: Date
  firstDate: string
  lastDate: string
  offsetMinutes: number
}

/** Paid and shipped orders are revenue; a refunded order is cancelled and is not. */
const REVENUE_STATUSES = sql`('paid', 'shipped')`

/**
 * An order's amount in dollar cents: the charts and tables add orders of both
 * currencies, so a taka amount counts at the rate its order was placed at.
 */
const inUsdCents = (amount: SQL) =>
  sql`case when o.exchange_rate_units is null then ${amount}
      else round(${amount}::numeric * 10000 / o.exchange_rate_units) end`

/** One row per shop date of the period, days without a payment included (0). */
export async function revenueByDay(
  db: DbOrTx,
  period: Period,
): Promise<{ date: string; cents: number }[]> {
  const rows = await selectRows<{ date: string; cents: string | number }>(
    db,
    sql`
    with paid as (
      select date_trunc('day', (o.paid_at at time zone 'UTC')
                               + make_interval(mins => ${period.offsetMinutes}::int))::date as day,
             sum(${inUsdCents(sql`o.total_cents`)})::bigint as cents
      from orders o
      where o.status in ${REVENUE_STATUSES}
        and o.paid_at >= ${period.from.toISOString()}::timestamptz
        and o.paid_at < ${period.to.toISOString()}::timestamptz
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(p.cents, 0)::bigint as cents
    from generate_series(${period.firstDate}::date, ${period.lastDate}::date, interval '1 day') as d(day)
    left join paid p on p.day = d.day::date
    order by d.day
  `,
  )
  return rows.map((row) => ({ date: row.date, cents: Number(row.cents) }))
}

/**
 * The period's paid revenue by payment method: paid and shipped orders by the day
 * they were paid, as `revenueByDay` counts them; no method recorded (orders paid by card
 * before there were other methods) is card.
 */
export async function revenueByMethod(
  db: DbOrTx,
  period: Period,
): Promise<{ method: string; cents: number }[]> {
  const rows = await selectRows<{ method: string; cents: string | number }>(
    db,
    sql`
    select coalesce(o.payment_method, 'card') as method,
           sum(${inUsdCents(sql`o.total_cents`)})::bigint as cents
    from orders o
    where o.status in ${REVENUE_STATUSES}
      and o.paid_at >= ${period.from.toISOString()}::timestamptz
      and o.paid_at < ${period.to.toISOString()}::timestamptz
    group by 1
  `,
  )
  return rows.map((row) => ({ method: row.method, cents: Number(row.cents) }))
}

/**
 * The period's paid revenue and the VAT it holds, per currency, each in its own minor unit:
 * what the shop reports to the tax office is in taka and in dollars, never mixed.
 */
export async function revenueByCurrency(
  db: DbOrTx,
  period: Period,
): Promise<{ currency: string; orders: number; cents: number; vatCents: number }[]> {
  const rows = await selectRows<{
    currency: string
    orders: string | number
    cents: string | number
    vat: string | number
  }>(
    db,
    sql`
    select o.currency, count(*)::int as orders, sum(o.total_cents)::bigint as cents,
           sum(o.vat_cents)::bigint as vat
    from orders o
    where o.status in ${REVENUE_STATUSES}
      and o.paid_at >= ${period.from.toISOString()}::timestamptz
      and o.paid_at < ${period.to.toISOString()}::timestamptz
    group by 1
  `,
  )
  return rows.map((row) => ({
    currency: row.currency,
    orders: Number(row.orders),
    cents: Number(row.cents),
    vatCents: Number(row.vat),
  }))
}

/** Orders placed in the period by status; every status is listed, zeros included. */
export async function ordersByStatus(
  db: DbOrTx,
  period: Period,
): Promise<{ status: string; count: number }[]> {
  const rows = await selectRows<{ status: string; count: number | string }>(
    db,
    sql`
    select s.status, count(o.id)::int as count
    from (values ('unpaid'), ('paid'), ('shipped'), ('cancelled')) as s(status)
    left join orders o
      on o.status = s.status
     and o.created_at >= ${period.from.toISOString()}::timestamptz
     and o.created_at < ${period.to.toISOString()}::timestamptz
    group by s.status
  `,
  )
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }))
}

/**
 * The stock tools that brought the most revenue in the period: their lines of paid and shipped
 * orders (the line totals, before an order's discount). Custom parts' lines have no tool and
 * are left out. A deleted tool's sales still count; it is marked.
 */
export async function topTools(
  db: DbOrTx,
  period: Period,
  limit: number,
): Promise<{ id: string; name: string; deleted: boolean; units: number; cents: number }[]> {
  const rows = await selectRows<{
    id: string
    name: string
    deleted: boolean
    units: number | string
    cents: number | string
  }>(
    db,
    sql`
    select t.id, t.name, (t.deleted_at is not null) as deleted,
           sum(l.quantity)::bigint as units,
           sum(${inUsdCents(sql`l.line_total_cents`)})::bigint as cents
    from order_lines l
    join orders o on o.id = l.order_id
    join tools t on t.id = l.tool_id
    where o.status in ${REVENUE_STATUSES}
      and o.paid_at >= ${period.from.toISOString()}::timestamptz
      and o.paid_at < ${period.to.toISOString()}::timestamptz
    group by t.id, t.name, t.deleted_at
    order by cents desc, units desc, t.name asc, t.id asc
    limit ${limit}
  `,
  )
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    deleted: row.deleted,
    units: Number(row.units),
    cents: Number(row.cents),
  }))
}

/**
 * Tools on sale with less than twice their minimum order in stock, the shortest first (the
 * smallest share of twice the minimum). Made-to-order tools are left out: they sell beyond
 * their stock, so a low count never stops a buyer.
 */
export async function lowStock(
  db: DbOrTx,
  limit: number,
): Promise<{ id: string; name: string; quantity: number; minimum: number }[]> {
  const rows = await selectRows<{
    id: string
    name: string
    quantity: number
    minimum: number
  }>(
    db,
    sql`
    select id, name, quantity, minimum
    from tools
    where deleted_at is null
      and not made_to_order
      and quantity < 2 * minimum
    order by quantity::numeric / (2 * minimum) asc, (2 * minimum - quantity) desc, name asc, id asc
    limit ${limit}
  `,
  )
  return rows.map((row) => ({
    ...row,
    quantity: Number(row.quantity),
    minimum: Number(row.minimum),
  }))
}
