import { shopDate } from '@toolworks/shared'
import { expect, test } from 'vitest'

import { bearer, uniqueEmail, unprovenAdminToken, type TestUser } from './accounts.js'
import { createUser, markVerified } from './users.js'
import { buildTestApp } from './app.js'
import { useTestDatabase } from './database.js'
import { drawings } from './drawings.js'
import { insertTool } from './factories.js'
import { insertFirstOrderPromotion } from './orders.js'
import { insertQuotedRequest } from './quote-rows.js'
import { postQuote, quoteFields, quoteForm } from './quotes.js'
import { uploadedImageUrl } from './uploads.js'

const database = useTestDatabase()

type Role = 'anonymous' | 'customerA' | 'customerB' | 'admin'
/** A signed-up customer whose e-mail is not verified, for the rows that differ. */
type Extra = 'unverified'
type Case = {
  route: string
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH'
  url: (ctx: {
    a: TestUser
    b: TestUser
    admin: TestUser
    toolId: string
    orderId: string
    promotionId: string
    /** A's quote request (with one drawing) and a second one of A's. */
    quoteId: string
    quoteDrawingId: string
    quote2Id: string
    /** A request of A's, quoted, for the accept row. */
    acceptQuoteId: string
  }) => string
  /**
   * 'order' stands for a valid order of the test's tool; 'product' for a valid new product;
   * 'quoteForm' for a valid quote request (multipart, with a drawing).
   */
  payload?:
    | object
    | 'order'
    | 'orderRef'
    | 'product'
    | 'cart'
    | 'checkout'
    | 'quoteForm'
    | 'quoteFormNoDrawings'
  expect: Record<Role, number> & Partial<Record<Extra, number>>
}

const profile = {
  phone: '+880 1700 000000',
  location: 'Dhaka',
  education: 'Diploma',
  linkedin: 'https://linkedin.com/in/x',
}

/**
 * Every /api route of the spec that exists so far, as each kind of caller, with the status
 * each must get. Customer A acts on A's own data; B's column shows that A's data is out of
 * B's reach. New routes join this table in their issue.
 */
const cases: Case[] = [
  {
    route: 'GET /api/tool',
    method: 'GET',
    url: () => '/api/tool',
    expect: { anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'GET /api/tool/{id}',
    method: 'GET',
    url: (c) => `/api/tool/${c.toolId}`,
    expect: { anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'POST /api/tool',
    method: 'POST',
    url: () => '/api/tool',
    payload: 'product',
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  },
  {
    route: 'POST /api/media (JSON instead of a file)',
    method: 'POST',
    url: () => '/api/media',
    payload: { image: 'x' },
    // The admin reaches the rule itself: no file in the field "image".
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 400 },
  },
  // A tool's documents: admins upload and delete, anyone downloads.
  {
    route: 'POST /api/tool/{id}/documents (JSON instead of a file)',
    method: 'POST',
    url: ({ toolId }) => `/api/tool/${toolId}/documents`,
    payload: { kind: 'datasheet' },
    // The admin reaches the rule itself: no file in the field "file".
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 400 },
  },
  {
    route: 'DELETE /api/tool/{id}/documents/{documentId} (none such)',
    method: 'DELETE',
    url: ({ toolId }) => `/api/tool/${toolId}/documents/00000000-0000-4000-8000-000000000000`,
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 404 },
  },
  {
    route: 'GET /api/tool/{id}/documents/{documentId} (none such)',
    method: 'GET',
    url: ({ toolId }) => `/api/tool/${toolId}/documents/00000000-0000-4000-8000-000000000000`,
    expect: { anonymous: 404, customerA: 404, customerB: 404, admin: 404 },
  },
  // CSV export and import: admins only.
  ...['orders', 'users', 'products'].map((kind): Case => ({
    route: `GET /api/export/${kind}.csv`,
    method: 'GET',
    url: () => `/api/export/${kind}.csv`,
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  })),
  {
    route: 'POST /api/import/products (JSON instead of a file)',
    method: 'POST',
    url: () => '/api/import/products?dryRun=true',
    payload: { file: 'x' },
    // The admin reaches the rule itself: no file in the field "file".
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 400 },
  },
  {
    route: 'GET /api/review',
    method: 'GET',
    url: () => '/api/review',
    expect: { anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'POST /api/review',
    method: 'POST',
    url: () => '/api/review',
    payload: { reviewText: 'Good tools', stars: 5 },
    // Staff do not review their own company.
    expect: { anonymous: 401, customerA: 201, customerB: 201, admin: 403 },
  },
  {
    route: 'GET /api/admin/{A}',
    method: 'GET',
    url: (c) => `/api/admin/${c.a.email}`,
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/user?email={A}',
    method: 'GET',
    url: (c) => `/api/user?email=${c.a.email}`,
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  },
  {
    route: 'PUT /api/updateduser?email={A}',
    method: 'PUT',
    url: (c) => `/api/updateduser?email=${c.a.email}`,
    payload: profile,
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  },
  {
    route: 'GET /api/users',
    method: 'GET',
    url: () => '/api/users',
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'PUT /api/user/admin/{email}',
    method: 'PUT',
    url: () => `/api/user/admin/${uniqueEmail('nobody')}`,
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 404 },
  },
  {
    route: 'POST /api/purchase',
    method: 'POST',
    url: () => '/api/purchase',
    payload: 'order',
    expect: { anonymous: 401, customerA: 201, customerB: 201, admin: 201 },
  },
  {
    route: 'POST /api/checkout',
    method: 'POST',
    url: () => '/api/checkout',
    payload: 'checkout',
    expect: { anonymous: 401, customerA: 201, customerB: 201, admin: 201 },
  },
  {
    route: 'PUT /api/cart (own cart)',
    method: 'PUT',
    url: () => '/api/cart',
    payload: 'cart',
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'GET /api/cart (own cart)',
    method: 'GET',
    url: () => '/api/cart',
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'GET /api/purchase?customer={A}',
    method: 'GET',
    url: (c) => `/api/purchase?customer=${c.a.email}`,
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/purchase/{A order}',
    method: 'GET',
    url: (c) => `/api/purchase/${c.orderId}`,
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  },
  {
    // Only the buyer orders their order again; to anyone else it does not exist.
    route: 'POST /api/purchase/{A order}/reorder',
    method: 'POST',
    url: (c) => `/api/purchase/${c.orderId}/reorder`,
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  {
    route: 'POST /api/cart/quick (own cart)',
    method: 'POST',
    url: () => '/api/cart/quick',
    payload: { text: 'NO-SUCH-PART 1' },
    expect: { anonymous: 401, customerA: 422, customerB: 422, admin: 422 },
  },
  {
    route: 'GET /api/purchase/{A order}/invoice.pdf',
    method: 'GET',
    url: (c) => `/api/purchase/${c.orderId}/invoice.pdf`,
    // A's order is unpaid: A and the admin reach the rule (no invoice yet); B never sees it.
    expect: { anonymous: 401, customerA: 409, customerB: 404, admin: 409 },
  },
  {
    route: 'GET /api/purchase/{A order}/payments',
    method: 'GET',
    url: (c) => `/api/purchase/${c.orderId}/payments`,
    // Its buyer and admins read an order's payments and refunds; another buyer never sees it.
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  },
  {
    // A's order was never paid, so it has no Mushak-6.7 credit note: 404 to A and the admin too.
    route: 'GET /api/purchase/{A order}/mushak-6.7.pdf',
    method: 'GET',
    url: (c) => `/api/purchase/${c.orderId}/mushak-6.7.pdf`,
    expect: { anonymous: 401, customerA: 404, customerB: 404, admin: 404 },
  },
  {
    route: 'GET /api/purchase/admin',
    method: 'GET',
    url: () => '/api/purchase/admin',
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'PATCH /api/purchase/{A order}/status',
    method: 'PATCH',
    url: (c) => `/api/purchase/${c.orderId}/status`,
    payload: { status: 'shipped' },
    // The admin reaches the rule itself: an unpaid order cannot ship.
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 409 },
  },
  {
    route: 'PUT /api/purchase/{A order}/export-document',
    method: 'PUT',
    url: (c) => `/api/purchase/${c.orderId}/export-document`,
    payload: { kind: 'airway-bill', number: '176-12345675' },
    // The admin reaches the rule itself: A's order is domestic, so it has no export document.
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 409 },
  },
  {
    route: 'POST /api/create-payment-intent (A order)',
    method: 'POST',
    url: () => '/api/create-payment-intent',
    payload: 'orderRef',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  {
    route: 'PATCH /api/purchase/{A order}',
    method: 'PATCH',
    url: (c) => `/api/purchase/${c.orderId}`,
    payload: { transactionId: 'pi_sandbox_nothing' },
    // A reaches the rule: no such payment. Nobody else reaches A's order.
    expect: { anonymous: 401, customerA: 400, customerB: 404, admin: 404 },
  },
  {
    route: 'POST /api/contact',
    method: 'POST',
    url: () => '/api/contact',
    payload: { name: 'Karim Uddin', email: 'karim@example.com', message: 'A quote, please.' },
    expect: { anonymous: 201, customerA: 201, customerB: 201, admin: 201 },
  },
  {
    route: 'GET /api/contact',
    method: 'GET',
    url: () => '/api/contact',
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'POST /api/subscribe',
    method: 'POST',
    url: () => '/api/subscribe',
    payload: { email: 'news@example.com' },
    expect: { anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'GET /api/promotion',
    method: 'GET',
    url: () => '/api/promotion',
    expect: { anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'GET /api/promotion/first-order/estimate',
    method: 'GET',
    url: () => '/api/promotion/first-order/estimate?phone=01700000000&address=Dhaka',
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'GET /api/promotion/admin',
    method: 'GET',
    url: () => '/api/promotion/admin',
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'POST /api/promotion',
    method: 'POST',
    url: () => '/api/promotion',
    payload: {
      kind: 'free-shipping',
      startsAt: '2026-01-01',
      endsAt: '2026-12-31',
      title: 'Free shipping',
      text: 'On every order.',
    },
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  },
  {
    route: 'PUT /api/promotion/{id}',
    method: 'PUT',
    url: (c) => `/api/promotion/${c.promotionId}`,
    payload: { title: 'Edited' },
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/promotion/{id}',
    method: 'DELETE',
    url: (c) => `/api/promotion/${c.promotionId}`,
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  // The audit log.
  {
    route: 'GET /api/audit',
    method: 'GET',
    url: () => '/api/audit?kind=product.create&page=1',
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  // Quotes (the accept route joins with the acceptance). A's request is offered,
  // declined by A, then sent again; the second one is withdrawn.
  {
    route: 'POST /api/quote (multipart)',
    method: 'POST',
    url: () => '/api/quote',
    payload: 'quoteForm',
    // Drawings need a verified e-mail.
    expect: { anonymous: 401, customerA: 201, customerB: 201, admin: 201, unverified: 403 },
  },
  {
    route: 'POST /api/quote (multipart, no drawings)',
    method: 'POST',
    url: () => '/api/quote',
    payload: 'quoteFormNoDrawings',
    expect: { anonymous: 401, customerA: 201, customerB: 201, admin: 201, unverified: 201 },
  },
  {
    route: 'GET /api/quote?customer={A}',
    method: 'GET',
    url: (c) => `/api/quote?customer=${c.a.email}`,
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/quote/admin',
    method: 'GET',
    url: () => '/api/quote/admin',
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/stats/overview',
    method: 'GET',
    url: () => '/api/stats/overview?days=30',
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/quote/{A quote}',
    method: 'GET',
    url: (c) => `/api/quote/${c.quoteId}`,
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  },
  {
    route: 'GET /api/quote/{A quote}/drawing/{id}',
    method: 'GET',
    url: (c) => `/api/quote/${c.quoteId}/drawing/${c.quoteDrawingId}`,
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  },
  {
    route: 'GET /api/quote/{A quote}/messages',
    method: 'GET',
    url: (c) => `/api/quote/${c.quoteId}/messages`,
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  },
  {
    route: 'POST /api/quote/{A quote}/messages',
    method: 'POST',
    url: (c) => `/api/quote/${c.quoteId}/messages`,
    payload: { text: 'Is 316 possible?' },
    expect: { anonymous: 401, customerA: 201, customerB: 404, admin: 201 },
  },
  {
    route: 'POST /api/quote/{A quote}/offer',
    method: 'POST',
    url: (c) => `/api/quote/${c.quoteId}/offer`,
    payload: {
      lines: [{ quantity: 100, unitPrice: 4.5 }],
      leadTimeDays: 10,
      validUntil: shopDate(new Date(Date.now() + 7 * 86_400_000)),
      note: '',
    },
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'POST /api/quote/{A quote}/decline',
    method: 'POST',
    url: (c) => `/api/quote/${c.quoteId}/decline`,
    payload: { reason: 'Too dear' },
    // Only the buyer declines: the admin may read it but not act for the buyer.
    expect: { anonymous: 401, customerB: 404, admin: 403, customerA: 200 },
  },
  {
    route: 'POST /api/quote/{A quote}/resend',
    method: 'POST',
    url: (c) => `/api/quote/${c.quoteId}/resend`,
    expect: { anonymous: 401, customerB: 404, admin: 403, customerA: 201 },
  },
  {
    route: 'POST /api/quote/{A quote 2}/withdraw',
    method: 'POST',
    url: (c) => `/api/quote/${c.quote2Id}/withdraw`,
    expect: { anonymous: 401, customerB: 404, admin: 403, customerA: 200 },
  },
  // Only the buyer accepts; staff do not.
  {
    route: 'POST /api/quote/{A quote}/accept',
    method: 'POST',
    url: (c) => `/api/quote/${c.acceptQuoteId}/accept`,
    payload: { quantity: 100 },
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 403 },
  },
  // After the accept: only the buyer takes an accepted quote out of their own cart.
  {
    route: 'DELETE /api/cart/quote/{A accepted quote}',
    method: 'DELETE',
    url: (c) => `/api/cart/quote/${c.acceptQuoteId}`,
    expect: { anonymous: 401, customerB: 404, admin: 404, customerA: 200 },
  },
  // Last: it cancels A's order. B cannot reach it; the admin's delete then finds it cancelled.
  {
    route: 'DELETE /api/purchase/{A order}',
    method: 'DELETE',
    url: (c) => `/api/purchase/${c.orderId}`,
    expect: { anonymous: 401, customerB: 404, customerA: 200, admin: 200 },
  },
  // After the orders: it takes the test's tool off sale.
  {
    route: 'DELETE /api/tool/{id}',
    method: 'DELETE',
    url: (c) => `/api/tool/${c.toolId}`,
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
]

test('every spec route answers each kind of caller as the rules say', async ({
  onTestFinished,
}) => {
  const adminEmail = uniqueEmail('admin')
  // An ADMIN_EMAILS address someone signed up without proving the mailbox.
  const claimedEmail = uniqueEmail('claimed')
  const app = await buildTestApp(database.current, onTestFinished, {
    adminEmails: [adminEmail, claimedEmail],
  })
  const claimer = await unprovenAdminToken(app, database.current.db, claimedEmail)
  const a = await createUser(app)
  const b = await createUser(app)
  const admin = await createUser(app, { email: adminEmail })
  // A and B are verified: sending drawings needs it; `unverified` is not.
  await markVerified(app, a.email)
  await markVerified(app, b.email)
  const unverified = await createUser(app)
  const tool = await insertTool(database.current.db)
  const orderOf = (toolsId: string) => ({
    toolsId,
    purchaseQuantity: 1,
    phone: '+880 1700 000000',
    address: 'Dhaka',
  })
  const placed = await app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(a),
    payload: orderOf(tool.id),
  })
  const promotion = await app.inject({
    method: 'POST',
    url: '/api/promotion',
    headers: bearer(admin),
    payload: {
      kind: 'first-order',
      percent: 10,
      cap: 50,
      startsAt: '2026-01-01',
      endsAt: '2026-12-31',
      title: 'Ten off',
      text: 'Your first order.',
    },
  })
  const quote = await postQuote(app, a, quoteFields(), [drawings.step])
  const quote2 = await postQuote(app, a, quoteFields())
  const quoteRequest = quote.json<{ _id: string; drawings: { _id: string }[] }>()
  const quoteBody = await quoteForm(quoteFields(), [drawings.pdf])
  const quoteBodyNoDrawings = await quoteForm(quoteFields())
  const ctx = {
    a,
    b,
    admin,
    quoteId: quoteRequest._id,
    quoteDrawingId: quoteRequest.drawings[0]?._id ?? '',
    quote2Id: quote2.json<{ _id: string }>()._id,
    acceptQuoteId: (
      await insertQuotedRequest(database.current.db, {
        customer: a,
        lines: [{ quantity: 100, unitPriceCents: 450 }],
      })
    ).request.id,
    toolId: tool.id,
    orderId: placed.json<{ insertedId: string }>().insertedId,
    promotionId: promotion.json<{ id: string }>().id,
  }
  const product = {
    name: 'Matrix spanner',
    quantity: 5,
    price: 9.5,
    minimum: 1,
    description: 'A spanner.',
    image: await uploadedImageUrl(app, admin),
  }
  const cart = { lines: [{ tool: tool.id, quantity: 1 }] }
  const payloadOf = (p: NonNullable<Case['payload']>) =>
    p === 'order'
      ? orderOf(tool.id)
      : p === 'cart'
        ? cart
        : p === 'checkout'
          ? { ...cart, phone: '+880 1700 000000', address: 'Dhaka' }
          : p === 'orderRef'
            ? { orderId: ctx.orderId }
            : p === 'product'
              ? product
              : p === 'quoteForm'
                ? quoteBody.payload
                : p === 'quoteFormNoDrawings'
                  ? quoteBodyNoDrawings.payload
                  : p
  const callers: Record<Role | Extra, TestUser | undefined> = {
    anonymous: undefined,
    customerA: a,
    customerB: b,
    admin,
    unverified,
  }

  const got: Record<string, Partial<Record<Role | Extra, number>>> = {}
  const want: Record<string, Partial<Record<Role | Extra, number>>> = {}
  const gotClaimed: Record<string, number | undefined> = {}
  const wantClaimed: Record<string, number | undefined> = {}
  for (const c of cases) {
    want[c.route] = c.expect
    got[c.route] = {}
    for (const role of Object.keys(c.expect) as (Role | Extra)[]) {
      const caller = callers[role]
      const res = await app.inject({
        method: c.method,
        url: c.url(ctx),
        headers: {
          ...(caller ? bearer(caller) : {}),
          ...(c.payload === 'quoteForm' ? quoteBody.headers : {}),
          ...(c.payload === 'quoteFormNoDrawings' ? quoteBodyNoDrawings.headers : {}),
        },
        ...(c.payload ? { payload: payloadOf(c.payload) } : {}),
      })
      got[c.route]![role] = res.statusCode
    }
    // The unproven admin address's token is no token at all: it answers like anonymous.
    const claimed = await app.inject({
      method: c.method,
      url: c.url(ctx),
      headers: {
        ...bearer(claimer),
        ...(c.payload === 'quoteForm' ? quoteBody.headers : {}),
      },
      ...(c.payload ? { payload: payloadOf(c.payload) } : {}),
    })
    gotClaimed[c.route] = claimed.statusCode
    wantClaimed[c.route] = c.expect.anonymous
  }
  expect(got).toEqual(want)
  expect(gotClaimed).toEqual(wantClaimed)
})

/**
 * What an account may do unpaid, by whether its e-mail is verified: the same
 * order, the same estimate, as an unverified customer, a verified one and an admin.
 */
test('limits by verification: $1,200 unpaid and the first-order discount', async ({
  onTestFinished,
}) => {
  const adminEmail = uniqueEmail('admin')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
  const callers = {
    unverified: await createUser(app),
    verified: await createUser(app, { verified: true }),
    admin: await createUser(app, { email: adminEmail }),
  }
  const tool = await insertTool(database.current.db, { priceCents: 120_000, quantity: 10 })
  await insertFirstOrderPromotion(database.current.db, { percent: 10, capCents: 1_000 })
  const got: Record<string, { order: number; estimate: unknown }> = {}
  for (const [role, user] of Object.entries(callers)) {
    // Each delivers elsewhere: one discount per phone and per address.
    const n = Object.keys(got).length
    const where = { phone: `+880 1711 00000${n}`, address: `House ${n}, Dhaka` }
    const estimate = await app.inject({
      method: 'GET',
      url: `/api/promotion/first-order/estimate?${new URLSearchParams(where).toString()}`,
      headers: bearer(user),
    })
    const order = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(user),
      payload: { lines: [{ tool: tool.id, quantity: 1 }], ...where },
    })
    got[role] = {
      order: order.statusCode,
      estimate: estimate.json<{ eligibility: string }>().eligibility,
    }
  }
  expect(got).toEqual({
    unverified: { order: 409, estimate: 'unverified' },
    verified: { order: 201, estimate: 'eligible' },
    admin: { order: 201, estimate: 'eligible' },
  })
})
