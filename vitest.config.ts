import { existsSync, readdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

import { dependsOnEngine } from './apps/server/test/engine-split.ts'

const shared = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url))
const alias = { '@toolworks/shared': shared }

/**
 * One Vitest run for every suite that needs no browser. The server suites run on
 * PGlite always and again on PostgreSQL when TEST_DATABASE_URL is set (docs/testing.md).
 */
const serverRoot = fileURLToPath(new URL('./apps/server', import.meta.url))

/**
 * Server test files that open no test database: the same on either engine, so they run once,
 * in the PGlite project (test/engine-split.ts, which test/database.ts checks too).
 */
const engineFree = readdirSync(serverRoot, { recursive: true, encoding: 'utf8' })
  .filter((file) => /(?<!\.pg|\.pglite)\.test\.ts$/.test(file) && !file.includes('node_modules'))
  .filter((file) => !dependsOnEngine(`${serverRoot}/${file}`))

const serverProject = (name: string, env: Record<string, string>, pgOnly: boolean) => ({
  resolve: { alias },
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // *.pg.test.ts need a networked PostgreSQL (locks, restarts, several processes);
    // *.pglite.test.ts are about the embedded engine itself (its files, its dumps).
    exclude: pgOnly
      ? ['**/*.pglite.test.ts', '**/node_modules/**', ...engineFree]
      : ['**/*.pg.test.ts', '**/node_modules/**'],
    environment: 'node',
    // One module graph per worker, not per file: the server suites import the whole app (Fastify,
    // Drizzle, Better Auth) in every file, and isolating each file paid that import again 100
    // times (orders folder: 24 s → 13 s; the PGlite server suite 137 s under load). Safe here:
    // no server test mocks a module, each file opens its own database and app, and test/setup.ts
    // restores spies after every test. The web suite stays isolated (jsdom and module state).
    isolate: false,
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./test/setup.ts'],
  },
})

export default defineConfig({
  test: {
    // Vitest runs cores − 1 files at once: one file at a time on CI's 2 cores. The suites wait on
    // PGlite, PostgreSQL and sockets as much as they compute, so two at a time nearly halves the
    // run (PGlite suite 11.5 → 6.5 min measured) with every test still passing.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] },
      },
      serverProject('server-pglite', { TEST_DB: 'pglite' }, false),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-pg', { TEST_DB: 'pg' }, true)]
        : []),
      ...(existsSync('./apps/web/vite.config.ts') ? ['./apps/web/vite.config.ts'] : []),
    ],
  },
})
