import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

import { ifNoneMatchHits } from './if-none-match.js'

export type Encoding = 'br' | 'gzip'

/** One representation of a body: its bytes (or text) and its own strong entity tag. */
export type Variant = { body: Buffer | string; etag: string }

/**
 * A cached answer as it goes on the wire: the text, and its brotli and gzip copies, each made
 * the first time a client asks for it and kept, not by @fastify/compress on every
 * request. A copy nobody asks for is never made: most searches are asked once, and a client
 * takes one encoding. A body too small to gain (under COMPRESS_THRESHOLD, as @fastify/compress's
 * threshold in app.ts) has none.
 */
export type EncodedBody = Representations & { identity: Variant & { body: string } }

/** A body's identity and its compressed copies: a cached answer, a page or a built file. */
export type Representations = {
  identity: Variant
  /** The copies made so far (a built file's, all of them ahead). */
  encoded: Partial<Record<Encoding, Variant>>
  /** Makes the copy in an encoding when first asked for (absent where all were made ahead). */
  make?: (encoding: Encoding) => Variant | undefined
  /** Whether there are copies (or could be): the answer then varies by Accept-Encoding. */
  compressible: boolean
}

/** The same threshold as @fastify/compress in app.ts: smaller bodies are sent as they are. */
export const COMPRESS_THRESHOLD = 1024
/**
 * Brotli quality 5: close to the best ratio for JSON and HTML at a few percent of quality 11's
 * time, so a copy stays cheap to make (each kept body compresses once per encoding asked for).
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
 * A body's representations, each compressed copy made when first asked for (`make`), then
 * kept; `onCopy` is told when one is made, so a cache can count its bytes. Each encoding is its
 * own representation with its own strong tag (RFC 9110 §8.8.3), as plugins/static-assets.ts
 * does: `"<sha1>-br"`, `"<sha1>-gzip"`.
 */
export function encodeBody(text: string, onCopy?: () => void): EncodedBody {
  const hash = sha1(text)
  const encoded: EncodedBody['encoded'] = {}
  const size = Buffer.byteLength(text)
  const compressible = size >= COMPRESS_THRESHOLD
  const tried = new Set<Encoding>()
  const make = (encoding: Encoding): Variant | undefined => {
    if (!compressible || tried.has(encoding)) return encoded[encoding]
    tried.add(encoding)
    compressions += 1
    const body =
      encoding === 'br'
        ? brotliCompressSync(text, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : gzipSync(text, { level: GZIP_LEVEL })
    if (body.length < size) encoded[encoding] = { body, etag: `"${hash}-${encoding}"` }
    onCopy?.()
    return encoded[encoding]
  }
  return { identity: { body: text, etag: `"${hash}"` }, encoded, make, compressible }
}

/**
 * What a body's representations hold in memory, in bytes: the text counted at two bytes a
 * character (what V8 keeps for a string with any character outside Latin-1, such as ৳), and
 * the compressed copies made so far. The caches of answers and pages are bounded by this.
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
  { identity, encoded, make, compressible }: Representations,
  status = 200,
): FastifyReply {
  const header = request.headers['accept-encoding']
  const encoding = header ? negotiator.negotiate(header) : null
  const chosen = (encoding && (encoded[encoding] ?? make?.(encoding))) || identity
  if (compressible) reply.header('Vary', 'Accept-Encoding')
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
