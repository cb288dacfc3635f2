import { test } from 'vitest'

import { TEST_ORIGIN } from './app.js'
import { createTestDatabase } from './database.js'
import { expectSigtermDrains } from './sigterm-drain.js'

/** SIGTERM drains on PostgreSQL too: the pool and the change feed's LISTEN client close. */
test(
  'PostgreSQL: SIGTERM drains: the request in flight finishes, new ones are refused, exit 0 within 10 s',
  { timeout: 45_000 },
  async ({ onTestFinished }) => {
    const database = await createTestDatabase()
    onTestFinished(() => database.close())
    await expectSigtermDrains(
      {
        DATABASE_URL: database.url ?? '',
        DATA_DIR: '/tmp/toolworks-drain-pg',
        AUTH_SECRET: 'shutdown-test-secret-0123456789-abcdefghijklmno',
        PUBLIC_URL: TEST_ORIGIN,
        NODE_ENV: 'test',
      },
      onTestFinished,
    )
  },
)
