import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'

import { expect, inject, test } from 'vitest'

/**
 * No secret reaches the browser. Every file of the built web app (and every
 * precompressed copy, unpacked), plus the pages the server renders with their data blocks,
 * is searched for the e2e server's secret values and for the names and prefixes of secrets.
 */

const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url))

// Names of server-only settings and the prefixes of Stripe's secret keys and webhook secrets.
const FORBIDDEN = [
  'AUTH_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'sk_live',
  'sk_test',
  'rk_live',
  'whsec_',
]

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

function textOf(file: string): string {
  const bytes = readFileSync(file)
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('latin1')
}

function leaksIn(where: string, text: string, secrets: string[]): string[] {
  const found: string[] = []
  for (const secret of secrets) if (text.includes(secret)) found.push(`${where}: a server secret`)
  for (const word of FORBIDDEN) if (text.includes(word)) found.push(`${where}: ${word}`)
  return found
}

test('no server secret, secret name or secret key prefix in any file of the web build', () => {
  const secrets = inject('serverSecrets')
  expect(secrets.length).toBeGreaterThanOrEqual(2)
  const files = filesUnder(dist)
  expect(files.some((f) => f.endsWith('.js'))).toBe(true)
  const leaks = files.flatMap((file) => leaksIn(path.relative(dist, file), textOf(file), secrets))
  expect(leaks).toEqual([])
})

test('nor in the pages and the public config the server answers', async () => {
  const baseUrl = inject('baseUrl')
  const secrets = inject('serverSecrets')
  const leaks: string[] = []
  for (const page of [
    '/',
    '/home',
    '/products',
    '/login',
    '/robots.txt',
    '/sitemap.xml',
    '/api/config',
  ]) {
    const res = await fetch(`${baseUrl}${page}`)
    expect(res.status, page).toBe(200)
    const headers = JSON.stringify([...res.headers])
    leaks.push(...leaksIn(page, `${headers}\n${await res.text()}`, secrets))
  }
  expect(leaks).toEqual([])
})
