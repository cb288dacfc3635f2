import { z } from 'zod'

import { overviewWords } from './messages-admin.js'
import { OrderStatusSchema } from './orders.js'
import { PaymentMethodSchema } from './payment-methods.js'
import { ORDER_CURRENCIES } from './tax-pricing.js'

/** The overview's periods in days: the last 7, 30 or 90 shop days, today included. */
export const OVERVIEW_PERIODS = [7, 30, 90] as const
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number]
export const OVERVIEW_DEFAULT_DAYS: OverviewPeriod = 30
/** How many tools the overview ranks by revenue. */
export const OVERVIEW_TOP_TOOLS = 5
/** The low-stock list shows at most this many tools, the shortest first. */
export const OVERVIEW_LOW_STOCK_MAX = 50

/** `?days=` arrives as text; anything but 7, 30 or 90 is refused with one clear message. */
export const OverviewQuerySchema = z.object({
  days: z
    .string()
    .optional()
    .transform((text, ctx): OverviewPeriod => {
      if (text === undefined) return OVERVIEW_DEFAULT_DAYS
      const days = OVERVIEW_PERIODS.find((d) => String(d) === text.trim())
      if (days === undefined) {
        ctx.addIssue({ code: 'custom', message: overviewWords.daysInvalid })
        return z.NEVER
      }
      return days
    }),
})
export type OverviewQuery = z.input<typeof OverviewQuerySchema>

export const RevenueDaySchema = z.object({
  /** The shop's date (YYYY-MM-DD, Dhaka time). */
  date: z.string(),
  /** Dollars: the totals (after discounts) of the orders paid that day and not cancelled. */
  revenue: z.number(),
})
export type RevenueDay = z.infer<typeof RevenueDaySchema>

export const OrdersByStatusSchema = z.object({
  unpaid: z.number().int(),
  paid: z.number().int(),
  shipped: z.number().int(),
  cancelled: z.number().int(),
})
export type OrdersByStatus = z.infer<typeof OrdersByStatusSchema>
/** The status cards' order. */
export const OVERVIEW_STATUSES = OrderStatusSchema.options

export const TopToolSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The tool has since been deleted from the shop; its sales still count. */
  deleted: z.boolean(),
  units: z.number().int(),
  /** Dollars: the tool's line totals, before any order-level discount. */
  revenue: z.number(),
})
export type TopTool = z.infer<typeof TopToolSchema>

export const LowStockToolSchema = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  minimum: z.number().int(),
})
export type LowStockTool = z.infer<typeof LowStockToolSchema>

export const RevenueByMethodSchema = z.object({
  method: PaymentMethodSchema,
  /** Dollars: the totals of the period's paid and shipped orders taken this way. */
  revenue: z.number(),
})
export type RevenueByMethod = z.infer<typeof RevenueByMethodSchema>

export const OverviewSchema = z.object({
  days: z.number().int(),
  revenueByDay: z.array(RevenueDaySchema),
  ordersByStatus: OrdersByStatusSchema,
  topTools: z.array(TopToolSchema),
  lowStock: z.array(LowStockToolSchema),
  quotesWaiting: z.number().int(),
  /**
   * Paid revenue by payment method, every method in PAYMENT_METHODS' order, zeros
   * included; orders paid before methods were recorded count as card.
   */
  revenueByMethod: z.array(RevenueByMethodSchema),
  /**
   * Paid revenue and the VAT it holds per currency, each in its own units (USD, then
   * BDT). The other figures add both currencies in dollars, a taka order at its own rate.
   */
  revenueByCurrency: z.array(
    z.object({
      currency: z.enum(ORDER_CURRENCIES),
      orders: z.number().int(),
      revenue: z.number(),
      vat: z.number(),
    }),
  ),
  /**
   * Refunds an admin still has to see through: `toRefund` the ones a provider has not made yet
   * (requested or refused), `due` the ones that go back by hand.
   */
  refunds: z.object({ toRefund: z.number().int(), due: z.number().int() }),
})
export type Overview = z.infer<typeof OverviewSchema>

export const statsContract = {
  overview: {
    method: 'GET',
    path: '/api/stats/overview',
    query: OverviewQuerySchema,
    response: OverviewSchema,
  },
} as const
