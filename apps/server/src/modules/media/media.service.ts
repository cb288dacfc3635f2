import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'

import { MEDIA_MAX_PIXELS, MEDIA_URL_PATTERN, MEDIA_WIDTHS, messages } from '@toolworks/shared'
import type Sharp from 'sharp'
import type { Metadata, OutputInfo } from 'sharp'

import type { Db } from '../../db/client.js'
import { AppError } from '../../lib/app-error.js'
import type { BlobStore } from '../blobs/blob-store.js'
import { findMedia, insertMediaVariants, mediaExists, type MediaVariant } from './media.queries.js'

/**
 * sharp (libvips) loads with the first picture a process handles: about 27 MB of resident
 * memory that a process answering only reads never pays (docs/performance.md).
 */
let loadingSharp: Promise<typeof Sharp> | undefined
const loadSharp = () => (loadingSharp ??= import('sharp').then((module) => module.default))

const KEY_PATTERN = /^[0-9a-f]{32}-(400|800)\.webp$/

/** What an upload may be, by what sharp finds in the bytes (AVIF is a HEIF with AV1 inside). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif'])

export type MediaWidth = (typeof MEDIA_WIDTHS)[number]

export function mediaUrl(hash: string, width: MediaWidth = 800): string {
  return `/media/${hash}-${width}.webp`
}

export type StoredImage = { url: string; hash: string; width: number; height: number }

function reject(message: string): never {
  throw new AppError('VALIDATION_FAILED', message, { image: message })
}

/**
 * Reads only the header of an upload and refuses anything that is not one of the accepted
 * picture formats, whatever its file name or declared type says, or that is too many pixels to
 * decode safely (a small file can declare a huge canvas).
 */
async function checkUpload(input: Buffer): Promise<void> {
  const sharp = await loadSharp()
  let meta: Metadata
  try {
    // Reading the header decodes no pixels, so the canvas size is checked here, by us, and
    // the decoder's own limit below stays as a second guard.
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    reject(messages.media.notAnImage)
  }
  const avif = meta.format === 'heif' && meta.compression === 'av1'
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || (meta.format === 'heif' && !avif))
    reject(messages.media.notAnImage)
  const pages = meta.pages ?? 1
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * pages
  if (!meta.width || !meta.height) reject(messages.media.notAnImage)
  if (pixels > MEDIA_MAX_PIXELS) reject(messages.media.tooManyPixels)
}

export type MediaService = ReturnType<typeof createMediaService>

/** Served images kept in memory: the bytes behind a key never change, so nothing goes stale. */
const MEMORY_BUDGET_BYTES = 32 * 1024 * 1024
/** A picture larger than this is streamed from the blob store, never held in memory. */
const CACHED_MAX_BYTES = MEMORY_BUDGET_BYTES / 8

/** A served picture: small ones as bytes (from memory), any other as a stream of the blob. */
export type MediaFile = { contentType: string; size: number; body: Buffer | Readable }

/**
 * Pictures: their rows in the database, their bytes in the blob store, so any server
 * process that shares the store serves any of them.
 */
export function createMediaService({ db, blobs }: { db: Db; blobs: BlobStore }) {
  // Least recently used first (a Map keeps insertion order; a hit moves the key to the end).
  const served = new Map<string, { contentType: string; data: Buffer }>()
  let servedBytes = 0
  function remember(key: string, file: { contentType: string; data: Buffer }) {
    if (file.data.length > CACHED_MAX_BYTES) return
    served.set(key, file)
    servedBytes += file.data.length
    for (const [oldKey, old] of served) {
      if (servedBytes <= MEMORY_BUDGET_BYTES) break
      served.delete(oldKey)
      servedBytes -= old.data.length
    }
  }

  /**
   * Re-encodes a picture to WebP in every width (metadata stripped: sharp writes none unless
   * asked) and stores it under its content hash. Encoding happens before any database work,
   * never inside a transaction.
   */
  async function store(input: Buffer): Promise<StoredImage> {
    const hash = createHash('sha256').update(input).digest('hex').slice(0, 32)
    const variants: MediaVariant[] = []
    const sharp = await loadSharp()
    for (const width of MEDIA_WIDTHS) {
      let encoded: { data: Buffer; info: OutputInfo }
      try {
        encoded = await sharp(input, { limitInputPixels: MEDIA_MAX_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: false })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true })
      } catch {
        // The header was fine but the pixels are not (a truncated or damaged file).
        reject(messages.media.unreadable)
      }
      // The bytes are durable in the blob store before a row names them.
      const blob = await blobs.put(encoded.data, { contentType: 'image/webp' })
      variants.push({
        key: `${hash}-${width}.webp`,
        contentType: 'image/webp',
        width: encoded.info.width,
        height: encoded.info.height,
        byteSize: blob.size,
        sha256: blob.key,
      })
    }
    await insertMediaVariants(db, variants)
    const widest = variants[variants.length - 1]
    return { url: mediaUrl(hash), hash, width: widest?.width ?? 0, height: widest?.height ?? 0 }
  }

  return {
    /** The store the bytes go to (the demo seed writes its drawings there too). */
    blobs,
    store,
    /** An admin's upload: checked by its bytes, then stored like any picture. */
    async upload(input: Buffer): Promise<StoredImage> {
      await checkUpload(input)
      return store(input)
    },
    /** Refuses, as an upload would, bytes that are not a picture we accept (no storing). */
    check: (input: Buffer) => checkUpload(input),
    /** True when `url` names a picture this shop stores (products may show only those). */
    async exists(url: string): Promise<boolean> {
      if (!MEDIA_URL_PATTERN.test(url)) return false
      return mediaExists(db, url.slice('/media/'.length))
    },
    /**
     * The blob key (SHA-256) of a variant's bytes: what a CDN in front of the bucket serves it
     * by (MEDIA_PUBLIC_URL).
     */
    async blobKey(key: string): Promise<string> {
      const row = KEY_PATTERN.test(key) ? await findMedia(db, key) : undefined
      if (!row?.sha256) throw new AppError('NOT_FOUND', messages.media.notFound)
      return row.sha256
    },
    async get(key: string): Promise<MediaFile> {
      const hit = served.get(key)
      if (hit) {
        served.delete(key)
        served.set(key, hit)
        return { contentType: hit.contentType, size: hit.data.length, body: hit.data }
      }
      const row = KEY_PATTERN.test(key) ? await findMedia(db, key) : undefined
      if (!row?.sha256) throw new AppError('NOT_FOUND', messages.media.notFound)
      if (row.byteSize <= CACHED_MAX_BYTES) {
        const data = await blobs.read(row.sha256)
        if (!data) throw new AppError('NOT_FOUND', messages.media.notFound)
        remember(key, { contentType: row.contentType, data })
        return { contentType: row.contentType, size: data.length, body: data }
      }
      const opened = await blobs.open(row.sha256)
      if (!opened) throw new AppError('NOT_FOUND', messages.media.notFound)
      return { contentType: row.contentType, size: opened.size, body: opened.stream }
    },
  }
}
