import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll } from 'vitest'

import type { App, AppOptions } from '../src/app.js'
import { buildApp } from '../src/app.js'
import { loadConfig, type Config } from '../src/config.js'
import type { Database } from '../src/db/client.js'
import { testPasswordHasher } from './password-hasher.js'

/** The site's origin in tests; cookie-carrying auth calls must come from it. */
export const TEST_ORIGIN = 'http://localhost:3000'

const emptyWebDist = fileURLToPath(new URL('./fixtures/no-web', import.meta.url))

/** A config as the tests want it: quiet, no seeding, no built web app unless asked. */
export function testConfig(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      // Each app gets its own folder, so a test reads only its own outbox.
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'toolworks-test-')),
      AUTH_SECRET: 'test-secret-that-is-long-enough-for-the-schema-0123456789',
      PUBLIC_URL: TEST_ORIGIN,
      // app.inject's own address: suites that read the catalogue hundreds of times in a
      // second are not its visitors. Tests of the read limit send from other addresses.
      SEARCH_LIMIT_ALLOW: '127.0.0.1',
      ...env,
    }),
    webDistDir: emptyWebDist,
    ...overrides,
  }
}

/** Builds the app on the given database; closed when the test finishes. */
export async function buildTestApp(
  database: Database,
  onTestFinished: (fn: () => Promise<void>) => void,
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'clock' | 'paymentProviders'> = {},
): Promise<App> {
  const app = await buildApp({
    config: testConfig({}, overrides),
    database,
    logger: false,
    passwordHasher: testPasswordHasher,
    ...options,
  })
  onTestFinished(() => app.close())
  await app.ready()
  return app
}

/**
 * One app for every test of a file (built once, closed after the last test), for tests that
 * need no configuration of their own: building one costs 250–700 ms, paid by ~140 tests before.
 * Each test still starts from empty tables (useTestDatabase truncates them and
 * tells the app's caches to forget), so nothing but the app's outbox folder is shared: a test
 * reads only mails to the addresses it made.
 */
export function useTestApp(
  database: { readonly current: Database },
  overrides: Partial<Config> = {},
): { readonly current: App } {
  let app: App | undefined
  beforeAll(async () => {
    app = await buildApp({
      config: testConfig({}, overrides),
      database: database.current,
      logger: false,
      passwordHasher: testPasswordHasher,
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
  })
  return {
    get current() {
      if (!app) throw new Error('test app not ready')
      return app
    },
  }
}
