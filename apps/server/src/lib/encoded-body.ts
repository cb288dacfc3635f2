import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

import { ifNoneMatchHits } from './if-none-match.js'

export type Encoding = 'br' | 'gzip'

/** One representation of a body: its bytes (or text) and its own strong entity tag. */
export type Variant = { body: Buffer | string; etag: string }

/**
 * A cached answer as it goes on the wire: the text, and its brotli and gzip copies made once
 * when the cache was filled (issue 16), not by @fastify/compress on every request. A body too
 * small to gain (under COMPRESS_THRESHOLD, as @fastify/compress's threshold in app.ts) has none.
 */
export type EncodedBody = Representations & { identity: Variant & { body: string } }

/** A body's identity and its compressed copies: a cached answer, a page or a built file. */
export type Representations = {
  identity: Variant
  encoded: Partial<Record<Encoding, Variant>>
}

/** The same threshold as @fastify/compress in app.ts: smaller bodies are sent as they are. */
export const COMPRESS_THRESHOLD = 1024
/**
 * Brotli quality 5: close to the best ratio for JSON and HTML at a few percent of quality 11's
 * time, so a cache fill stays cheap (each fill compresses once per encoding).
 */
const BROTLI_QUALITY = 5
const GZIP_LEVEL = 6

let compressions = 0
/** How many bodies have been compressed since the process started (a test's counter). */
export const compressionsMade = (): number => compressions

const sha1 = (text: string) => createHash('sha1').update(text).digest('base64url')

/** The entity tag of a body's identity representation: `"<sha1 of the text>"`. */
export const etagOf = (text: string): string => `"${sha1(text)}"`

/**
 * Makes a body's representations once. Each encoding is its own representation with its own
 * strong tag (RFC 9110 §8.8.3), as plugins/static-assets.ts does: `"<sha1>-br"`, `"<sha1>-gzip"`.
 */
export function encodeBody(text: string): EncodedBody {
  const hash = sha1(text)
  const identity = { body: text, etag: `"${hash}"` }
  const encoded: EncodedBody['encoded'] = {}
  const size = Buffer.byteLength(text)
  if (size >= COMPRESS_THRESHOLD) {
    compressions += 1
    const br = brotliCompressSync(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    })
    const gzip = gzipSync(text, { level: GZIP_LEVEL })
    if (br.length < size) encoded.br = { body: br, etag: `"${hash}-br"` }
    if (gzip.length < size) encoded.gzip = { body: gzip, etag: `"${hash}-gzip"` }
  }
  return { identity, encoded }
}

/**
 * What a body's representations hold in memory, in bytes: the text counted at two bytes a
 * character (what V8 keeps for a string with any character outside Latin-1, such as ৳), and
 * the compressed copies. The caches of answers and pages are bounded by this (issue 31).
 */
export function encodedBytes({ identity, encoded }: EncodedBody): number {
  return (
    identity.body.length * 2 + (encoded.br?.body.length ?? 0) + (encoded.gzip?.body.length ?? 0)
  )
}

const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] })

/**
 * Sends the representation the client's Accept-Encoding prefers, with `Vary: Accept-Encoding`
 * when there is a choice, its Content-Encoding and ETag, or 304 when If-None-Match holds that
 * tag. Another status (a page's 404) is sent as it is, without ETag or 304. The route must be registered with `compress: false`, so @fastify/compress leaves it alone.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  { identity, encoded }: Representations,
  status = 200,
): FastifyReply {
  const header = request.headers['accept-encoding']
  const encoding = header ? negotiator.negotiate(header) : null
  const chosen = (encoding && encoded[encoding]) || identity
  if (encoded.br || encoded.gzip) reply.header('Vary', 'Accept-Encoding')
  // Only a success is revalidated: a 404's page is sent whole, with its status, every time.
  if (status === 200) {
    reply.header('ETag', chosen.etag)
    if (ifNoneMatchHits(request.headers['if-none-match'], chosen.etag)) {
      return reply.code(304).send()
    }
  }
  if (chosen !== identity && encoding) reply.header('Content-Encoding', encoding)
  return reply.code(status).send(chosen.body)
}
