import {
  OrderSchema,
  ProfileSchema,
  QuoteMessageSchema,
  QuoteOfferSchema,
  QuoteRequestSchema,
  QuoteSummarySchema,
  ReviewSchema,
  ToolSchema,
  type Order,
  type OrderLine,
  type Profile,
  type QuoteMessage,
  type QuoteOffer,
  type QuoteRequest,
  type QuoteSummary,
  type Review,
  type Tool,
} from '@toolworks/shared'

let sequence = 0

/** A valid tool (checked by the shared schema); override only what the test is about. */
export function makeTool(overrides: Partial<Tool> = {}): Tool {
  sequence += 1
  const hash = sequence.toString(16).padStart(32, '0')
  return ToolSchema.parse({
    _id: `tool-${sequence}`,
    name: `Tool ${sequence}`,
    image: `/media/${hash}-800.webp`,
    price: 10 + sequence,
    description: `A sturdy tool number ${sequence}.`,
    quantity: 100 + sequence,
    minimum: 5,
    priceBreaks: [],
    packSize: 1,
    madeToOrder: false,
    leadTimeDays: null,
    ...overrides,
  })
}

export function makeTools(count: number): Tool[] {
  return Array.from({ length: count }, () => makeTool())
}

export type SessionUser = { id: string; email: string; name: string; emailVerified?: boolean }

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  sequence += 1
  return {
    id: `user-${sequence}`,
    email: `customer${sequence}@example.com`,
    name: `Customer ${sequence}`,
    ...overrides,
  }
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  sequence += 1
  return ProfileSchema.parse({
    _id: `profile-${sequence}`,
    email: `customer${sequence}@example.com`,
    name: `Customer ${sequence}`,
    image: null,
    role: 'customer',
    emailVerified: true,
    phone: null,
    location: null,
    education: null,
    linkedin: null,
    // The BIN and country profile fields (none chosen yet).
    bin: null,
    country: null,
    currency: null,
    // No Company or Delivery address yet.
    company: null,
    street: null,
    city: null,
    postcode: null,
    ...overrides,
  })
}

/** One line of an order, from stock and shipping today; override only what the test is about. */
export function makeOrderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  sequence += 1
  const quantity = overrides.quantity ?? 10
  const unitPrice = overrides.unitPrice ?? 12.5
  return {
    tool: `tool-${sequence}`,
    quote: null,
    leadTimeDays: null,
    name: `Tool ${sequence}`,
    quantity,
    unitPrice,
    lineTotal: (Math.round(unitPrice * 100) * quantity) / 100,
    fromStock: quantity - (overrides.madeToOrder ?? 0),
    madeToOrder: 0,
    shipsBy: '2025-01-02',
    ...overrides,
  }
}

const cents = (units: number) => Math.round(units * 100)

/**
 * A valid unpaid order (checked by the shared schema); override only what the test is about.
 * Without `lines` it is a one-line order of its single-tool fields; with `lines` the seed's
 * fields, subtotal and total follow from them (and the discount) unless given.
 */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  sequence += 1
  const lines = overrides.lines ?? [
    makeOrderLine({
      tool: overrides.toolsId ?? `tool-${sequence}`,
      name: overrides.tools ?? `Tool ${sequence}`,
      quantity: overrides.purchaseQuantity ?? 10,
      unitPrice: overrides.price ?? 12.5,
    }),
  ]
  const first = lines[0]!
  const subtotal = lines.reduce((sum, line) => sum + cents(line.lineTotal), 0) / 100
  const discount = overrides.discount ?? null
  return OrderSchema.parse({
    _id: `order-${sequence}`,
    orderNumber: `TW-${10000 + sequence}`,
    toolsId: first.tool,
    tools: lines.map((line) => line.name).join(', '),
    purchaseQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    price: first.unitPrice,
    customer: `customer${sequence}@example.com`,
    customerName: `Customer ${sequence}`,
    totalMoney: (cents(subtotal) - cents(discount?.amount ?? 0)) / 100,
    phone: '+880 1700 000000',
    address: 'House 1, Road 2, Dhaka',
    paid: false,
    transactionId: null,
    status: 'unpaid',
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
    payBy: null,
    cancelReason: null,
    subtotal,
    discount,
    paymentMethod: null,
    // A paid order's money was received; override for the other states.
    paymentState: overrides.paid === true ? 'paid' : 'unpaid',
    // A US-dollar order delivered in Bangladesh, no VAT shown.
    currency: 'USD',
    exchangeRate: null,
    country: 'BD',
    // Placed with the seed's one address string, no delivery block.
    company: null,
    street: null,
    city: null,
    postcode: null,
    export: false,
    exportCheck: false,
    exportDocument: null,
    vat: { rate: 0, amount: 0, included: true },
    bin: null,
    mushakSerial: null,
    creditNoteSerial: null,
    ...overrides,
    lines,
  })
}

/** A valid review (checked by the shared schema); override only what the test is about. */
export function makeReview(overrides: Partial<Review> = {}): Review {
  sequence += 1
  return ReviewSchema.parse({
    _id: `review-${sequence}`,
    customerName: `Customer ${sequence}`,
    reviewText: `Good tools, well made (review ${sequence}).`,
    stars: 5,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
    ...overrides,
  })
}

/** One revision of a shop's price; `lineTotal` follows quantity × unit price unless given. */
export function makeQuoteOffer(
  overrides: Partial<Omit<QuoteOffer, 'lines'>> & {
    lines?: { quantity: number; unitPrice: number; lineTotal?: number }[]
  } = {},
): QuoteOffer {
  sequence += 1
  const lines = (overrides.lines ?? [{ quantity: 100, unitPrice: 4.5 }]).map((line) => ({
    lineTotal: Math.round(line.quantity * line.unitPrice * 100) / 100,
    ...line,
  }))
  return QuoteOfferSchema.parse({
    _id: `offer-${sequence}`,
    revision: 1,
    leadTimeDays: 10,
    validUntil: '2099-12-31',
    note: '',
    createdAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
    lines,
  })
}

/** A request as My Quotes and Quote Requests list it. */
export function makeQuoteSummary(overrides: Partial<QuoteSummary> = {}): QuoteSummary {
  sequence += 1
  return QuoteSummarySchema.parse({
    _id: `quote-${sequence}`,
    customer: `customer${sequence}@example.com`,
    customerName: `Customer ${sequence}`,
    process: 'machining',
    partName: `Bracket ${sequence}`,
    quantities: [100],
    status: 'requested',
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  })
}

/** A request in full (GET /api/quote/{id}); `offer` defaults to the last of `offers`. */
export function makeQuoteRequest(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  const summary = makeQuoteSummary(overrides)
  const offers = overrides.offers ?? (overrides.offer ? [overrides.offer] : [])
  return QuoteRequestSchema.parse({
    material: 'Aluminium 6061',
    neededBy: null,
    tolerance: '',
    finish: '',
    notes: '',
    phone: '+880 1700 000000',
    address: '12 Lake Road, Dhaka',
    drawings: [],
    declineReason: null,
    accepted: null,
    orderId: null,
    resentFrom: null,
    ...overrides,
    ...summary,
    offers,
    offer: overrides.offer !== undefined ? overrides.offer : (offers.at(-1) ?? null),
  })
}

/** One message of a request's conversation. */
export function makeQuoteMessage(overrides: Partial<QuoteMessage> = {}): QuoteMessage {
  sequence += 1
  return QuoteMessageSchema.parse({
    _id: `message-${sequence}`,
    authorName: `Customer ${sequence}`,
    authorRole: 'customer',
    text: `Message ${sequence}`,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  })
}
