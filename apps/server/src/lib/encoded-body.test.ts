import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import { describe, expect, test } from 'vitest'

import { buildTestApp } from '../../test/app.js'
import { useTestDatabase } from '../../test/database.js'
import { insertTool } from '../../test/factories.js'
import { compressionsMade, encodeBody } from './encoded-body.js'

const webDistDir = fileURLToPath(new URL('../../test/fixtures/web', import.meta.url))
const database = useTestDatabase()

type App = Awaited<ReturnType<typeof buildTestApp>>
const get = (app: App, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers })

// Enough tools that the list is well over the 1 KB below which nothing is compressed.
async function fillCatalogue() {
  for (let i = 0; i < 12; i += 1) {
    await insertTool(database.current.db, {
      name: `Compressible torque wrench number ${i}`,
      description: 'A long description that repeats so the answer is worth compressing. '.repeat(3),
    })
  }
}

describe('cached answers compressed once per cache fill, not per request', () => {
  test.for([
    ['the catalogue list (JSON)', '/api/tool?limit=20', /application\/json/],
    ['the products page (HTML)', '/products', /text\/html/],
    ['the home page (HTML)', '/', /text\/html/],
  ] as const)(
    '%s: br, gzip and identity decode to the same text, with Vary and one tag each',
    async ([, url, type], { onTestFinished }) => {
      await fillCatalogue()
      const app = await buildTestApp(database.current, onTestFinished, { webDistDir })

      const plain = await get(app, url)
      const br = await get(app, url, { 'accept-encoding': 'gzip, deflate, br' })
      const gzip = await get(app, url, { 'accept-encoding': 'gzip' })
      const deflateOnly = await get(app, url, { 'accept-encoding': 'deflate' })

      for (const res of [plain, br, gzip, deflateOnly]) {
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-type']).toMatch(type)
        expect(res.headers.vary).toMatch(/accept-encoding/i)
        expect(res.headers['cache-control']).toBe('no-cache')
      }
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body.length).toBeGreaterThan(1024)
      expect(br.headers['content-encoding']).toBe('br')
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
      expect(gzip.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
      // A client that takes neither gets the text; @fastify/compress does not deflate it.
      expect(deflateOnly.headers['content-encoding']).toBeUndefined()
      expect(deflateOnly.body).toBe(plain.body)
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length)

      // Each representation has its own strong tag (RFC 9110 §8.8.3), and each revalidates.
      const tags = [plain, br, gzip].map((res) => res.headers.etag)
      expect(new Set(tags).size).toBe(3)
      for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/)
      expect(br.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-br"'))
      const notModified = await get(app, url, {
        'accept-encoding': 'br',
        'if-none-match': `W/"other", ${String(br.headers.etag)}`,
      })
      expect(notModified.statusCode).toBe(304)
      expect(notModified.body).toBe('')
      expect(notModified.headers.etag).toBe(br.headers.etag)
      // The gzip copy's tag does not match the brotli copy: that client gets the body.
      const otherCopy = await get(app, url, {
        'accept-encoding': 'br',
        'if-none-match': String(gzip.headers.etag),
      })
      expect(otherCopy.statusCode).toBe(200)
      expect(otherCopy.headers['content-encoding']).toBe('br')
    },
  )

  test('each encoding is compressed once, when first asked for: a request without one compresses nothing', async ({
    onTestFinished,
  }) => {
    await fillCatalogue()
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const url = '/api/tool?limit=20'

    const before = compressionsMade()
    const plain = await get(app, url, { 'accept-encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    expect(compressionsMade()).toBe(before)

    const first = await get(app, url, { 'accept-encoding': 'br' })
    expect(first.headers['content-encoding']).toBe('br')
    expect(compressionsMade()).toBe(before + 1)
    const zipped = await get(app, url, { 'accept-encoding': 'gzip' })
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body)
    const afterBoth = compressionsMade()
    expect(afterBoth).toBe(before + 2)

    for (let i = 0; i < 5; i += 1) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await get(app, url, { 'accept-encoding': encoding })
        expect(res.statusCode).toBe(200)
      }
    }
    expect(compressionsMade()).toBe(afterBoth)

    // A change empties the cache: the next read fills it, and compresses what it asks, again.
    await insertTool(database.current.db, { name: 'A new vice' })
    await database.current.changes.publish('catalog')
    const changed = await get(app, url, { 'accept-encoding': 'gzip' })
    expect(gunzipSync(changed.rawPayload).toString()).toContain('A new vice')
    expect(compressionsMade()).toBe(afterBoth + 1)
  })

  test('a small answer is sent as it is, without Vary', async ({ onTestFinished }) => {
    const app = await buildTestApp(database.current, onTestFinished, { webDistDir })
    const res = await get(app, '/api/tool?limit=20', { 'accept-encoding': 'br, gzip' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('[]')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary).toBeUndefined()
  })

  test('encodeBody keeps only copies smaller than the text', () => {
    const small = encodeBody('{"a":1}')
    expect(small.make!('br')).toBeUndefined()
    expect(small.encoded).toEqual({})
    const text = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ id: i, name: 'wrench' })))
    const big = encodeBody(text)
    expect(big.encoded).toEqual({})
    expect(brotliDecompressSync(big.make!('br')!.body).toString()).toBe(text)
    expect(gunzipSync(big.make!('gzip')!.body).toString()).toBe(text)
    expect(Object.keys(big.encoded).sort()).toEqual(['br', 'gzip'])
  })
})
