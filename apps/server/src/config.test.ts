import { describe, expect, test } from 'vitest'

import { ConfigError, DEMO_SELLER_BIN, loadConfig } from './config.js'

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('loadConfig', () => {
  test('applies the defaults of docs/configuration.md to an empty environment', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      adminEmails: [],
      stripe: undefined,
      google: undefined,
      seedDemo: true,
    })
    expect(config.dataDir).toMatch(/\/data$/)
  })

  test('treats empty strings as unset and coerces numbers and booleans', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      ADMIN_EMAILS: ' Boss@Example.com , ops@example.com',
    })
    expect(config.port).toBe(8080)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.seedDemo).toBe(false)
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com'])
    expect(config.publicUrl).toBe('http://localhost:8080')
  })

  test.for([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://shop' }, 'PUBLIC_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ ADMIN_EMAILS: 'not-an-email' }, 'ADMIN_EMAILS'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_ID'],
    [{ ORDER_HOLD_HOURS: '0' }, 'ORDER_HOLD_HOURS'],
    [{ ORDER_HOLD_HOURS: 'two days' }, 'ORDER_HOLD_HOURS'],
    [{ ORDER_SWEEP_SECONDS: '-1' }, 'ORDER_SWEEP_SECONDS'],
    [{ DRAWING_QUOTA_MB: '0' }, 'DRAWING_QUOTA_MB'],
    [{ DRAWING_QUOTA_MB: 'lots' }, 'DRAWING_QUOTA_MB'],
    [{ COMPANY_EMAIL: 'accounts at toolworks' }, 'COMPANY_EMAIL'],
    [{ SSLCOMMERZ_STORE_ID: 'store-only' }, 'SSLCOMMERZ_STORE_ID'],
    [{ SSLCOMMERZ_API_URL: 'sandbox.sslcommerz.com' }, 'SSLCOMMERZ_API_URL'],
    [{ BANK_TRANSFER_HOLD_DAYS: '0' }, 'BANK_TRANSFER_HOLD_DAYS'],
    [{ BANK_TRANSFER_HOLD_DAYS: '91' }, 'BANK_TRANSFER_HOLD_DAYS'],
  ] as const)('a bad %o names %s in one line', ([env, name]) => {
    const problems = problemsOf(env)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(new RegExp(`^${name} `))
    expect(problems[0]).not.toContain('\n')
  })

  test('never echoes a secret back', () => {
    const [problem] = problemsOf({ AUTH_SECRET: 'hunter2' })
    expect(problem).not.toContain('hunter2')
  })

  test('SSLCommerz and bank transfer are offered only when configured', () => {
    const plain = loadConfig({})
    expect(plain.sslcommerz).toBeUndefined()
    expect(plain.bankTransfer).toBeUndefined()
    expect(plain.bankTransferHoldDays).toBe(7)
    const shop = loadConfig({
      SSLCOMMERZ_STORE_ID: 'toolw0001',
      SSLCOMMERZ_STORE_PASSWORD: 'toolw0001@ssl',
      BANK_ACCOUNT_NUMBER: '1234567890123',
      BANK_NAME: 'Dutch-Bangla Bank',
      BANK_TRANSFER_HOLD_DAYS: '10',
    })
    expect(shop.sslcommerz).toEqual({
      storeId: 'toolw0001',
      storePassword: 'toolw0001@ssl',
      apiUrl: 'https://sandbox.sslcommerz.com',
    })
    expect(shop.bankTransfer).toMatchObject({
      bankName: 'Dutch-Bangla Bank',
      accountNumber: '1234567890123',
    })
    expect(shop.bankTransferHoldDays).toBe(10)
  })

  test('production seeds nothing unless asked', () => {
    const secret = 'x'.repeat(40)
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }).seedDemo).toBe(false)
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true)
  })
})

test('the seller BIN: the demo has one; production has only what SELLER_BIN says', () => {
  const secret = 'x'.repeat(40)
  expect(loadConfig({ NODE_ENV: 'test' }).tax).toEqual({
    vatPercent: 15,
    sellerBin: DEMO_SELLER_BIN,
  })
  expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }).tax.sellerBin).toBeUndefined()
  expect(
    loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, SELLER_BIN: '000123456-0101' }).tax
      .sellerBin,
  ).toBe('0001234560101')
  expect(() => loadConfig({ NODE_ENV: 'test', SELLER_BIN: '12345' })).toThrow(/SELLER_BIN/)
  expect(loadConfig({ NODE_ENV: 'test', VAT_RATE_PERCENT: '10' }).tax.vatPercent).toBe(10)
  expect(() => loadConfig({ NODE_ENV: 'test', VAT_RATE_PERCENT: '7.5' })).toThrow(/whole percent/)
})

test('unpaid orders hold their stock 48 hours by default, swept every minute', () => {
  const config = loadConfig({ NODE_ENV: 'test' })
  expect(config.orderHoldHours).toBe(48)
  expect(config.orderSweepMs).toBe(60_000)
  expect(loadConfig({ NODE_ENV: 'test', ORDER_HOLD_HOURS: '1.5' }).orderHoldHours).toBe(1.5)
})

test('each account keeps 200 MB of drawings unless DRAWING_QUOTA_MB says otherwise', () => {
  expect(loadConfig({ NODE_ENV: 'test' }).drawingQuotaMb).toBe(200)
  expect(loadConfig({ NODE_ENV: 'test', DRAWING_QUOTA_MB: '50' }).drawingQuotaMb).toBe(50)
})

test('the invoices name the company: Toolworks in Gazipur by default, or as configured', () => {
  expect(loadConfig({ NODE_ENV: 'test' }).company).toEqual({
    name: 'Toolworks',
    address: 'Gazipur, Dhaka Division, Bangladesh',
    email: 'sales@toolworks.example',
    phone: '+880 2 5500 0000',
  })
  expect(
    loadConfig({
      NODE_ENV: 'test',
      COMPANY_NAME: 'Toolworks Ltd',
      COMPANY_ADDRESS: 'Plot 7, BSCIC Estate, Gazipur 1700',
      COMPANY_EMAIL: 'accounts@toolworks.example',
      COMPANY_PHONE: '+880 2 5500 0100',
    }).company,
  ).toEqual({
    name: 'Toolworks Ltd',
    address: 'Plot 7, BSCIC Estate, Gazipur 1700',
    email: 'accounts@toolworks.example',
    phone: '+880 2 5500 0100',
  })
})

test('Redis only with REDIS_URL, under a key prefix; a bad URL is refused unechoed', () => {
  expect(loadConfig({}).redis).toBeUndefined()
  expect(loadConfig({ REDIS_URL: '' }).redis).toBeUndefined()
  expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/3' }).redis).toEqual({
    url: 'redis://127.0.0.1:6379/3',
    keyPrefix: 'toolworks:',
  })
  expect(loadConfig({ REDIS_URL: 'rediss://h:6380', REDIS_KEY_PREFIX: 'shop-b:' }).redis).toEqual({
    url: 'rediss://h:6380',
    keyPrefix: 'shop-b:',
  })
  expect(problemsOf({ REDIS_URL: 'http://:hunter2@h' })).toEqual([
    'REDIS_URL must be a redis:// or rediss:// URL',
  ])
})

test('S3_BUCKET turns the bucket store on with its settings; unset, the folder stays', () => {
  expect(loadConfig({}).s3).toBeUndefined()
  expect(loadConfig({}).mediaPublicUrl).toBeUndefined()
  const config = loadConfig({
    S3_BUCKET: 'toolworks-files',
    S3_ENDPOINT: 'http://minio:9000',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret',
    S3_FORCE_PATH_STYLE: 'true',
    MEDIA_PUBLIC_URL: 'https://cdn.example.com/files/',
  })
  expect(config.s3).toEqual({
    bucket: 'toolworks-files',
    endpoint: 'http://minio:9000',
    region: 'us-east-1',
    accessKeyId: 'key-id',
    secretAccessKey: 'secret',
    forcePathStyle: true,
  })
  expect(config.mediaPublicUrl).toBe('https://cdn.example.com/files')
  expect(loadConfig({ S3_BUCKET: 'b-1', S3_REGION: 'auto' }).s3).toMatchObject({
    region: 'auto',
    forcePathStyle: false,
    accessKeyId: undefined,
  })
  expect(problemsOf({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'only-the-id' })).toEqual([
    'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
  ])
  expect(problemsOf({ MEDIA_PUBLIC_URL: 'https://cdn.example.com' })).toEqual([
    'MEDIA_PUBLIC_URL needs S3_BUCKET: it serves picture variants from the bucket',
  ])
  expect(problemsOf({ S3_BUCKET: 'Not A Bucket' })[0]).toMatch(/S3_BUCKET/)
  // A secret never appears in a refusal.
  expect(
    problemsOf({ S3_BUCKET: 'b-1', S3_SECRET_ACCESS_KEY: 'LEAKCHECK-s3-secret' }).join(' '),
  ).not.toContain('LEAKCHECK')
})

describe('a live shop never takes a test payment (docs/security.md)', () => {
  const live = { NODE_ENV: 'production', AUTH_SECRET: 'a-secret-that-is-long-enough-0123456789' }
  const store = { SSLCOMMERZ_STORE_ID: 'toolw0001', SSLCOMMERZ_STORE_PASSWORD: 'toolw0001@ssl' }
  const LIVE_GATEWAY = 'https://securepay.sslcommerz.com'

  test('SSLCommerz in production needs SSLCOMMERZ_API_URL set, and the live gateway', () => {
    expect(problemsOf({ ...live, ...store })).toEqual([
      expect.stringMatching(/^SSLCOMMERZ_API_URL must be set when NODE_ENV=production/),
    ])
    expect(loadConfig({ ...live, ...store, SSLCOMMERZ_API_URL: LIVE_GATEWAY }).sslcommerz).toEqual({
      storeId: 'toolw0001',
      storePassword: 'toolw0001@ssl',
      apiUrl: LIVE_GATEWAY,
    })
    // A stand-in answers over plain http: it takes no money either.
    expect(problemsOf({ ...live, ...store, SSLCOMMERZ_API_URL: 'http://127.0.0.1:9999' })).toEqual([
      expect.stringMatching(/^SSLCOMMERZ_API_URL must be an https:\/\/ URL/),
    ])
    // Outside production the sandbox stays the default.
    expect(loadConfig(store).sslcommerz?.apiUrl).toBe('https://sandbox.sslcommerz.com')
  })

  test('the sandbox host in production is refused unless SSLCOMMERZ_SANDBOX=true', () => {
    const sandbox = { ...live, ...store, SSLCOMMERZ_API_URL: 'https://sandbox.sslcommerz.com/' }
    const [problem, ...rest] = problemsOf(sandbox)
    expect(rest).toEqual([])
    expect(problem).toMatch(/^SSLCOMMERZ_API_URL is the SSLCommerz sandbox/)
    expect(problem).toContain('SSLCOMMERZ_SANDBOX=true')
    expect(problem).toContain(LIVE_GATEWAY)
    expect(problemsOf({ ...sandbox, SSLCOMMERZ_SANDBOX: 'true' })).toEqual([])
    expect(problemsOf({ ...sandbox, SSLCOMMERZ_SANDBOX: 'false' })).toHaveLength(1)
  })

  test('Stripe in production takes live keys, and no stand-in API', () => {
    const [testKey] = problemsOf({ ...live, STRIPE_SECRET_KEY: 'sk_test_123' })
    expect(testKey).toMatch(/^STRIPE_SECRET_KEY /)
    expect(testKey).toContain('STRIPE_TEST_MODE=true')
    expect(testKey).not.toContain('sk_test_123')
    expect(
      problemsOf({ ...live, STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }),
    ).toHaveLength(1)
    expect(
      problemsOf({ ...live, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_TEST_MODE: 'true' }),
    ).toEqual([])
    expect(
      problemsOf({ ...live, STRIPE_SECRET_KEY: 'rk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' }),
    ).toEqual([])
    expect(
      problemsOf({
        ...live,
        STRIPE_SECRET_KEY: 'sk_live_1',
        STRIPE_API_BASE: 'http://127.0.0.1:1',
      }),
    ).toEqual([expect.stringMatching(/^STRIPE_API_BASE /)])
    // Development and tests keep their test keys.
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' }).stripe?.secretKey).toBe('sk_test_123')
  })
})
