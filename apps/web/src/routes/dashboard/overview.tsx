import { Link, useSearchParams } from 'react-router'

import {
  OVERVIEW_DEFAULT_DAYS,
  OVERVIEW_PERIODS,
  overviewWords,
  revenueByCurrencyWords,
  type Overview,
  type OverviewPeriod,
} from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'
import { useOverview } from '@/features/stats/api/get-overview'
import { LowStockList } from '@/features/stats/components/low-stock-list'
import { formatDollars } from '@/features/stats/components/overview-format'
import { OverviewSkeleton } from '@/features/stats/components/overview-skeleton'
import { PeriodSwitch } from '@/features/stats/components/period-switch'
import { RevenueChart } from '@/features/stats/components/revenue-chart'
import { RevenueTable } from '@/features/stats/components/revenue-table'
import { StatusCards } from '@/features/stats/components/status-cards'
import { RevenueByCurrencyTable } from '@/features/stats/components/revenue-by-currency-table'
import { RevenueByMethodTable } from '@/features/stats/components/revenue-by-method-table'
import { TopToolsTable } from '@/features/stats/components/top-tools-table'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

const m = overviewWords

function periodOf(text: string | null): OverviewPeriod {
  return OVERVIEW_PERIODS.find((days) => String(days) === text) ?? OVERVIEW_DEFAULT_DAYS
}

/** Overview (admin): revenue, orders by status, top tools, low stock, quotes waiting. */
export function OverviewRoute() {
  useDocumentTitle(m.title)
  const [searchParams, setSearchParams] = useSearchParams()
  const days = periodOf(searchParams.get('days'))
  const overview = useOverview(days)

  const onPeriod = (next: OverviewPeriod) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current)
        if (next === OVERVIEW_DEFAULT_DAYS) params.delete('days')
        else params.set('days', String(next))
        return params
      },
      { replace: true },
    )

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="section-title">{m.title}</h2>
          <div className="title-rule" />
        </div>
        <PeriodSwitch days={days} onChange={onPeriod} />
      </div>
      {overview.isPending ? (
        <OverviewSkeleton />
      ) : overview.isError ? (
        <div className="mt-6">
          <QueryError
            message={m.loadFailed}
            retrying={overview.isFetching}
            onRetry={() => void overview.refetch()}
          />
        </div>
      ) : (
        <OverviewFigures overview={overview.data} />
      )}
    </div>
  )
}

function OverviewFigures({ overview }: { overview: Overview }) {
  const total = overview.revenueByDay.reduce((sum, day) => sum + Math.round(day.revenue * 100), 0)
  return (
    <div className="mt-6 space-y-10" data-days={overview.days}>
      <section aria-labelledby="overview-revenue">
        <h3 id="overview-revenue" className="text-xl font-bold">
          {m.revenueTitle}
        </h3>
        <p className="text-base-content/70">
          {m.revenueTotal(formatDollars(total / 100), overview.days)}
        </p>
        <div className="grid gap-4 xl:grid-cols-2">
          <RevenueChart days={overview.revenueByDay} />
          <RevenueTable days={overview.revenueByDay} period={overview.days} />
        </div>
      </section>

      <section aria-labelledby="overview-by-method">
        <h3 id="overview-by-method" className="text-xl font-bold">
          {m.byMethodTitle}
        </h3>
        <RevenueByMethodTable methods={overview.revenueByMethod} period={overview.days} />
      </section>

      <section aria-labelledby="overview-by-currency">
        <h3 id="overview-by-currency" className="text-xl font-bold">
          {revenueByCurrencyWords.title}
        </h3>
        <p className="text-base-content/70">{revenueByCurrencyWords.note}</p>
        <RevenueByCurrencyTable currencies={overview.revenueByCurrency} period={overview.days} />
      </section>

      <section aria-labelledby="overview-orders">
        <h3 id="overview-orders" className="text-xl font-bold">
          {m.ordersTitle}
        </h3>
        <p className="text-base-content/70">{m.ordersNote(overview.days)}</p>
        <StatusCards counts={overview.ordersByStatus} />
      </section>

      <div className="grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="overview-top-tools" className="min-w-0">
          <h3 id="overview-top-tools" className="text-xl font-bold">
            {m.topToolsTitle}
          </h3>
          <p className="text-base-content/70">{m.topToolsNote}</p>
          <TopToolsTable tools={overview.topTools} period={overview.days} />
        </section>

        <section aria-labelledby="overview-low-stock" className="min-w-0">
          <h3 id="overview-low-stock" className="text-xl font-bold">
            {m.lowStockTitle}
          </h3>
          <p className="text-base-content/70">{m.lowStockNote}</p>
          <LowStockList tools={overview.lowStock} />
        </section>
      </div>

      <section aria-labelledby="overview-quotes" className="rounded-box border border-base-300 p-4">
        <h3 id="overview-quotes" className="text-xl font-bold">
          {m.quotesTitle}
        </h3>
        <p className="text-base-content/70">{m.quotesNote}</p>
        <p className="text-3xl font-bold tabular-nums" data-testid="quotes-waiting">
          {overview.quotesWaiting.toLocaleString('en-US')}
        </p>
        <Link to={paths.dashboard.quotes('requested')} className="link link-primary">
          {m.quotesLink}
        </Link>
      </section>

      <RefundCounts refunds={overview.refunds} />
    </div>
  )
}

/**
 * Refunds still open, each with the way to Manage Orders: it has no filter by refund yet, so
 * both link to the whole list.
 */
function RefundCounts({ refunds }: { refunds: Overview['refunds'] }) {
  const cards = [
    { id: 'to-refund', title: m.toRefund, note: m.toRefundNote, count: refunds.toRefund },
    { id: 'refunds-due', title: m.refundsDue, note: m.refundsDueNote, count: refunds.due },
  ]
  return (
    <section aria-labelledby="overview-refunds" className="rounded-box border border-base-300 p-4">
      <h3 id="overview-refunds" className="text-xl font-bold">
        {m.refundsTitle}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {cards.map((card) => (
          <div key={card.id}>
            <h4 className="font-semibold">{card.title}</h4>
            <p className="text-base-content/70">{card.note}</p>
            <p className="text-3xl font-bold tabular-nums" data-testid={card.id}>
              {card.count.toLocaleString('en-US')}
            </p>
            <Link to={paths.dashboard.manageOrders()} className="link link-primary">
              {m.refundsLink}
            </Link>
          </div>
        ))}
      </div>
    </section>
  )
}
