import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'

/**
 * Where file bytes live, out of the database rows: drawings, picture variants, imported pictures. The
 * database keeps a blob's key, size, type and hash, never its bytes (PGlite builds a hex string
 * of a bytea parameter one byte at a time: a 5 MB drawing exhausted the server's heap).
 *
 * Content-addressed: a blob's key is the SHA-256 of its bytes in hex, so the same bytes are
 * stored once and a key's bytes never change. The interface is what an S3-compatible store needs
 * too (a staged upload that is committed or discarded, a read stream, a stat): the folder store
 * (fs-blob-store.ts) is the default; with S3_BUCKET set the bucket store (s3-blob-store.ts) puts
 * `stage()` on a multipart upload. blob-store.contract.test.ts runs the same tests on both.
 */

/** A blob's key (the SHA-256 of its bytes, lower-case hex) and its size in bytes. */
export type BlobRef = { key: string; size: number }

export const BLOB_KEY_PATTERN = /^[0-9a-f]{64}$/

/**
 * Bytes on their way in: written piece by piece (hashed as they come), invisible until
 * `commit()`, gone after `discard()`. The first bytes are kept (`head`) for type sniffing.
 */
export interface StagedBlob {
  write(chunk: Uint8Array): Promise<void>
  /** Bytes written so far. */
  readonly size: number
  /** The first bytes written (up to the `headBytes` asked for at `stage()`). */
  head(): Buffer
  /** Ends the writing: the key is known from here on; nothing is visible yet. */
  finish(): Promise<BlobRef>
  /** Makes the blob durable under its key (finishing it first if needed). */
  commit(): Promise<BlobRef>
  /** Throws the staged bytes away; nothing is left behind. A no-op after `commit()`. */
  discard(): Promise<void>
}

export type StageOptions = { headBytes?: number; contentType?: string }

export interface BlobStore {
  /**
   * Starts a blob; keeps its first `headBytes` bytes in memory for `head()`. `contentType` is
   * what a bucket serves it as when read directly (a CDN in front of it: MEDIA_PUBLIC_URL).
   */
  stage(options?: StageOptions): Promise<StagedBlob>
  /** Stores bytes that come whole or as a stream (stage, write, commit). */
  put(
    source: Uint8Array | AsyncIterable<Uint8Array>,
    options?: Pick<StageOptions, 'contentType'>,
  ): Promise<BlobRef>
  /** The blob's size, or undefined when the store does not hold it. */
  stat(key: string): Promise<{ size: number } | undefined>
  /** A stream of the blob's bytes and its size; undefined when the store does not hold it. */
  open(key: string): Promise<{ stream: Readable; size: number } | undefined>
  /**
   * Removes a blob; false when the store did not hold it. The caller makes sure no row still
   * names the key (keys are shared by equal bytes: product-documents.service.ts).
   */
  remove(key: string): Promise<boolean>
  /** The whole blob in memory: for small ones only (picture variants). */
  read(key: string): Promise<Buffer | undefined>
  /**
   * Removes what uploads cut short by a crash left behind (staged files or objects older than
   * `olderThanMs`, an hour unless given; the S3 store also aborts stale multipart uploads).
   * Answers how many.
   */
  sweepStaging(olderThanMs?: number): Promise<number>
  /** Where the blobs are, for log lines and the backup. */
  readonly location: string
}

/**
 * `put` in terms of `stage`, the same for every store: the bytes go through a staged blob,
 * which is committed whole or, on any failure, discarded.
 */
export async function putByStaging(
  stage: (options?: StageOptions) => Promise<StagedBlob>,
  source: Uint8Array | AsyncIterable<Uint8Array>,
  options?: StageOptions,
): Promise<BlobRef> {
  const staged = await stage(options)
  try {
    if (source instanceof Uint8Array) await staged.write(source)
    else for await (const chunk of source) await staged.write(chunk)
    return await staged.commit()
  } finally {
    await staged.discard()
  }
}

/**
 * What every store keeps of the bytes as they pass: their hash (the key), their count and the
 * first `headBytes` of them (StagedBlob.head). `take` answers the chunk as a Buffer over the
 * same memory, for the store to write on.
 */
export function blobDigest(headBytes: number) {
  const hash = createHash('sha256')
  const headChunks: Buffer[] = []
  let headLength = 0
  let size = 0
  return {
    get size() {
      return size
    },
    head: () => Buffer.concat(headChunks, headLength),
    take(chunk: Uint8Array): Buffer {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      if (headLength < headBytes) {
        const take = bytes.subarray(0, headBytes - headLength)
        // A copy: the chunk's memory may belong to a larger buffer that must not be kept.
        headChunks.push(Buffer.from(take))
        headLength += take.length
      }
      hash.update(bytes)
      size += bytes.length
      return bytes
    },
    /** The key and size; call once, after the last chunk. */
    ref: (): BlobRef => ({ key: hash.digest('hex'), size }),
  }
}
