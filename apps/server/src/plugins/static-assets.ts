import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { contentType } from 'mime-types'

import { sendEncoded, type Encoding, type Representations } from '../lib/encoded-body.js'
import { contentDisposition } from '../modules/quotes/drawing-names.js'

type Variant = { body: Buffer; etag: string }
type Asset = Representations & {
  type: string
  cacheControl: string
  /** Content-Disposition of a download (the demo catalogue's documents), else none. */
  disposition?: string
}

type Options = { webDistDir: string }

/** Text formats worth compressing; the same list as scripts/precompress.mjs. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }
const IMMUTABLE = 'public, max-age=31536000, immutable'
/**
 * The demo catalogue's documents (scripts/demo-documents.mjs): downloads, as an uploaded
 * document is (`Content-Disposition: attachment`), never opened in the shop's origin.
 */
const DOWNLOADS = /^docs\//

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) yield* filesUnder(file)
    else yield file
  }
}

/** Each encoding is its own representation, so each gets its own strong tag (RFC 9110 §8.8.3). */
const variant = (body: Buffer, tagSuffix = ''): Variant => ({
  body,
  etag: `"${createHash('sha1').update(body).digest('base64url')}${tagSuffix}"`,
})

/**
 * Loads the built web app's files into memory with their brotli and gzip copies, which
 * scripts/precompress.mjs made at build time. A copy that is missing (a build
 * made without the script) is made once here, at a lower level, and the gap is logged.
 */
export function loadAssets(webDistDir: string, log: FastifyInstance['log']) {
  const assets = new Map<string, Asset>()
  if (!existsSync(webDistDir)) return assets
  let missing = 0
  for (const file of filesUnder(webDistDir)) {
    const relative = path.relative(webDistDir, file).split(path.sep).join('/')
    // index.html is the template of the pages (plugins/pages.ts); .br/.gz are variants;
    // .vite/manifest.json is the build's map of chunks, for tests, not for browsers.
    if (relative === 'index.html' || relative.startsWith('.vite/') || /\.(br|gz)$/.test(relative))
      continue
    const raw = readFileSync(file)
    const encoded: Asset['encoded'] = {}
    if (COMPRESSIBLE.test(relative)) {
      for (const encoding of ['br', 'gzip'] as const) {
        const copy = `${file}${SUFFIX[encoding]}`
        let body: Buffer
        if (existsSync(copy)) body = readFileSync(copy)
        else {
          missing += 1
          body = encoding === 'br' ? brotliCompressSync(raw) : gzipSync(raw)
        }
        // A tiny file may grow when compressed; then only the original is sent.
        if (body.length < raw.length) encoded[encoding] = variant(body, `-${encoding}`)
      }
    }
    assets.set(`/${relative}`, {
      type: contentType(path.extname(relative)) || 'application/octet-stream',
      cacheControl: relative.startsWith('assets/') ? IMMUTABLE : 'no-cache',
      identity: variant(raw),
      encoded,
      compressible: encoded.br !== undefined || encoded.gzip !== undefined,
      ...(DOWNLOADS.test(relative) && {
        disposition: contentDisposition('attachment', path.basename(relative)),
      }),
    })
  }
  if (missing > 0) {
    log.warn({ missing }, 'web build without precompressed copies: compressed at startup')
  }
  return assets
}

/**
 * Serves the built web app's files from memory: hashed assets (/assets/*) cached for
 * a year, other files (favicon, images) revalidated by ETag. The client gets the brotli or
 * gzip copy its Accept-Encoding allows, with `Vary: Accept-Encoding` so a shared cache keeps
 * them apart; nothing is read from disk or compressed per request. Unknown files fall through
 * to the JSON 404 (plugins/errors.ts).
 */
export const staticAssetsPlugin = fp<Options>(
  async (app: FastifyInstance, { webDistDir }) => {
    const assets = loadAssets(webDistDir, app.log)

    // The encoding, Vary, ETag and 304 as every cached body gets them (lib/encoded-body.ts).
    const send = (asset: Asset) => (request: FastifyRequest, reply: FastifyReply) => {
      reply.type(asset.type).header('Cache-Control', asset.cacheControl)
      if (asset.disposition) reply.header('Content-Disposition', asset.disposition)
      return sendEncoded(request, reply, asset)
    }

    for (const [url, asset] of assets) {
      // compress: false: the bytes are final; @fastify/compress must not touch them.
      app.get(url, { schema: { hide: true }, compress: false }, send(asset))
    }
  },
  { name: 'static-assets' },
)
