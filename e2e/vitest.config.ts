import { defineConfig } from 'vitest/config'

/** Browser journeys in Debian's Chromium against the production build (`npm run build` first). */
export default defineConfig({
  test: {
    name: 'e2e',
    root: './e2e',
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Two cores: one browser at a time keeps the journeys steady.
    fileParallelism: false,
  },
})
