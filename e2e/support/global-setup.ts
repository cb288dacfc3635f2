import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { TestProject } from 'vitest/node'

import { startGoogleStandIn } from '../../apps/server/test/oidc-server.js'
import { freePort, waitForHealth } from './server-process.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const serverEntry = path.join(root, 'apps/server/dist/server.js')
const webIndex = path.join(root, 'apps/web/dist/index.html')

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** DATA_DIR of the server under test: its outbox holds the emails it sent. */
    dataDir: string
    /** This email is an admin from sign-up on (ADMIN_EMAILS). */
    adminEmail: string
    /** Who the local Google stand-in signs in. */
    googleUser: { email: string; name: string }
    /** The server's secret values: none may reach the web bundle (secrets.spec.ts). */
    serverSecrets: string[]
  }
}

/**
 * Starts the built server on a free port with the demo data, on its own embedded database, or
 * on the PostgreSQL database of E2E_DATABASE_URL (CI runs the quote journeys there as well:
 * the quotes must work on both engines, and there a test can reach the server's rows).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(serverEntry) || !existsSync(webIndex)) {
    throw new Error(
      'The production build is missing: run `npm run build` before `npm run test:e2e`.',
    )
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-e2e-'))
  const adminEmail = `admin.${Date.now().toString(36)}@toolworks.example`
  const googleUser = {
    email: `google.${Date.now().toString(36)}@example.com`,
    name: 'Google Buyer',
  }
  const google = await startGoogleStandIn()
  google.signInAs(googleUser)
  const authSecret = `e2e-auth-secret-${Date.now().toString(36)}-0123456789abcdefghij`
  const googleSecret = 'e2e-client-secret'
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  let log = ''
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      // Pages say who they are through X-Forwarded-For (support/browser.ts).
      TRUST_PROXY: '127.0.0.1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'true',
      ADMIN_EMAILS: adminEmail,
      GOOGLE_CLIENT_ID: 'toolworks-e2e',
      GOOGLE_CLIENT_SECRET: googleSecret,
      AUTH_SECRET: authSecret,
      GOOGLE_DISCOVERY_URL: google.discoveryUrl,
      LOG_LEVEL: 'warn',
      // The SSLCommerz stand-in under /dev/sslcommerz and bank transfer with demo details
      // (the payment page offers all three methods, Card preselected).
      DEV_PAYMENTS: 'true',
      ...(process.env.E2E_DATABASE_URL && { DATABASE_URL: process.env.E2E_DATABASE_URL }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()))
  await waitForHealth(baseUrl, child, () => log)
  project.provide('baseUrl', baseUrl)
  project.provide('dataDir', dataDir)
  project.provide('adminEmail', adminEmail)
  project.provide('googleUser', googleUser)
  project.provide('serverSecrets', [authSecret, googleSecret])

  return async () => {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    await google.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
