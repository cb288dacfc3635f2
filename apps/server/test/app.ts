import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { App } from '../src/app.js'
import { buildApp } from '../src/app.js'
import { loadConfig, type Config } from '../src/config.js'
import type { Database } from '../src/db/client.js'

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
      DATA_DIR: path.join('/tmp', 'toolworks-test'),
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
): Promise<App> {
  const app = await buildApp({ config: testConfig({}, overrides), database, logger: false })
  onTestFinished(() => app.close())
  await app.ready()
  return app
}
