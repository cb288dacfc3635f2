import { fileURLToPath } from 'node:url'

import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const src = fileURLToPath(new URL('./src', import.meta.url))
const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url))

// The API server (apps/server) serves /api and /media on port 3000 (docs/configuration.md).
const proxy = {
  '/api': 'http://127.0.0.1:3000',
  '/media': 'http://127.0.0.1:3000',
}

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  // The server's renderer (dist-server) needs no copy of public/: dist has it.
  publicDir: isSsrBuild ? false : 'public',
  resolve: {
    alias: { '@': src, '@toolworks/shared': shared },
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    // e2e/bundle-size.spec.ts follows the first load from boot.ts through main.tsx's chunks.
    manifest: !isSsrBuild,
    // Every browser we support has modulepreload (Chrome 66, Safari 17, Firefox 115): no polyfill
    // in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Libraries every page loads get chunks of their own, cached across deploys of our code.
            // Only name packages the main chunk uses: a group would pull lazy-only code up front.
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                },
                {
                  name: 'vendor',
                  // Not zod: it loads with the first schema a screen uses, and
                  // main.tsx sets its jitless option first (lib/zod-config.ts).
                  test: /node_modules[\\/]@tanstack[\\/]/,
                },
                {
                  // Vite's import helper, which boot.ts needs before the first paint: on its own,
                  // so boot does not pull the app's chunks (and React) in with it.
                  name: 'preload-helper',
                  test: /preload-helper/,
                },
                {
                  // Small modules main.tsx shares with lazy screens: one chunk instead of six,
                  // fewer requests and preload links before hydration.
                  name: 'app',
                  test: /packages[\\/]shared[\\/]src[\\/](constants|query-keys)\.ts$|apps[\\/]web[\\/]src[\\/]lib[\\/](paths|api-error|api-client|auth)\.tsx?$/,
                },
              ],
            },
          },
        },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Worker threads, not child processes: each file still gets its own module graph and
    // jsdom, and a thread starts in a fraction of a process's time (the dashboard's 28 files
    // took 182 s in forks and 119 s in threads here).
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
  },
}))
