import { defineConfig } from 'vitest/config'

/**
 * `npm run test:cluster`: the production build as two processes on one PostgreSQL
 * behind nginx (deploy/nginx.conf). Needs `npm run build`, nginx and PostgreSQL.
 */
export default defineConfig({
  test: {
    name: 'cluster',
    root: './e2e/cluster',
    include: ['**/*.spec.ts'],
    globalSetup: ['./setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
