import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'

import { BinSchema, DRAWING_QUOTA_MB_DEFAULT } from '@toolworks/shared'
import { z } from 'zod'

/** The only reader of process.env (docs/conventions.md §6). Everything else receives a typed Config. */

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

/** The demo's seller BIN: outside production, when SELLER_BIN is not set. */
export const DEMO_SELLER_BIN = '0000000000101'

/** SSLCommerz's sandbox; live is https://securepay.sslcommerz.com. */
export const SSLCOMMERZ_SANDBOX_URL = 'https://sandbox.sslcommerz.com'

/** What TRUST_PROXY takes, said by every refusal of it. */
const TRUST_PROXY_FORM =
  "must list the proxies' addresses or CIDR ranges, comma-separated (e.g. 10.0.0.0/8,127.0.0.1)"

/** proxy-addr's names for the private ranges, which Fastify's trustProxy accepts too. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** An IPv4 or IPv6 address, optionally with a prefix length its family allows, or a range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true
  const [address = '', prefix, extra] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || extra !== undefined) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}

/** Stripe's keys say their mode: a `sk_test_`, `rk_test_` or `pk_test_` key moves no money. */
export const isStripeTestKey = (key: string) => /^(sk|rk|pk)_test_/.test(key)

const optionalString = z.preprocess(emptyToUndefined, z.string().optional())

const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], {
      error: 'must be true or false',
    })
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .optional(),
)

/** A sum of money in whole dollars (the shop's prices are dollars; the code keeps cents). */
const dollars = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of dollars' })
      .int('must be a whole number of dollars')
      .min(0, 'must be 0 or more')
      .max(10_000_000, 'must be at most 10000000')
      .default(fallback),
  )

/** What one account may hold unpaid; see Config.orderLimits. */
export type OrderLimits = {
  /** Open unpaid value in cents while the account's e-mail is unverified. */
  unverifiedUnpaidCentsMax: number
  /** Open unpaid value in cents once it is verified. */
  unpaidCentsMax: number
  /** How long an unverified account's unpaid order holds its stock. */
  unverifiedHoldMinutes: number
}

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z
      .enum(['development', 'production', 'test'], {
        error: 'must be development, production or test',
      })
      .default('development'),
  ),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  // Behind a load balancer every client would otherwise share the balancer's address (and its
  // rate limits): the proxies' addresses or CIDR ranges, comma-separated (`true`, any, only
  // outside production; see loadConfig).
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((v, ctx): boolean | string[] => {
        if (v === 'true') return true
        if (v === 'false') return false
        const entries = v
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean)
        const bad = entries.find((entry) => !isProxyAddress(entry))
        if (bad !== undefined || entries.length === 0)
          ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORM })
        return entries
      })
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  // Where file bytes live (drawings, pictures): a folder, DATA_DIR/blobs unless set.
  BLOB_DIR: optionalString,
  // With S3_BUCKET set, file bytes live in that S3-compatible bucket instead
  // (docs/configuration.md). The access key and secret are never logged.
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
  ),
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  MEDIA_PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  // Redis: when set, rate limits and Better Auth's sessions live there.
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  // Every key the shop writes starts with this, so one Redis can serve several shops.
  REDIS_KEY_PREFIX: z.preprocess(emptyToUndefined, z.string().max(100).default('toolworks:')),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  ADMIN_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email('must be a comma-separated list of email addresses')))
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Tests only: a local stand-in for Stripe's API. */
  STRIPE_API_BASE: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  // SSLCommerz: set the store id and password together to offer it.
  SSLCOMMERZ_STORE_ID: optionalString,
  SSLCOMMERZ_STORE_PASSWORD: optionalString,
  // Outside production the sandbox unless set; in production it must be set (loadConfig).
  SSLCOMMERZ_API_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  // A trial shop in production may use SSLCommerz's sandbox only when this says so.
  SSLCOMMERZ_SANDBOX: booleanFlag,
  // A trial shop in production may use Stripe's test keys only when this says so.
  STRIPE_TEST_MODE: booleanFlag,
  // Bank transfer against a proforma invoice: set BANK_ACCOUNT_NUMBER to offer it.
  BANK_NAME: optionalString,
  BANK_ACCOUNT_NAME: optionalString,
  BANK_ACCOUNT_NUMBER: optionalString,
  BANK_BRANCH: optionalString,
  BANK_ROUTING_NUMBER: optionalString,
  BANK_SWIFT: optionalString,
  // How long an order awaiting a bank transfer holds its stock.
  BANK_TRANSFER_HOLD_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(90, 'must be at most 90')
      .default(7),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  // How long an unpaid order holds its stock before the sweeper cancels it.
  ORDER_HOLD_HOURS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of hours' })
      .positive('must be more than 0')
      .max(24 * 365, 'must be at most 8760 (a year)')
      .default(48),
  ),
  // Before its e-mail is verified, an account's unpaid orders hold their stock this long.
  UNVERIFIED_HOLD_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of minutes' })
      .int('must be a whole number of minutes')
      .positive('must be more than 0')
      .max(24 * 60 * 365, 'must be at most 525600 (a year)')
      .default(60),
  ),
  // What one account may have open in unpaid orders, in whole dollars: before its
  // e-mail is verified, and after.
  UNVERIFIED_UNPAID_VALUE_MAX: dollars(1_000),
  UNPAID_VALUE_MAX: dollars(50_000),
  // How often each process looks for expired unpaid orders (one process sweeps at a time).
  ORDER_SWEEP_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(0.05, 'must be at least 0.05')
      .max(3600, 'must be at most 3600')
      .default(60),
  ),
  // Each account's drawing storage in MB: its quote requests' drawings together.
  DRAWING_QUOTA_MB: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of megabytes' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'must be at most 1000000')
      .default(DRAWING_QUOTA_MB_DEFAULT),
  ),
  // How often each process deletes rate-limit counters whose window has ended.
  RATE_LIMIT_SWEEP_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(0.05, 'must be at least 0.05')
      .max(86_400, 'must be at most 86400 (a day)')
      .default(600),
  ),
  // Addresses the catalogue's per-address read limit does not count (a load generator, a
  // monitoring probe), comma-separated; never a proxy's address (TRUST_PROXY).
  SEARCH_LIMIT_ALLOW: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.union([z.ipv4(), z.ipv6()], 'must be IP addresses, comma-separated')))
      .optional(),
  ),
  // How long one uncached search statement may run on PostgreSQL before it is cancelled (503).
  SEARCH_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(15_000, 'must be at most 15000 (every statement stops there)')
      .default(3_000),
  ),
  SEED_DEMO: booleanFlag,
  DEV_PAYMENTS: booleanFlag,
  // The company on the invoices.
  COMPANY_NAME: z.preprocess(emptyToUndefined, z.string().max(200).default('Toolworks')),
  COMPANY_ADDRESS: z.preprocess(
    emptyToUndefined,
    z.string().max(500).default('Gazipur, Dhaka Division, Bangladesh'),
  ),
  COMPANY_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email('must be an email address').default('sales@toolworks.example'),
  ),
  COMPANY_PHONE: z.preprocess(emptyToUndefined, z.string().max(50).default('+880 2 5500 0000')),
  // Taka, VAT and the Mushak-6.3: the VAT rate list prices include in Bangladesh,
  // and the shop's own BIN, printed on every tax invoice.
  VAT_RATE_PERCENT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole percent, such as 15' })
      .int('must be a whole percent, such as 15')
      .min(0, 'must be between 0 and 100')
      .max(100, 'must be between 0 and 100')
      .default(15),
  ),
  SELLER_BIN: z.preprocess(emptyToUndefined, BinSchema.optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
})

/** The shop's account, printed on the proforma invoice for a bank transfer. */
export type BankAccount = {
  bankName: string
  accountName: string
  accountNumber: string
  branch: string
  routingNumber: string
  swift: string
}

/** Google's OpenID Connect discovery document; tests point GOOGLE_DISCOVERY_URL at a local server. */
export const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration'

/** An S3-compatible bucket and how to reach it (AWS S3, R2, MinIO, Spaces). */
export type S3Settings = {
  bucket: string
  endpoint: string | undefined
  region: string
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  forcePathStyle: boolean
}

export type Config = {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  /** The blob store's folder: file bytes (drawings, pictures), never in database rows. */
  blobDir: string
  /**
   * The S3-compatible bucket that holds the file bytes instead of `blobDir`, when
   * S3_BUCKET is set. Credentials undefined: the SDK's own chain (instance role, AWS_* env).
   */
  s3: S3Settings | undefined
  /**
   * A CDN (or the bucket's public address) that serves picture variants by their SHA-256 key:
   * with the S3 store, /media/... answers a redirect there instead of streaming the bytes.
   */
  mediaPublicUrl: string | undefined
  databaseUrl: string | undefined
  /**
   * Redis for the rate limits and Better Auth's sessions; undefined: both stay in
   * PostgreSQL. `keyPrefix` starts every key the shop writes.
   */
  redis: { url: string; keyPrefix: string } | undefined
  publicUrl: string
  authSecret: string | undefined
  adminEmails: string[]
  smtpUrl: string | undefined
  stripe:
    | {
        secretKey: string
        publishableKey: string | undefined
        webhookSecret: string | undefined
        /** Tests only: a local stand-in for Stripe's API. */
        apiBase: string | undefined
        /** Tests only: how long one call to Stripe may take (10 s otherwise). */
        timeoutMs?: number
      }
    | undefined
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined
  /** SSLCommerz's store and gateway; undefined when it is not offered. */
  sslcommerz:
    | {
        storeId: string
        storePassword: string
        apiUrl: string
        /** Tests only: how long a call waits for the gateway (10 s by default). */
        timeoutMs?: number
      }
    | undefined
  /** The shop's bank account for transfers; undefined when they are not offered. */
  bankTransfer: BankAccount | undefined
  /** An order awaiting a bank transfer holds its stock this many days. */
  bankTransferHoldDays: number
  /**
   * Payments to try without accounts: the SSLCommerz stand-in inside the shop and
   * demo bank details, where credentials are not set. Development only; never in production.
   */
  devPayments: boolean
  seedDemo: boolean
  /** Who issues the invoices: name, address and contact. */
  company: { name: string; address: string; email: string; phone: string }
  /**
   * The VAT rate list prices include for deliveries in Bangladesh, and the seller's
   * BIN for the Mushak-6.3 (outside production, the demo's when SELLER_BIN is not set; in
   * production none, and no tax invoice is issued until it is set).
   */
  tax: { vatPercent: number; sellerBin: string | undefined }
  /** An unpaid order holds its stock this long; then it is cancelled. */
  orderHoldHours: number
  /** How often the hold sweeper runs in each process. */
  orderSweepMs: number
  /**
   * What one account may hold unpaid, tighter before its e-mail is verified: the
   * open unpaid value in cents, and how long an unverified account's order holds its stock.
   */
  orderLimits: OrderLimits
  /** Each account's drawing storage, in MB. */
  drawingQuotaMb: number
  /** How often expired rate-limit counters are deleted in each process. */
  rateLimitSweepMs: number
  /** Addresses the catalogue's read limit leaves uncounted (SEARCH_LIMIT_ALLOW). */
  searchLimitAllow: string[]
  /** Each uncached search statement's time limit on PostgreSQL (SEARCH_TIMEOUT_MS). */
  searchTimeoutMs: number
  logLevel: string
  /** Where the built web app lives; served on the same port when present. */
  webDistDir: string
  /** Slow clients: headers not all in by then get 408; a socket idle twice as long is cut. */
  requestTimeoutMs: number
  /** Which proxies' X-Forwarded-For to believe for the client address (Fastify trustProxy). */
  trustProxy: boolean | string[]
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.map((p) => `Invalid configuration: ${p}`).join('\n'))
    this.name = 'ConfigError'
  }
}

const defaultWebDist = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../../web/dist',
)

/**
 * Variables whose values a refusal never repeats (secrets, the store password, the account,
 * REDIS_URL, which may carry its password).
 */
const SECRET_NAME = /SECRET|PASSWORD|ACCOUNT_NUMBER|REDIS_URL/

type Env = z.infer<typeof EnvSchema>

/** SSLCommerz's sandbox host: its payments are test payments, no money moves. */
export const isSslcommerzSandbox = (apiUrl: string) =>
  new URL(apiUrl).hostname === new URL(SSLCOMMERZ_SANDBOX_URL).hostname

/**
 * What a production shop refuses to start with: anything that would take a test payment for a
 * real order or believe a forged client address. Each problem names the variable to set.
 */
function liveShopProblems(e: Env): string[] {
  const problems: string[] = []
  if (e.TRUST_PROXY === true)
    problems.push(
      `TRUST_PROXY=true would believe any client's X-Forwarded-For when NODE_ENV=production: it ${TRUST_PROXY_FORM}`,
    )
  if (e.STRIPE_API_BASE)
    problems.push('STRIPE_API_BASE points Stripe at a stand-in: unset it when NODE_ENV=production')
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY]
  if (e.STRIPE_TEST_MODE !== true && stripeKeys.some((k) => k !== undefined && isStripeTestKey(k)))
    problems.push(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be live keys (sk_live_, pk_live_) when NODE_ENV=production; a trial shop sets STRIPE_TEST_MODE=true',
    )
  if (e.SSLCOMMERZ_STORE_ID !== undefined) problems.push(...liveSslcommerzProblems(e))
  return problems
}

function liveSslcommerzProblems(e: Env): string[] {
  const url = e.SSLCOMMERZ_API_URL
  if (url === undefined)
    return [
      'SSLCOMMERZ_API_URL must be set when NODE_ENV=production and SSLCommerz is configured: https://securepay.sslcommerz.com takes real payments',
    ]
  if (isSslcommerzSandbox(url))
    return e.SSLCOMMERZ_SANDBOX === true
      ? []
      : [
          'SSLCOMMERZ_API_URL is the SSLCommerz sandbox, which moves no money: set it to https://securepay.sslcommerz.com, or set SSLCOMMERZ_SANDBOX=true for a trial shop',
        ]
  if (new URL(url).protocol !== 'https:')
    return [
      'SSLCOMMERZ_API_URL must be an https:// URL when NODE_ENV=production: an http:// gateway is a stand-in',
    ]
  return []
}

/** Parses the environment once; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const raw = env[name]
      const shown = SECRET_NAME.test(name) || raw === undefined ? '' : ` (got "${raw}")`
      return `${name} ${issue.message}${shown}`
    })
    throw new ConfigError(problems)
  }
  const e = parsed.data
  const problems: string[] = []
  if (e.NODE_ENV === 'production' && e.DEV_PAYMENTS === true) {
    problems.push(
      'DEV_PAYMENTS cannot be set when NODE_ENV=production: the stand-in gateway takes no money',
    )
  }
  if (e.NODE_ENV === 'production') problems.push(...liveShopProblems(e))
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    problems.push('AUTH_SECRET is required when NODE_ENV=production')
  }
  if ((e.GOOGLE_CLIENT_ID === undefined) !== (e.GOOGLE_CLIENT_SECRET === undefined)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together')
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together')
  }
  if (e.MEDIA_PUBLIC_URL && !e.S3_BUCKET) {
    problems.push('MEDIA_PUBLIC_URL needs S3_BUCKET: it serves picture variants from the bucket')
  }
  if ((e.SSLCOMMERZ_STORE_ID === undefined) !== (e.SSLCOMMERZ_STORE_PASSWORD === undefined)) {
    problems.push('SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD must be set together')
  }
  if (problems.length > 0) throw new ConfigError(problems)

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    blobDir: path.resolve(e.BLOB_DIR ?? path.join(e.DATA_DIR, 'blobs')),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    authSecret: e.AUTH_SECRET,
    adminEmails: e.ADMIN_EMAILS ?? [],
    smtpUrl: e.SMTP_URL,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE,
        }
      : undefined,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL ?? GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    sslcommerz:
      e.SSLCOMMERZ_STORE_ID && e.SSLCOMMERZ_STORE_PASSWORD
        ? {
            storeId: e.SSLCOMMERZ_STORE_ID,
            storePassword: e.SSLCOMMERZ_STORE_PASSWORD,
            apiUrl: (e.SSLCOMMERZ_API_URL ?? SSLCOMMERZ_SANDBOX_URL).replace(/\/$/, ''),
          }
        : undefined,
    bankTransfer: e.BANK_ACCOUNT_NUMBER
      ? {
          bankName: e.BANK_NAME ?? '',
          accountName: e.BANK_ACCOUNT_NAME ?? '',
          accountNumber: e.BANK_ACCOUNT_NUMBER,
          branch: e.BANK_BRANCH ?? '',
          routingNumber: e.BANK_ROUTING_NUMBER ?? '',
          swift: e.BANK_SWIFT ?? '',
        }
      : undefined,
    bankTransferHoldDays: e.BANK_TRANSFER_HOLD_DAYS,
    devPayments: e.NODE_ENV !== 'production' && (e.DEV_PAYMENTS ?? e.NODE_ENV === 'development'),
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    company: {
      name: e.COMPANY_NAME,
      address: e.COMPANY_ADDRESS,
      email: e.COMPANY_EMAIL,
      phone: e.COMPANY_PHONE,
    },
    tax: {
      vatPercent: e.VAT_RATE_PERCENT,
      sellerBin: e.SELLER_BIN ?? (e.NODE_ENV === 'production' ? undefined : DEMO_SELLER_BIN),
    },
    orderHoldHours: e.ORDER_HOLD_HOURS,
    orderSweepMs: Math.round(e.ORDER_SWEEP_SECONDS * 1000),
    orderLimits: {
      unverifiedUnpaidCentsMax: e.UNVERIFIED_UNPAID_VALUE_MAX * 100,
      unpaidCentsMax: e.UNPAID_VALUE_MAX * 100,
      unverifiedHoldMinutes: e.UNVERIFIED_HOLD_MINUTES,
    },
    drawingQuotaMb: e.DRAWING_QUOTA_MB,
    rateLimitSweepMs: Math.round(e.RATE_LIMIT_SWEEP_SECONDS * 1000),
    searchLimitAllow: e.SEARCH_LIMIT_ALLOW ?? [],
    searchTimeoutMs: e.SEARCH_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    webDistDir: defaultWebDist,
    requestTimeoutMs: 30_000,
    trustProxy: e.TRUST_PROXY ?? false,
  }
}

/**
 * Outside production a missing AUTH_SECRET is generated once and kept in DATA_DIR,
 * so sessions survive restarts without anyone handling a secret by hand.
 */
export function ensureAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret
  const file = path.join(config.dataDir, 'auth-secret')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    mkdirSync(config.dataDir, { recursive: true })
    const secret = randomBytes(32).toString('base64url')
    writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}
