import { defineConfig } from 'vitest/config'

/** Browser journeys in Debian's Chromium against the production build (`npm run build` first). */
export default defineConfig({
  test: {
    name: 'e2e',
    root: './e2e',
    include: ['**/*.spec.ts'],
    // Two processes behind nginx on PostgreSQL: `npm run test:cluster`, a set-up of its own.
    // The expired-quote journey edits the server's rows: only on PostgreSQL (E2E_DATABASE_URL).
    exclude: [
      'cluster/**',
      '**/node_modules/**',
      ...(process.env.E2E_DATABASE_URL ? [] : ['quotes-expired.spec.ts']),
    ],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Two cores: one browser at a time keeps the journeys steady.
    fileParallelism: false,
  },
})
