import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'

import { ErrorBodySchema, QUOTE_DRAWING_MAX_BYTES, shopDate } from '@toolworks/shared'
import type { RouteOptions } from 'fastify'
import fc from 'fast-check'
import type { InjectOptions, Response } from 'light-my-request'
import { sql } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'

import { buildApp, type App } from '../src/app.js'
import { bearer, uniqueEmail, type TestUser } from './accounts.js'
import { createUser, markVerified } from './users.js'
import { testConfig } from './app.js'
import { useTestDatabase } from './database.js'
import { appTables, databaseDigest } from './db-digest.js'
import { drawings, notDrawings } from './drawings.js'
import { insertTool } from './factories.js'
import { testPasswordHasher } from './password-hasher.js'
import { quoteFields, quoteForm, type FormFile } from './quotes.js'
import { uploadedImageUrl } from './uploads.js'

/**
 * The answer's text as the client reads it: the test asks with `accept-encoding: gzip` like a
 * browser, and an error with many fields is long enough to come compressed.
 */
function bodyText(res: Response): string {
  const encoding = res.headers['content-encoding']
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8')
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8')
  if (encoding === 'deflate') return inflateSync(res.rawPayload).toString('utf8')
  return res.body
}

/**
 * Bad input, everywhere: generated bodies, query strings, path parameters and
 * headers for every /api route as every role. Every answer is a JSON 4xx or a success the
 * rules allow, never a 5xx or a hang, and a refused request leaves the database as it was.
 *
 * The seed is random unless FUZZ_SEED is set; fast-check prints it with any counterexample,
 * so `FUZZ_SEED=<seed> npx vitest run --project server-pglite test/bad-input.test.ts` replays it.
 */

const database = useTestDatabase()

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31
/** Cases per route and role; about 25 routes × 3 roles. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 14)
const HANG_MS = 10_000
const MB = 1_048_576

type Role = 'anonymous' | 'customer' | 'admin'
type Route = {
  method: string
  url: string
  params: string[]
  query: string[]
  body: Shape
}
/** Field names of a Zod object schema, with the nested objects' fields. */
type Shape = { [key: string]: Shape | null } | null

// Better Auth's own routes, and the Stripe webhook that needs Stripe's signature.
const SKIPPED = [/^\/api\/auth\//, /^\/api\/stripe\/webhook/]

type ZodLike = { shape?: Record<string, unknown>; unwrap?: () => unknown; def?: { type?: string } }

function shapeOf(schema: unknown, depth = 0): Shape {
  let current = schema as ZodLike | undefined
  // Optional, nullable, default wrappers.
  for (let i = 0; i < 3 && current && !current.shape && typeof current.unwrap === 'function'; i++)
    current = current.unwrap() as ZodLike
  if (!current?.shape || typeof current.shape !== 'object') return null
  const out: Record<string, Shape> = {}
  for (const [key, inner] of Object.entries(current.shape))
    out[key] = depth < 2 ? shapeOf(inner, depth + 1) : null
  return out
}

function collect(routes: Route[]) {
  return (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) =>
      ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m),
    )
    if (!route.url.startsWith('/api') || SKIPPED.some((r) => r.test(route.url))) return
    const schema = (route.schema ?? {}) as Record<string, unknown>
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        params: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? ''),
        query: Object.keys(shapeOf(schema.querystring) ?? {}),
        body: shapeOf(schema.body),
      })
    }
  }
}

// ---- generators ------------------------------------------------------------------------

const nasty = [
  '',
  ' ',
  "'; drop table tools; --",
  "' or '1'='1",
  '1; select pg_sleep(20)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '\u0000',
  'a\u0000b',
  '\u202e\u200b\ufeff',
  '\ud800',
  '𝕿🔧👩‍🔧',
  '../../../../etc/passwd',
  '%00',
  '%',
  '%E0%A4%A',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  '{}',
  '[]',
  'true',
  '__proto__',
  'constructor',
  '\r\n\t\b\f\v',
]

const numbers = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    -0.0001,
    1.999,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ),
  fc.integer(),
  fc.double(),
)

const strings = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nasty) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // Huge strings: the body as a whole may then pass the 1 MB limit, which is a 413.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'é', '<b>', '\u0000', '🔧'), fc.constantFrom(300, 70_000, MB))
      .map(([s, n]) => s.repeat(Math.ceil(n / s.length))),
  },
)

/** Values that pass the schemas, so generated requests also reach the rules behind them. */
function plausible(fx: Fixtures) {
  return fc.constantFrom<unknown>(
    fx.toolId,
    fx.orderId,
    fx.intentId,
    fx.clientSecret,
    fx.customer.email,
    fx.admin.email,
    fx.victim.email,
    uniqueEmail('nobody'),
    fx.imageUrl,
    'shipped',
    'paid',
    'Dhaka',
    '+880 1700 000000',
    'Good tools',
    'https://linkedin.com/in/x',
    // Cart and checkout lines: valid ones, so the fuzz reaches the line rules.
    [{ tool: fx.toolId, quantity: 1 }],
    [
      { tool: fx.toolId, quantity: 2 },
      { tool: fx.toolId.toUpperCase(), quantity: 1 },
    ],
    // Quotes: requests of the customer and of another buyer, a drawing, an offer.
    fx.quoteId,
    fx.victimQuoteId,
    fx.drawingId,
    [{ quantity: 100, unitPrice: 4.5 }],
    shopDate(new Date(Date.now() + 7 * 86_400_000)),
    'quoted',
    'machining',
    '4242 4242 4242 4242',
    '4000 0000 0000 0002',
    '123',
    1,
    3,
    5,
    12,
    2034,
    9.5,
  )
}

function values(fx: Fixtures): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 4, arbitrary: plausible(fx) },
    { weight: 4, arbitrary: strings },
    { weight: 3, arbitrary: numbers },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  )
  return fc.oneof(
    { weight: 8, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 3 }) },
  )
}

function objectFor(shape: NonNullable<Shape>, fx: Fixtures): fc.Arbitrary<unknown> {
  const value = values(fx)
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, inner]) => [
      key,
      inner ? fc.oneof(objectFor(inner, fx), value) : value,
    ]),
  )
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      // Extra fields, including the ones that must never be trusted.
      fc.dictionary(
        fc.oneof(
          fc.constantFrom('role', 'admin', 'paid', 'price', 'userId', '_id', '__proto__'),
          fc.string({ maxLength: 10 }),
        ),
        value,
        { maxKeys: 2 },
      ),
    )
    .map(([known, extra]) => ({ ...extra, ...known }))
}

type Body = { payload?: string | Buffer; contentType?: string }

const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  '{"toolsId": "x",}',
  "{'a': 1}",
  'nul',
  '[1, 2',
  '"unterminated',
  '{"__proto__": {"role": "admin"}}',
  '{"constructor": {"prototype": {"admin": true}}}',
  '\u0000',
  '\ufeff{}',
  '['.repeat(50_000),
  `{"a":"${'x'.repeat(MB)}"}`,
)

function bodies(route: Route, fx: Fixtures): fc.Arbitrary<Body> {
  const json = (contentType: fc.Arbitrary<string>) =>
    fc
      .tuple(
        route.body
          ? fc.oneof({ weight: 4, arbitrary: objectFor(route.body, fx) }, values(fx))
          : values(fx),
        contentType,
      )
      .map(([v, contentType]) => ({ payload: JSON.stringify(v) ?? 'null', contentType }))
  return fc.oneof(
    { weight: 6, arbitrary: json(fc.constant('application/json')) },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
    {
      weight: 2,
      arbitrary: malformedJson.map((payload) => ({ payload, contentType: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: json(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'multipart/form-data',
          'application/xml',
          'application/json; charset=latin1',
          'application/octet-stream',
          'image/png',
          'application/jsonx',
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 200 })
        .map((bytes) => ({ payload: Buffer.from(bytes), contentType: 'application/json' })),
    },
  )
}

function queryStrings(route: Route, fx: Fixtures): fc.Arbitrary<string> {
  const keys = fc.oneof(
    {
      weight: 4,
      arbitrary: route.query.length > 0 ? fc.constantFrom(...route.query) : fc.string(),
    },
    { weight: 1, arbitrary: fc.constantFrom('limit', 'offset', 'page', 'sort', 'q', '__proto__') },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  )
  const value = fc.oneof(
    values(fx).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
    numbers.map(String),
  )
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(fc.tuple(keys, value), { maxLength: 4 }).map(toQuery) },
    // Repeated keys become arrays; broken percent-encoding must not get further than a 400.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?email=a&email=b',
        '?%',
        '?a=%E0%A4%A',
        '?=&=&',
        '?a[b]=1',
        '?&&&',
      ),
    },
  )
}

function toQuery(pairs: [string, string][]): string {
  if (pairs.length === 0) return ''
  const search = new URLSearchParams()
  for (const [k, v] of pairs) search.append(k, v.length > 4000 ? v.slice(0, 4000) : v)
  return `?${search.toString()}`
}

/** encodeURIComponent refuses lone surrogates; a browser sends them as U+FFFD. */
function encode(s: string): string {
  return encodeURIComponent(
    s.replace(/[\ud800-\udfff]/g, (c, i: number) => {
      const code = c.charCodeAt(0)
      const pair =
        code < 0xdc00
          ? /[\udc00-\udfff]/.test(s[i + 1] ?? '')
          : /[\ud800-\udbff]/.test(s[i - 1] ?? '')
      return pair ? c : '\ufffd'
    }),
  )
}

function pathParams(route: Route, fx: Fixtures): fc.Arbitrary<Record<string, string>> {
  const one = fc.oneof(
    { weight: 3, arbitrary: plausible(fx).map((v) => encode(String(v))) },
    { weight: 3, arbitrary: strings.map((s) => encode(s.slice(0, 2000))) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '%2e%2e', '%00') },
  )
  return fc.record(Object.fromEntries(route.params.map((p) => [p, one])))
}

// Header values must be legal for HTTP itself (Node refuses others before any route runs).
const headerValue = fc.oneof(
  fc.constantFrom(...nasty.filter((s) => /^[\x20-\x7e]*$/.test(s))),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom('x'.repeat(8000)),
)

function headers(role: Role, fx: Fixtures): fc.Arbitrary<Record<string, string>> {
  const auth = fc.oneof(
    { weight: 8, arbitrary: fc.constant(role) },
    // Broken credentials of every kind.
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer ',
        'Bearer a.b.c',
        'Basic YWRtaW46YWRtaW4=',
        `Bearer ${fx.customer.token}x`,
        `bearer ${fx.customer.token.split('.').slice(0, 2).join('.')}.`,
        `Bearer ${'a'.repeat(5000)}`,
      ),
    },
  )
  return fc
    .record(
      {
        authorization: auth,
        accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/webp', ''),
        'accept-encoding': fc.constantFrom('gzip', 'br', 'gzip;q=0, identity', 'x-unknown'),
        'x-request-id': headerValue,
        origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost:3000'),
        'x-forwarded-for': headerValue,
        cookie: headerValue,
      },
      { requiredKeys: ['authorization'] },
    )
    .map(({ authorization, ...rest }) => {
      const out: Record<string, string> = { ...rest }
      const token = authorization === 'customer' ? fx.customer.token : fx.admin.token
      if (authorization !== 'anonymous') {
        out.authorization =
          authorization === 'customer' || authorization === 'admin'
            ? bearer({ token }).authorization
            : authorization
      }
      return out
    })
}

// ---- the property -----------------------------------------------------------------------

type Fixtures = {
  customer: TestUser
  admin: TestUser
  victim: TestUser
  toolId: string
  orderId: string
  intentId: string
  clientSecret: string
  imageUrl: string
  quoteId: string
  victimQuoteId: string
  drawingId: string
}

/** Reads that write an audit row when they answer (exports of personal data). */
const AUDITED_READS = ['/api/export/orders.csv', '/api/export/users.csv']

async function fixtures(app: App): Promise<Fixtures> {
  const customer = await createUser(app)
  const victim = await createUser(app)
  const admin = await createUser(app, { email: app.config.adminEmails[0] })
  // Their requests carry drawings, which need a verified e-mail.
  await markVerified(app, customer.email)
  await markVerified(app, victim.email)
  const tool = await insertTool(database.current.db, { quantity: 10_000 })
  const order = await app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(customer),
    payload: { toolsId: tool.id, purchaseQuantity: 1, phone: '+880 1700 000000', address: 'Dhaka' },
  })
  const orderId = order.json<{ insertedId: string }>().insertedId
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(customer),
    payload: { orderId },
  })
  const { paymentIntentId, clientSecret } = intent.json<{
    paymentIntentId: string
    clientSecret: string
  }>()
  const quote = await sendQuote(app, customer, quoteFields(), [drawings.step])
  const victimQuote = await sendQuote(app, victim, quoteFields(), [drawings.pdf])
  const quoteRequest = quote.json<{ _id: string; drawings: { _id: string }[] }>()
  return {
    quoteId: quoteRequest._id,
    victimQuoteId: victimQuote.json<{ _id: string }>()._id,
    drawingId: quoteRequest.drawings[0]?._id ?? '',
    customer,
    admin,
    victim,
    toolId: tool.id,
    orderId,
    intentId: paymentIntentId,
    clientSecret,
    imageUrl: await uploadedImageUrl(app, admin),
  }
}

async function sendQuote(
  app: App,
  who: TestUser | undefined,
  fields: Record<string, string | string[]>,
  files: FormFile[],
) {
  const body = await quoteForm(fields, files)
  return app.inject({
    method: 'POST',
    url: '/api/quote',
    headers: { ...body.headers, ...(who ? bearer(who) : {}) },
    payload: body.payload,
  })
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${HANG_MS} ms: ${what}`)),
        HANG_MS,
      )
    }),
  ])
}

function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? 'x')
}

const stats = { cases: 0, refused: 0, succeeded: 0, tooLarge: 0 }

test.for<Role>(['anonymous', 'customer', 'admin'])(
  'every /api route answers bad input from %s with a JSON 4xx and leaves the database as it was',
  { timeout: 120_000 },
  async (role, { onTestFinished }) => {
    const routes: Route[] = []
    const adminEmail = uniqueEmail('admin')
    const app = await buildApp({
      config: testConfig({}, { adminEmails: [adminEmail] }),
      database: database.current,
      logger: false,
      onRoute: collect(routes),
      passwordHasher: testPasswordHasher,
    })
    onTestFinished(() => app.close())
    await app.ready()
    // The list comes from the app itself, so a new route is fuzzed without a change here.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/purchase',
        'PUT /api/updateduser',
        'POST /api/media',
        'POST /api/checkout',
        'GET /api/cart',
        'PUT /api/cart',
        'DELETE /api/cart/quote/:id',
        'POST /api/quote',
        'GET /api/quote/:id/drawing/:drawingId',
        'POST /api/quote/:id/offer',
        'PUT /api/purchase/:id/export-document',
      ]),
    )

    const fx = await fixtures(app)
    const db = database.current.db
    const tables = await appTables(db)
    let before = await databaseDigest(db, tables)

    for (const route of routes) {
      const request = fc.record({
        params: pathParams(route, fx),
        query: queryStrings(route, fx),
        body: route.method === 'GET' ? fc.constant<Body>({}) : bodies(route, fx),
        headers: headers(role, fx),
      })
      await fc.assert(
        fc.asyncProperty(request, async ({ params, query, body, headers }) => {
          const url = fillPath(route.url, params) + query
          const options: InjectOptions = {
            method: route.method,
            url,
            headers: {
              ...headers,
              ...(body.contentType ? { 'content-type': body.contentType } : {}),
            },
            ...(body.payload !== undefined ? { payload: body.payload } : {}),
          }
          const what = `${role} ${route.method} ${url.slice(0, 200)}`
          const res = await withTimeout(app.inject(options), what)
          stats.cases += 1

          const text = bodyText(res)
          expect(res.statusCode, `${what} → ${text.slice(0, 300)}`).toBeLessThan(500)
          if (res.statusCode >= 400) {
            stats.refused += 1
            if (res.statusCode === 413) stats.tooLarge += 1
            expect(res.headers['content-type'], what).toMatch(/^application\/json/)
            const parsed = ErrorBodySchema.safeParse(JSON.parse(text))
            expect(parsed.success, `${what} → ${text.slice(0, 300)}`).toBe(true)
          } else {
            stats.succeeded += 1
          }
          const after = await databaseDigest(db, tables)
          if (res.statusCode < 400 && AUDITED_READS.includes(route.url)) {
            // An export of personal data adds its audit row and changes nothing else.
            const { audit_log: _added, ...rest } = after
            const { audit_log: _was, ...restBefore } = before
            expect(rest, `${what} (${res.statusCode}) changed the database`).toEqual(restBefore)
            before = after
          } else if (res.statusCode >= 400 || route.method === 'GET') {
            expect(after, `${what} (${res.statusCode}) changed the database`).toEqual(before)
          } else {
            // A success the rules allow (a valid order, review, profile...) is the new baseline.
            // Make Admin may have promoted the customer: put the roles back for the next case.
            await db.execute(
              sql`update "user" set role = 'customer' where email in (${fx.customer.email}, ${fx.victim.email})`,
            )
            before = await databaseDigest(db, tables)
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: false },
      )
    }
  },
)

/**
 * Drawings of every wrong kind: renamed executables, HTML, ZIP, empty and oversized
 * files, too many of them, files in other fields, with good and bad text fields. Every answer
 * is a JSON 4xx or a 201 for a request the rules allow; a refusal stores nothing.
 */
test('POST /api/quote answers bad multipart with a JSON 4xx and stores nothing', async ({
  onTestFinished,
}) => {
  const adminEmail = uniqueEmail('admin')
  const app = await buildApp({
    config: testConfig({}, { adminEmails: [adminEmail] }),
    database: database.current,
    logger: false,
    passwordHasher: testPasswordHasher,
  })
  onTestFinished(() => app.close())
  await app.ready()
  const db = database.current.db
  const tables = await appTables(db)
  const oversized = Buffer.alloc(QUOTE_DRAWING_MAX_BYTES + 1, 0x20)
  drawings.pdf.bytes.copy(oversized)
  const bad = [
    notDrawings.exe,
    notDrawings.html,
    notDrawings.zip,
    notDrawings.empty,
    notDrawings.fakeStl,
    notDrawings.badBinaryStl,
    notDrawings.badIges,
    notDrawings.badDxf,
  ]
  const file: fc.Arbitrary<FormFile> = fc.record({
    field: fc.constantFrom('drawings', 'drawings', 'drawings', 'image', 'drawings[]', ''),
    filename: fc.constantFrom(
      'drawing.pdf',
      'part.step',
      'invoice\u202efdp.exe',
      '../../etc/passwd',
      '',
      'a"b.dxf',
      '🔧.stl',
      'x'.repeat(400),
    ),
    type: fc.constantFrom('application/pdf', 'image/png', 'application/x-msdownload', 'text/html'),
    bytes: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...bad) },
      { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)) },
      { weight: 2, arbitrary: fc.constantFrom(drawings.pdf.bytes, drawings.dwg.bytes) },
      { weight: 1, arbitrary: fc.constant(oversized) },
    ),
  })
  const textFields = fc.oneof(
    fc.constant(quoteFields()),
    fc.record({
      process: fc.constantFrom('machining', 'casting', '', '__proto__'),
      partName: fc.constantFrom('Bracket', '', '<script>x</script>', 'x'.repeat(5000)),
      quantities: fc.constantFrom('100', '0', '1,2,3,4', '-5', 'ten', '5,5'),
      phone: fc.constantFrom('+880 1700 000000', ''),
      address: fc.constantFrom('Dhaka', ''),
      material: fc.constantFrom('Brass', ''),
      neededBy: fc.constantFrom('', '2020-01-01', 'tomorrow', '2999-12-31'),
    }),
  )
  const customer = await createUser(app)
  await markVerified(app, customer.email)
  // Drawings from an account whose e-mail is not verified are refused.
  const unverified = await createUser(app)
  const callers = { anonymous: undefined, verified: customer, unverified }
  let before = await databaseDigest(db, tables)
  const statuses = new Set<number>()
  await fc.assert(
    fc.asyncProperty(
      textFields,
      fc.array(file, { maxLength: 7 }),
      fc.constantFrom('anonymous', 'verified', 'verified', 'unverified'),
      async (fields, files, caller) => {
        // The per-account limit is not under test here.
        await db.execute(sql`delete from rate_limit_counters`)
        const res = await withTimeout(
          sendQuote(app, callers[caller], fields, files),
          'POST /api/quote (multipart)',
        )
        statuses.add(res.statusCode)
        const text = bodyText(res)
        expect(res.statusCode, text.slice(0, 300)).toBeLessThan(500)
        const after = await databaseDigest(db, tables)
        if (res.statusCode === 201) {
          before = after
          return
        }
        expect(res.statusCode, text.slice(0, 300)).toBeGreaterThanOrEqual(400)
        expect(res.headers['content-type']).toMatch(/^application\/json/)
        expect(ErrorBodySchema.safeParse(JSON.parse(text)).success, text.slice(0, 300)).toBe(true)
        expect(after, `${res.statusCode} changed the database`).toEqual(before)
      },
    ),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 14) * 2, seed: SEED, endOnFailure: false },
  )
  // Renamed executables, too many files and oversized files, each by its own answer.
  const exe = await sendQuote(app, customer, quoteFields(), [
    { filename: 'drawing.pdf', type: 'application/pdf', bytes: notDrawings.exe },
  ])
  const six = await sendQuote(
    app,
    customer,
    quoteFields(),
    Array.from({ length: 6 }, () => drawings.pdf),
  )
  const big = await sendQuote(app, customer, quoteFields(), [
    { filename: 'big.pdf', bytes: oversized },
  ])
  const unverifiedDrawing = await sendQuote(app, unverified, quoteFields(), [drawings.pdf])
  expect([exe.statusCode, six.statusCode, big.statusCode, unverifiedDrawing.statusCode]).toEqual([
    400, 400, 413, 403,
  ])
  expect(unverifiedDrawing.json()).toMatchObject({ error: { code: 'EMAIL_NOT_VERIFIED' } })
  expect(await databaseDigest(db, tables)).toEqual(before)
  expect(statuses.has(400)).toBe(true)
})

afterAll(() => {
  // The figures for the README: cases generated and how they were answered.
  process.stdout.write(`bad-input: seed ${SEED}, ${JSON.stringify(stats)}\n`)
})
