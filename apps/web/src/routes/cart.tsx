import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { toast } from '@/lib/toast'

import {
  firstOrderOffers,
  offerHeadline,
  formatMinor,
  messages,
  quickOrderMessages,
  SHOP_COUNTRY,
  type OrderCurrency,
  type CartAnyLineInput,
  type CartQuoteLine,
} from '@toolworks/shared'

import { QueryError } from '@/components/errors/query-error'
import { PageLoader } from '@/components/ui/page-loader'
import { useProfile } from '@/features/accounts/api/get-profile'
import { useActivePromotions } from '@/features/cart/api/get-active-promotions'
import { useFirstOrderEstimate } from '@/features/cart/api/get-first-order-estimate'
import { CartLineRow } from '@/features/cart/components/cart-line-row'
import { CartLinesTable } from '@/features/cart/components/cart-lines-table'
import { CartQuoteLineRow } from '@/features/cart/components/cart-quote-line-row'
import { CartTotals } from '@/features/cart/components/cart-totals'
import {
  CheckoutForm,
  whereOf,
  type CheckoutDefaults,
  type CheckoutWhere,
} from '@/features/cart/components/checkout-form'
import { useCart, type CartApi } from '@/features/cart/hooks/use-cart'
import {
  cartRow,
  cartTotals,
  estimatedOffers,
  isOrderable,
  type CartPricing,
  type CartRow,
  type ToolState,
} from '@/features/cart/utils/cart-view'
import { anyToolKey, toolQuery } from '@/features/catalog/api/get-tool'
import { useMyOrders } from '@/features/orders/api/get-my-orders'
import { ApiError } from '@/lib/api-error'
import { useSession } from '@/lib/auth'
import { quantityMessage } from '@/lib/buying-rules'
import { useMoney } from '@/lib/currency'
import { siteConfigQuery } from '@/lib/site-config'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useHydrated } from '@/lib/use-hydrated'

const m = messages.cart

/** Where a refusal is kept: a tool's line by its id, a custom part's by its quote. */
const quoteKey = (quote: string) => `quote:${quote}`

/** The text of a quantity field as a number; an empty field is no number at all. */
const readQuantity = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/**
 * Each line's tool, as the catalogue answers it now (price, stock, rules). One query over the
 * single-tool queries (not useQueries, which would add to every page's vendor chunk); its key
 * starts with the tools' prefix, so whatever refreshes the tools refreshes it.
 */
function useLineTools(cart: CartApi): Map<string, ToolState> {
  const queryClient = useQueryClient()
  const ids = cart.lines.map((line) => line.tool)
  const { data } = useQuery({
    queryKey: [...anyToolKey, { cart: ids }],
    queryFn: () =>
      Promise.all(
        ids.map((id) =>
          queryClient.fetchQuery(toolQuery(id)).then(
            (tool): [string, ToolState] => [id, { status: 'ok', tool }],
            (error: unknown): [string, ToolState] => {
              if (error instanceof ApiError && error.status === 404) return [id, { status: 'gone' }]
              throw error
            },
          ),
        ),
      ),
    // While another set of lines loads, the tools already known stay on screen.
    placeholderData: (previous) => previous,
  })
  return new Map(data)
}

/**
 * The lines of one order: the tools, then the custom parts, in the order the cart
 * shows them, so a refusal's `lines.<i>` points at the row on screen.
 */
const checkoutLines = (rows: CartRow[], quoteLines: CartQuoteLine[]): CartAnyLineInput[] => [
  ...rows.map((row) => ({ tool: row.tool, quantity: row.quantity })),
  ...quoteLines.map((line) => ({ quote: line.quote, quantity: line.quantity })),
]

/** Signed in: the checkout form, filled from the profile; else the way to sign in and back. */
/**
 * Where a signed-in buyer's order goes until they type: the profile's phone,
 * delivery block (Company, address, city, postcode), country and BIN, else those of their last
 * order. An account or order from before the block starts the address line from the seed's
 * location or one-line address. One home for the cart's estimate and the checkout form.
 */
function useCheckoutDefaults(email: string): { pending: boolean; defaults: CheckoutDefaults } {
  const profile = useProfile(email)
  const orders = useMyOrders(email)
  const last = orders.data?.[0]
  const data = profile.data
  const block = data?.street ? data : last?.street ? last : null
  return {
    pending: profile.isPending || (email !== '' && orders.isPending),
    defaults: {
      phone: data?.phone || last?.phone || '',
      company: data?.company || last?.company || '',
      street: block?.street || data?.location || last?.address || '',
      city: block?.city ?? '',
      postcode: block?.postcode ?? '',
      country: data?.country ?? last?.country ?? SHOP_COUNTRY,
      bin: data?.bin ?? last?.bin ?? '',
    },
  }
}

function CheckoutSection(props: {
  rows: CartRow[]
  quoteLines: CartQuoteLine[]
  onPlaced: (orderId: string) => void
  onLineErrors: (errors: Map<number, string>) => void
  onWhereChange: (where: CheckoutWhere) => void
  beforeCheckout: () => void
  currency: OrderCurrency
}) {
  const session = useSession()
  const location = useLocation()
  const checkoutDefaults = useCheckoutDefaults(session.user?.email ?? '')

  if (session.status === 'loading') return null
  if (session.status === 'signed-out') {
    return (
      <div className="space-y-2">
        <p>{m.signInToCheckout}</p>
        {/* RequireAuth's shape: the login page brings the buyer back to the cart. */}
        <Link to={paths.login()} state={{ from: location }} className="btn btn-primary">
          {m.signIn}
        </Link>
      </div>
    )
  }
  if (checkoutDefaults.pending) return <PageLoader />
  return (
    <CheckoutForm
      lines={checkoutLines(props.rows, props.quoteLines)}
      blocked={!props.rows.every(isOrderable)}
      defaults={checkoutDefaults.defaults}
      currency={props.currency}
      onPlaced={(answer) => props.onPlaced(answer.insertedId)}
      onLineErrors={props.onLineErrors}
      onWhereChange={props.onWhereChange}
      beforeCheckout={props.beforeCheckout}
    />
  )
}

/** The buyer's cart: lines, totals and checkout. Public: a visitor's is the browser's. */
export function CartRoute() {
  useDocumentTitle(m.title)
  const hydrated = useHydrated()
  const cart = useCart()
  const session = useSession()
  const navigate = useNavigate()
  const tools = useLineTools(cart)
  const promotions = useActivePromotions()
  const checkoutDefaults = useCheckoutDefaults(session.user?.email ?? '')
  // Where the order goes, as the checkout form has it (the defaults until the buyer edits).
  const [typedWhere, setTypedWhere] = useState<CheckoutWhere | null>(null)
  const where = typedWhere ?? whereOf(checkoutDefaults.defaults)
  // The cart in the header's currency, for its delivery country, as the server
  // will charge it (taka at the rate, an export without VAT); the other currency beside it.
  const money = useMoney()
  const site = useQuery(siteConfigQuery())
  const pricing: CartPricing = {
    currency: money.currency,
    rate: money.rate,
    country: where.country,
    vatPercent: site.data?.vatRatePercent ?? 15,
  }
  const offered = firstOrderOffers(promotions.data).length > 0
  const firstOffer = offered
    ? promotions.data?.find((p) => p.kind === 'first-order' && p.percent !== null)
    : undefined
  const estimate = useFirstOrderEstimate(
    where,
    session.user !== null && offered && (typedWhere !== null || !checkoutDefaults.pending),
  )
  // What the buyer typed per tool, kept even when it breaks a rule (nothing typed is lost).
  const [drafts, setDrafts] = useState<Record<string, string>>({})
  // The server's word per tool (or custom part) after a refused checkout, until that changes.
  const [refused, setRefused] = useState<Record<string, string>>({})

  const rows = cart.lines.map((line) => {
    const draft = drafts[line.tool]
    const quantity = draft === undefined ? line.quantity : readQuantity(draft)
    return cartRow(line, quantity, tools.get(line.tool) ?? { status: 'loading' })
  })
  const eligibility = estimate.data?.eligibility
  const discountNote =
    offered && eligibility && eligibility !== 'eligible'
      ? messages.promotions.firstOrderWhyNot[eligibility]
      : null
  const offers = estimatedOffers(promotions.data, eligibility)
  const totals = cartTotals(rows, offers, cart.quoteLines, pricing)
  const otherCurrency = money.currency === 'BDT' ? 'USD' : 'BDT'
  const otherTotals = money.rate
    ? cartTotals(rows, offers, cart.quoteLines, { ...pricing, currency: otherCurrency })
    : null
  const discount = totals.discount
  // The offer the estimate applies (the server's choice among several), else the first.
  const shownOffer = promotions.data?.find((p) => p.id === discount?.id) ?? firstOffer

  const onQuantity = (row: CartRow, text: string) => {
    setDrafts((current) => ({ ...current, [row.tool]: text }))
    setRefused(({ [row.tool]: _gone, ...rest }) => rest)
    const quantity = readQuantity(text)
    // Only a quantity the rules take is kept: the server would refuse the others.
    if (row.state.status === 'ok' && quantityMessage(row.state.tool, quantity) === null)
      void cart.setQuantity(row.tool, quantity)
  }

  const onPlaced = (orderId: string) => {
    // The server took the ordered lines out of the cart; this copy forgets them too, at once
    // (no more typing is coming to gather it with).
    void cart
      .remove(
        rows.map((row) => row.tool),
        cart.quoteLines.map((line) => line.quote),
      )
      .then(cart.flush)
    toast.success(m.orderPlaced)
    void navigate(paths.dashboard.payment(orderId))
  }

  const onLineErrors = (errors: Map<number, string>) => {
    const byTool: Record<string, string> = {}
    const lines = checkoutLines(rows, cart.quoteLines)
    errors.forEach((why, index) => {
      const line = lines[index]
      if (line) byTool['quote' in line ? quoteKey(line.quote) : line.tool] = why
    })
    setRefused(byTool)
  }

  let body
  if (!hydrated || !cart.ready) {
    body = cart.query.isError ? (
      <QueryError
        message={m.loadFailed}
        retrying={cart.query.isFetching}
        onRetry={() => void cart.query.refetch()}
      />
    ) : (
      <PageLoader />
    )
  } else if (rows.length === 0 && cart.quoteLines.length === 0) {
    body = (
      <div className="space-y-4">
        <p>{m.empty}</p>
        <Link to={paths.products()} className="btn btn-primary">
          {m.browse}
        </Link>
      </div>
    )
  } else {
    body = (
      <div className="space-y-4">
        <CartLinesTable>
          {rows.map((row) => (
            <CartLineRow
              key={row.tool}
              row={row}
              pricing={pricing}
              draft={drafts[row.tool] ?? String(row.quantity)}
              serverError={refused[row.tool]}
              onQuantity={(text) => onQuantity(row, text)}
              onRemove={() => void cart.remove([row.tool])}
            />
          ))}
          {cart.quoteLines.map((line) => (
            <CartQuoteLineRow
              key={quoteKey(line.quote)}
              line={line}
              pricing={pricing}
              serverError={refused[quoteKey(line.quote)]}
              onRemove={() => cart.removeQuote(line.quote)}
            />
          ))}
        </CartLinesTable>
        <div className="grid gap-8 lg:grid-cols-2">
          <div>
            <CartTotals
              totals={totals}
              discountLabel={
                discount === null
                  ? null
                  : totals.capped
                    ? messages.promotions.firstOrderCappedLabel(
                        discount.percent,
                        formatMinor(totals.discountCents, totals.currency),
                      )
                    : messages.promotions.firstOrderLabel(discount.percent)
              }
              discountNote={discountNote}
              offer={shownOffer && offerHeadline(shownOffer, money.price)}
              otherTotal={otherTotals && formatMinor(otherTotals.totalCents, otherCurrency)}
            />
          </div>
          <div>
            <CheckoutSection
              rows={rows}
              quoteLines={cart.quoteLines}
              onPlaced={onPlaced}
              onLineErrors={onLineErrors}
              onWhereChange={setTypedWhere}
              beforeCheckout={cart.flush}
              currency={money.currency}
            />
          </div>
        </div>
      </div>
    )
  }

  return (
    <div className="page-container py-12">
      <h1 className="page-title">{m.title}</h1>
      <div className="title-rule mb-4" />
      <p className="mb-6">
        <Link to={paths.quickOrder()} className="link link-primary">
          {quickOrderMessages.cartLink}
        </Link>
      </p>
      {body}
    </div>
  )
}
