import { execFileSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import { ErrorBodySchema } from '@toolworks/shared'
import { beforeAll, describe, expect, test } from 'vitest'

import { buildTestApp } from '../../test/app.js'
import { useTestDatabase } from '../../test/database.js'

const fixture = fileURLToPath(new URL('../../test/fixtures/web', import.meta.url))
const precompress = fileURLToPath(new URL('../../../../scripts/precompress.mjs', import.meta.url))
const database = useTestDatabase()

const ASSET = '/assets/app-abc123.js'

describe('hashed assets from memory, compressed at build time', () => {
  let dist: string
  let original: Buffer
  let builtBrotli: Buffer
  let builtGzip: Buffer

  beforeAll(() => {
    // A copy of the fixture build, precompressed by the same script `npm run build` runs.
    dist = mkdtempSync(path.join(os.tmpdir(), 'toolworks-dist-'))
    cpSync(fixture, dist, { recursive: true })
    // Vite's build manifest (e2e/bundle-size.spec.ts reads it) is never served.
    mkdirSync(path.join(dist, '.vite'))
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"index.html":{}}')
    mkdirSync(path.join(dist, 'docs'))
    writeFileSync(path.join(dist, 'docs', 'tw-demo-datasheet.pdf'), '%PDF-1.7\n%demo\n')
    execFileSync(process.execPath, [precompress, dist])
    original = readFileSync(path.join(dist, ASSET))
    builtBrotli = readFileSync(path.join(dist, `${ASSET}.br`))
    builtGzip = readFileSync(path.join(dist, `${ASSET}.gz`))
    return () => rmSync(dist, { recursive: true, force: true })
  })

  test('the build manifest is neither compressed nor served', async ({ onTestFinished }) => {
    expect(existsSync(path.join(dist, '.vite', 'manifest.json.br'))).toBe(false)
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir: dist })
    const res = await app.inject({ method: 'GET', url: '/.vite/manifest.json' })
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain('index.html')
  })

  const get = async (
    app: Awaited<ReturnType<typeof buildTestApp>>,
    headers: Record<string, string> = {},
    url = ASSET,
  ) => app.inject({ method: 'GET', url, headers })

  test('brotli and gzip are the build-time copies, chosen by Accept-Encoding, with Vary and a year of caching', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir: dist })

    const br = await get(app, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['vary']).toMatch(/accept-encoding/i)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.rawPayload.equals(builtBrotli)).toBe(true)
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true)

    const gzip = await get(app, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers['vary']).toMatch(/accept-encoding/i)
    expect(gzip.rawPayload.equals(builtGzip)).toBe(true)
    expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true)

    // A client that takes neither (deflate only, or nothing) gets the file as built.
    for (const headers of [{ 'accept-encoding': 'deflate' }, {}] as Record<string, string>[]) {
      const plain = await get(app, headers)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.headers['vary']).toMatch(/accept-encoding/i)
      expect(plain.rawPayload.equals(original)).toBe(true)
    }
  })

  test('each encoding has its own ETag, and a matching If-None-Match gets 304 with no body', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir: dist })
    const br = await get(app, { 'accept-encoding': 'br' })
    const gzip = await get(app, { 'accept-encoding': 'gzip' })
    const plain = await get(app)
    const tags = [br, gzip, plain].map((res) => String(res.headers.etag))
    expect(tags.every((tag) => /^"[^"]+"$/.test(tag))).toBe(true)
    expect(new Set(tags).size).toBe(3)

    const again = await get(app, { 'accept-encoding': 'br', 'if-none-match': tags[0]! })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(tags[0])
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    // The gzip tag does not validate the brotli copy.
    const other = await get(app, { 'accept-encoding': 'br', 'if-none-match': tags[1]! })
    expect(other.statusCode).toBe(200)
  })

  test('files are read once at startup: later changes on disk are not served', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir: dist })
    const before = await get(app, { 'accept-encoding': 'br' })
    writeFileSync(path.join(dist, `${ASSET}.br`), 'changed on disk')
    writeFileSync(path.join(dist, ASSET), 'changed on disk')
    onTestFinished(() => {
      writeFileSync(path.join(dist, `${ASSET}.br`), builtBrotli)
      writeFileSync(path.join(dist, ASSET), original)
    })
    const after = await get(app, { 'accept-encoding': 'br' })
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true)
    expect((await get(app)).rawPayload.equals(original)).toBe(true)
  })

  test('a build without precompressed copies is still served compressed', async ({
    onTestFinished,
  }) => {
    // The checked-in fixture has no .br/.gz files.
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir: fixture })
    const br = await get(app, { 'accept-encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true)
  })

  test('other files of the build revalidate instead of being cached for a year; unknown ones are JSON 404s', async ({
    onTestFinished,
  }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir: dist })
    const robots = await get(app, {}, '/robots.txt')
    expect(robots.statusCode).toBe(200)
    expect(robots.headers['cache-control']).toBe('no-cache')
    const again = await get(app, { 'if-none-match': String(robots.headers.etag) }, '/robots.txt')
    expect(again.statusCode).toBe(304)

    expect(robots.headers['content-disposition']).toBeUndefined()

    // The demo catalogue's documents are downloads, as uploaded ones are.
    const datasheet = await get(app, {}, '/docs/tw-demo-datasheet.pdf')
    expect(datasheet.statusCode).toBe(200)
    expect(datasheet.headers['content-type']).toBe('application/pdf')
    expect(datasheet.headers['content-disposition']).toBe(
      `attachment; filename="tw-demo-datasheet.pdf"; filename*=UTF-8''tw-demo-datasheet.pdf`,
    )

    const missing = await get(app, { 'accept-encoding': 'br' }, '/assets/app-abc123.js.br')
    expect(missing.statusCode).toBe(404)
    expect(ErrorBodySchema.parse(missing.json()).error.code).toBe('NOT_FOUND')
  })
})
