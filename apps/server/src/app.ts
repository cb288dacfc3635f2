import path from 'node:path'

import compress from '@fastify/compress'
import rateLimit from '@fastify/rate-limit'
import pino from 'pino'
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RouteOptions,
} from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { systemClock, type Clock } from '@toolworks/shared'

import { ensureAuthSecret, type Config } from './config.js'
import type { Database } from './db/client.js'
import { createMailer, type Mailer } from './lib/mailer.js'
import { closeRedis, createRedis, redisReady, redisSecondaryStorage } from './lib/redis.js'
import { accountsRoutes } from './modules/accounts/accounts.routes.js'
import { auditRoutes } from './modules/audit/audit.routes.js'
import { createAuditService } from './modules/audit/audit.service.js'
import { createAccountsService } from './modules/accounts/accounts.service.js'
import {
  AUTH_RATE_WINDOW_SECONDS,
  createAuth,
  trustedOrigins,
  type PasswordHasher,
} from './modules/accounts/auth.js'
import { createBearerTokens } from './modules/accounts/bearer-token.js'
import { cartRoutes } from './modules/cart/cart.routes.js'
import { createCartService } from './modules/cart/cart.service.js'
import { catalogRoutes } from './modules/catalog/catalog.routes.js'
import { createCatalogService, toTool } from './modules/catalog/catalog.service.js'
import { categoryRoutes } from './modules/catalog/categories.routes.js'
import { productDocumentsRoutes } from './modules/catalog/product-documents.routes.js'
import { createProductDocumentsService } from './modules/catalog/product-documents.service.js'
import { createCategoryService } from './modules/catalog/categories.service.js'
import { createSqlSearchIndex } from './modules/catalog/search-index.js'
import { searchRoutes } from './modules/catalog/search.routes.js'
import { createSearchService } from './modules/catalog/search.service.js'
import { contactRoutes } from './modules/contact/contact.routes.js'
import { createContactService } from './modules/contact/contact.service.js'
import { exportsRoutes } from './modules/exports/exports.routes.js'
import { createExportsService } from './modules/exports/exports.service.js'
import { importRoutes } from './modules/exports/import.routes.js'
import { createProductsImport } from './modules/exports/products-import.js'
import { healthRoutes } from './modules/health/health.routes.js'
import { siteConfigRoutes } from './modules/site-config/site-config.routes.js'
import { ordersRoutes } from './modules/orders/orders.routes.js'
import { createOrderSweeper } from './modules/orders/order-sweeper.js'
import { createPeriodicTask } from './lib/periodic-task.js'
import { invoicesRoutes } from './modules/orders/invoices.routes.js'
import { createOrderMails } from './modules/orders/orders.mails.js'
import { createCancellationFlow } from './flows/cancellation.js'
import { createCheckoutFlow } from './flows/checkout.js'
import { createPaymentReceivedFlow } from './flows/payment-received.js'
import { createReorderFlow } from './flows/reorder.js'
import { createOrdersService } from './modules/orders/orders.service.js'
import { holdRulesOf } from './modules/orders/hold-rules.js'
import { paymentsRoutes } from './modules/payments/payments.routes.js'
import { createPaymentsService } from './modules/payments/payments.service.js'
import type { StripeProvider } from './modules/payments/stripe-provider.js'
import type { PaymentProvider } from './modules/payments/payment-provider.js'
import { createSandboxProvider } from './modules/payments/sandbox-provider.js'
import { configuredMethods, DEV_SSLCOMMERZ_PREFIX } from './modules/payments/configured-methods.js'
import { cardProviderOf, simulatedBackends } from './modules/payments/simulated-backends.js'
import { publicConfigOf } from './modules/site-config/public-config.js'
import { createPaymentAttempts } from './modules/payments/payment-attempts.service.js'
import { createPaymentRecords } from './modules/payments/payment-records.service.js'
import { createRefundFlow } from './flows/refunds.js'
import { paymentMethodsRoutes } from './modules/payments/payment-methods.routes.js'
import { createGatewayPaymentFlow } from './flows/gateway-payment.js'
import { exchangeRateRoutes } from './modules/exchange-rate/exchange-rate.routes.js'
import { createExchangeRateService } from './modules/exchange-rate/exchange-rate.service.js'
import { createPaymentAdminFlow } from './flows/payment-admin.js'
import { promotionsRoutes } from './modules/promotions/promotions.routes.js'
import { quoteAcceptanceRoutes } from './modules/quotes/quote-acceptance.routes.js'
import { createQuoteAcceptanceService } from './modules/quotes/quote-acceptance.service.js'
import { createPromotionsService } from './modules/promotions/promotions.service.js'
import { mediaRoutes } from './modules/media/media.routes.js'
import { createQuoteMails } from './modules/quotes/quotes.mails.js'
import { adminAddresses } from './modules/quotes/quotes.queries.js'
import { quotesRoutes } from './modules/quotes/quotes.routes.js'
import { createQuotesService } from './modules/quotes/quotes.service.js'
import { createQuoteSweeper } from './modules/quotes/quote-sweeper.js'
import { statsRoutes } from './modules/stats/stats.routes.js'
import { createStatsService } from './modules/stats/stats.service.js'
import { reviewsRoutes } from './modules/reviews/reviews.routes.js'
import { createReviewsService } from './modules/reviews/reviews.service.js'
import { createMediaService } from './modules/media/media.service.js'
import { moveBytesToBlobs } from './modules/blobs/blob-move.js'
import { openBlobStore, type OpenedBlobStore } from './modules/blobs/open-blob-store.js'
import { docsPlugin } from './plugins/docs.js'
import { authPlugin } from './plugins/auth.js'
import {
  createRateLimitSweeper,
  pgRateLimitStore,
  redisRateLimitStore,
} from './plugins/rate-limit-store.js'
import { lingeringClosePlugin } from './plugins/lingering-close.js'
import { errorsPlugin, frameworkErrors } from './plugins/errors.js'
import { withSafeSerializers } from './lib/log-safe.js'
import { securityPlugin } from './plugins/security.js'
import { pagesPlugin } from './plugins/pages.js'
import { catalogueReadLimit, pageRenderLimit } from './lib/rate-limits.js'
import { requestLifecyclePlugin } from './plugins/request-lifecycle.js'
import { seoPlugin } from './plugins/seo.js'
import { staticAssetsPlugin } from './plugins/static-assets.js'

export type AppOptions = {
  config: Config
  database: Database
  /** Test hook: replace the logger (e.g. to capture lines). */
  logger?: boolean | Record<string, unknown>
  /** Test hook: sees every route as it is added (the bad-input test covers them all). */
  onRoute?: (route: RouteOptions) => void
  /**
   * Test hook: how passwords are hashed and checked, in place of Better Auth's scrypt
   * (test/password-hasher.ts: the same scheme at a test's cost). Production never sets it.
   */
  passwordHasher?: PasswordHasher
  /**
   * The clock every service reads "now" from (the shop's today, promotions, quote expiry, the
   * overview's days: packages/shared/src/shop-calendar.ts). Tests set a fixed one.
   */
  clock?: Clock
  /**
   * Payment providers beside the configured card one, each reached by its name:
   * the gateways (SSLCommerz) and the offline methods (bank transfer); tests pass fakes.
   */
  paymentProviders?: readonly PaymentProvider[]
}

export type Services = ReturnType<typeof createServices>
export type App = FastifyInstance

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
    config: Config
  }
}

function createServices(
  config: Config,
  database: Database,
  blobStore: OpenedBlobStore,
  mailer: Mailer,
  log: FastifyBaseLogger,
  passwordHasher?: PasswordHasher,
  clock: Clock = systemClock,
  paymentProviders: readonly PaymentProvider[] = [],
  stripeProvider?: StripeProvider,
) {
  const { db } = database
  const secret = ensureAuthSecret(config)
  // Limits and sessions in Redis when REDIS_URL is set; PostgreSQL otherwise.
  const redis = config.redis ? createRedis({ ...config.redis, log }) : undefined
  const tokens = createBearerTokens(secret)
  // File bytes live in the blob store, never in rows: the folder, or the bucket when
  // S3_BUCKET is set.
  const blobs = blobStore.store
  const media = createMediaService({ db, blobs })
  // The catalogue search behind one SearchIndex, here the SQL one.
  const searchIndex = createSqlSearchIndex({
    db,
    changes: database.changes,
    // PGlite has no timers to cancel a statement with; PostgreSQL enforces it.
    statementTimeoutMs: database.kind === 'pg' ? config.searchTimeoutMs : undefined,
  })
  const search = createSearchService({ db, index: searchIndex, changes: database.changes, toTool })
  const catalog = createCatalogService({ db, media, changes: database.changes, search })
  const categories = createCategoryService({
    db,
    catalogChanged: async () => {
      search.categoriesChanged()
      await catalog.stockChanged()
    },
  })
  const productDocuments = createProductDocumentsService({
    db,
    blobs,
    catalogChanged: catalog.stockChanged,
  })
  const stripe = stripeProvider
  // The sandbox only where it may run: a production shop without Stripe offers no card.
  const sandbox =
    !stripe && cardProviderOf(config) === 'sandbox'
      ? createSandboxProvider({ db, holdHours: config.orderHoldHours })
      : undefined
  const provider = stripe ?? sandbox
  const accounts = createAccountsService({ db, tokens, adminEmails: config.adminEmails })
  const quoteMails = createQuoteMails({
    mailer,
    publicUrl: config.publicUrl,
    // Admins are the accounts with the admin role and the ADMIN_EMAILS addresses.
    admins: async () => [...(await adminAddresses(db)), ...config.adminEmails],
    log,
  })
  const quoteAcceptance = createQuoteAcceptanceService({ db, mails: quoteMails, log, now: clock })
  const cart = createCartService({ db, catalog, accounts, quotes: quoteAcceptance })
  const orderMails = createOrderMails({ mailer, publicUrl: config.publicUrl, log })
  const orders = createOrdersService({ db, holdRules: holdRulesOf(config), mails: orderMails })
  // SSLCommerz and bank transfer as configured, then any the caller adds (tests).
  const methods = configuredMethods(config, clock, redis)
  const payments = createPaymentsService({
    card: provider,
    others: [...methods.providers, ...paymentProviders],
  })
  const attempts = createPaymentAttempts({ db })
  const paymentRecords = createPaymentRecords({ db })
  const refunds = createRefundFlow({ db, records: paymentRecords, payments, orders, log })
  // What spans modules lives in src/flows/, each owning its transaction.
  const paymentReceived = createPaymentReceivedFlow({
    db,
    orders,
    payments,
    catalog,
    accounts,
    quotes: quoteAcceptance,
    records: paymentRecords,
    refunds,
    mails: orderMails,
    log,
    now: clock,
  })
  const cancellation = createCancellationFlow({
    db,
    orders,
    payments,
    paymentReceived,
    catalog,
    quotes: quoteAcceptance,
    log,
  })
  const exchangeRate = createExchangeRateService({ db, now: clock })
  const checkout = createCheckoutFlow({
    db,
    orders,
    payments,
    attempts,
    cancellation,
    catalog,
    accounts,
    rates: exchangeRate,
    vatPercent: config.tax.vatPercent,
    cart,
    quotes: quoteAcceptance,
    limits: config.orderLimits,
    mails: orderMails,
    log,
    now: clock,
  })
  const reorder = createReorderFlow({ db, orders, catalog, cart })
  const quotes = createQuotesService({
    db,
    mails: quoteMails,
    accounts,
    drawingQuotaMb: config.drawingQuotaMb,
    blobs,
    now: clock,
  })
  const audit = createAuditService({ db })
  const gatewayPayment = createGatewayPaymentFlow({
    db,
    orders,
    payments,
    attempts,
    accounts,
    checkout,
    paymentReceived,
    records: paymentRecords,
    clock,
    log,
  })
  const paymentAdmin = createPaymentAdminFlow({
    db,
    orders,
    payments,
    records: paymentRecords,
    refunds,
    paymentReceived,
    cancellation,
    accounts,
    catalog,
    mails: orderMails,
    log,
  })
  return {
    exchangeRate,
    gatewayPayment,
    paymentRecords,
    refunds,
    paymentAdmin,
    /** The development stand-in gateway, mounted at DEV_SSLCOMMERZ_PREFIX when there is one. */
    sslcommerzStandIn: methods.standIn,
    blobs,
    closeBlobs: blobStore.close,
    // CSV export and import; exports of personal data are audited.
    exports: createExportsService({ orders, accounts, catalog, audit }),
    productsImport: createProductsImport({ catalog, media }),
    sandbox,
    provider,
    /** The payment backends running in test mode: the start-up log and every page say so. */
    simulatedPayments: simulatedBackends(config),
    orderSweeper: createOrderSweeper({
      orders: cancellation,
      gateway: gatewayPayment,
      intervalMs: config.orderSweepMs,
      log,
    }),
    // Refunds decided but never sent (a process stopped mid-way), or taken by a gateway and not
    // yet paid back, are sent or asked about again.
    refundSweeper: createPeriodicTask({
      run: () => refunds.sweep(clock()),
      intervalMs: config.orderSweepMs,
      log,
      failure: 'refund sweep failed; retried next time',
    }),
    // Rate-limit counters whose window ended are deleted.
    rateLimitSweeper: createRateLimitSweeper({
      db,
      authWindowMs: AUTH_RATE_WINDOW_SECONDS * 1000,
      intervalMs: config.rateLimitSweepMs,
      log,
    }),
    payments,
    checkout,
    reorder,
    paymentReceived,
    cancellation,
    redis,
    auth: createAuth({
      config,
      db,
      mailer,
      secret,
      log,
      passwordHasher,
      secondaryStorage: redis && redisSecondaryStorage(redis, log),
    }),
    tokens,
    accounts,
    catalog,
    searchIndex,
    search,
    categories,
    productDocuments,
    cart,
    quoteAcceptance,
    orders,
    contact: createContactService({ db }),
    media,
    reviews: createReviewsService({ db, changes: database.changes }),
    promotions: createPromotionsService({ db, changes: database.changes, accounts, now: clock }),
    audit,
    quoteMails,
    quotes,
    stats: createStatsService({ db, quotes, paymentRecords, now: clock }),
    // Quotes expire by the shop's date; the order sweep's interval is often enough for that.
    quoteSweeper: createQuoteSweeper({
      db,
      mails: quoteMails,
      intervalMs: config.orderSweepMs,
      log,
      now: clock,
    }),
  }
}

function stripeOptions(stripe: NonNullable<Config['stripe']>) {
  const base = stripe.apiBase ? new URL(stripe.apiBase) : undefined
  return {
    secretKey: stripe.secretKey,
    webhookSecret: stripe.webhookSecret,
    ...(stripe.timeoutMs !== undefined && { timeoutMs: stripe.timeoutMs }),
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
      protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
    }),
  }
}

function loggerOptions(config: Config) {
  const pretty = process.stdout.isTTY && config.env !== 'production'
  if (pretty) {
    return {
      level: config.logLevel,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } },
    }
  }
  // Lines are written asynchronously, and those that arrive while a write is on its way go
  // out together: under load, one write per line was the largest single cost of a cached
  // answer. Pino flushes what is buffered when the process exits.
  return {
    level: config.logLevel,
    stream: pino.destination({ dest: 1, sync: false }),
  }
}

/** Builds the whole app without listening, so tests inject requests (docs/conventions.md §3). */
export async function buildApp({
  config,
  database,
  logger,
  onRoute,
  passwordHasher,
  clock,
  paymentProviders,
}: AppOptions): Promise<App> {
  const app = Fastify({
    // Errors are logged without query values or row details (lib/log-safe.ts).
    logger: withSafeSerializers(logger ?? loggerOptions(config)),
    trustProxy: config.trustProxy,
    // One line per request (plugins/request-lifecycle.ts) instead of Fastify's two: half the logging cost.
    // (Fastify 5.12 moved the switch from a top-level option into the log controller, FSTDEP023.)
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1_048_576,
    // Slow clients: one that stalls in its headers gets 408 within requestTimeoutMs (plus one
    // check interval); a socket idle for twice that (a stalled body) is cut.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: 2 * config.requestTimeoutMs,
    http: { connectionsCheckingInterval: Math.min(1_000, config.requestTimeoutMs / 2) },
    return503OnClosing: true,
    // Ids are short and random; the header lets a proxy correlate its own logs.
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // Path parameters include emails, which may be 254 characters long (RFC 5321).
    routerOptions: { maxParamLength: 320 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>()
  if (onRoute) app.addHook('onRoute', onRoute)
  await app.register(requestLifecyclePlugin)

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log })
  const services = createServices(
    config,
    database,
    await openBlobStore(config),
    mailer,
    app.log,
    passwordHasher,
    clock,
    paymentProviders,
    // The Stripe SDK (about 20 MB resident) loads only in a shop that is set up for Stripe.
    config.stripe
      ? (await import('./modules/payments/stripe-provider.js')).createStripeProvider(
          stripeOptions(config.stripe),
        )
      : undefined,
  )

  await app.register(errorsPlugin)
  await app.register(lingeringClosePlugin)
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    stripe: config.stripe !== undefined,
    mediaOrigin:
      config.s3 && config.mediaPublicUrl ? new URL(config.mediaPublicUrl).origin : undefined,
  })
  await app.register(compress, { global: true, threshold: 1024 })
  await app.register(docsPlugin)
  // Limits are opt-in per route; their counters live in Redis when there is one, else in the
  // database (docs/operations.md, Scale out). A store that fails counts in the process's
  // memory instead (plugins/rate-limit-store.ts): no limit is ever skipped.
  await app.register(rateLimit, {
    global: false,
    skipOnError: false,
    store: services.redis ? redisRateLimitStore(services.redis) : pgRateLimitStore(database.db),
  })

  await app.register(authPlugin, {
    auth: services.auth,
    tokens: services.tokens,
    db: database.db,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    trustedOrigins: trustedOrigins(config),
  })

  await app.register(healthRoutes, { database, redis: services.redis })
  const publicConfig = publicConfigOf(config, {
    card: config.stripe ? 'stripe' : services.sandbox ? 'sandbox' : undefined,
    simulated: services.simulatedPayments.length > 0,
  })
  await app.register(siteConfigRoutes, { publicConfig })
  await app.register(accountsRoutes, { accounts: services.accounts })
  // One budget of catalogue reads per address for the list and the search (lib/rate-limits.ts).
  const readLimit = catalogueReadLimit({
    allow: config.searchLimitAllow,
    now: clock ?? systemClock,
  })
  // Before the catalogue's /api/tool/:id, though the router prefers static paths anyway.
  await app.register(searchRoutes, { search: services.search, readLimit })
  await app.register(categoryRoutes, { categories: services.categories })
  await app.register(catalogRoutes, { catalog: services.catalog, readLimit })
  await app.register(productDocumentsRoutes, {
    documents: services.productDocuments,
    blobs: services.blobs,
  })
  await app.register(ordersRoutes, {
    orders: services.orders,
    checkout: services.checkout,
    cancellation: services.cancellation,
  })
  await app.register(invoicesRoutes, {
    orders: services.orders,
    company: config.company,
    sellerBin: config.tax.sellerBin,
  })
  await app.register(cartRoutes, { cart: services.cart, reorder: services.reorder })
  await app.register(quoteAcceptanceRoutes, { acceptance: services.quoteAcceptance })
  await app.register(contactRoutes, { contact: services.contact })
  await app.register(paymentsRoutes, {
    checkout: services.checkout,
    paymentReceived: services.paymentReceived,
    sandbox: services.sandbox,
    cardOffered: services.provider !== undefined,
    cardWebhook: services.provider?.hasWebhook ? services.provider.name : undefined,
  })
  await app.register(paymentMethodsRoutes, {
    gateway: services.gatewayPayment,
    admin: services.paymentAdmin,
    company: config.company,
    now: clock ?? systemClock,
  })
  // The stand-in gateway: development only, so the whole flow runs offline.
  if (services.sslcommerzStandIn)
    await app.register(services.sslcommerzStandIn.plugin, { prefix: DEV_SSLCOMMERZ_PREFIX })
  await app.register(mediaRoutes, {
    media: services.media,
    publicUrl: config.s3 ? config.mediaPublicUrl : undefined,
  })
  await app.register(reviewsRoutes, { reviews: services.reviews })
  await app.register(promotionsRoutes, { promotions: services.promotions })
  await app.register(quotesRoutes, { quotes: services.quotes, blobs: services.blobs })
  await app.register(statsRoutes, { stats: services.stats })
  await app.register(exportsRoutes, { exports: services.exports })
  await app.register(importRoutes, { productsImport: services.productsImport })
  await app.register(auditRoutes, { audit: services.audit })
  await app.register(exchangeRateRoutes, { rates: services.exchangeRate })

  // The web app: its files, robots and sitemap, then its pages (the catch-all route).
  await app.register(staticAssetsPlugin, { webDistDir: config.webDistDir })
  await app.register(seoPlugin, {
    webDistDir: config.webDistDir,
    publicUrl: config.publicUrl,
    // Every category page and product page, so search engines find every part.
    catalogPaths: async (limit) => {
      const categoryList = await services.categories.list()
      const ids = await services.catalog.sitemapToolIds(Math.max(0, limit - categoryList.length))
      return [
        ...categoryList.map((c) => `/products?category=${encodeURIComponent(c.slug)}`),
        ...ids.map((id) => `/products/${id}`),
      ]
    },
  })
  await app.register(pagesPlugin, {
    webDistDir: config.webDistDir,
    // `vite build --ssr` writes the renderer next to the browser build (apps/web/dist-server).
    rendererFile: path.join(path.dirname(config.webDistDir), 'dist-server', 'entry-server.js'),
    publicUrl: config.publicUrl,
    catalog: services.catalog,
    search: services.search,
    categories: services.categories,
    reviews: services.reviews,
    promotions: services.promotions,
    rates: services.exchangeRate,
    changes: database.changes,
    renderLimit: pageRenderLimit(app),
    publicConfig,
  })

  // Unpaid orders past their hold are cancelled by a sweeper in every process (one at a time,
  // an advisory lock); it catches up once the app is ready and stops before the database closes.
  app.addHook('onReady', async () => {
    // Bytes still in rows from before the blob store move to the blob store first (once, resumably).
    const moved = await moveBytesToBlobs({ db: database.db, blobs: services.blobs, log: app.log })
    if (moved.media + moved.drawings > 0)
      app.log.info(
        { ...moved, blobs: services.blobs.location },
        'file bytes moved to the blob store',
      )
    if (services.redis && !(await redisReady(services.redis)))
      app.log.warn('redis not reachable at start; limits and sessions fall back until it is')
    await services.orderSweeper.start()
    await services.refundSweeper.start()
    await services.quoteSweeper.start()
    await services.rateLimitSweeper.start()
  })
  app.addHook('onClose', async () => {
    services.catalog.close()
    services.search.close()
    services.searchIndex.close()
    services.reviews.close()
    services.promotions.close()
    await services.orderSweeper.stop()
    await services.refundSweeper.stop()
    await services.quoteSweeper.stop()
    await services.rateLimitSweeper.stop()
    if (services.redis) await closeRedis(services.redis)
    services.closeBlobs()
  })
  app.decorate('services', services)
  app.decorate('config', config)
  return app
}
