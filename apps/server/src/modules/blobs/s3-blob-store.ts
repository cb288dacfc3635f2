import { randomUUID } from 'node:crypto'
import { PassThrough, Readable } from 'node:stream'

import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'

import type { S3Settings } from '../../config.js'
import {
  BLOB_KEY_PATTERN,
  blobDigest,
  putByStaging,
  type BlobRef,
  type BlobStore,
  type StageOptions,
  type StagedBlob,
} from './blob-store.js'
import { STALE_STAGING_MS } from './fs-blob-store.js'

/** Where uploads wait until their hash (their key) is known; swept when stale. */
export const S3_STAGING_PREFIX = 'staging/'

/**
 * lib-storage's part size (S3's minimum is 5 MiB) and how many parts go up at once: an upload
 * holds at most about (queue + 1) parts in memory, whatever the file's size.
 */
export const S3_PART_BYTES = 5 * 1024 * 1024
export const S3_QUEUE_SIZE = 2

const IMMUTABLE = 'public, max-age=31536000, immutable'

export function createS3Client(s3: S3Settings): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    // The SDK's default checksums (CRC32 trailers, aws-chunked bodies) are not understood by
    // every S3-compatible store (R2, older MinIO, s3rver); SHA-256 keys already check content.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode

const isNotFound = (error: unknown): boolean => {
  const name = (error as { name?: unknown } | null)?.name
  return name === 'NotFound' || name === 'NoSuchKey' || statusOf(error) === 404
}

/**
 * The blob store on an S3-compatible bucket: one object per blob, named by its
 * SHA-256 at the bucket's root, so the same bytes are stored once.
 *
 * The key is only known once the last byte has been hashed, and S3 cannot rename. So `stage()`
 * streams the bytes with lib-storage (a multipart upload for anything above one part, bounded
 * memory) to `staging/<uuid>`; `commit()` copies that object to its content key (a server-side
 * copy: the bytes do not come back through the shop) unless the key already exists, then
 * deletes the staged object. Until the copy nothing answers to the key, as in the folder store.
 * The alternative, spooling to a local temporary file and uploading once the hash is known,
 * would need local disk the size of the largest upload and write every byte twice on the shop.
 * A crash leaves a staged object (or an unfinished multipart upload): `sweepStaging()` removes
 * both once an hour old; a bucket lifecycle rule for incomplete multipart uploads is a backstop
 * (docs/operations.md).
 */
export function createS3BlobStore({
  client,
  bucket,
  partBytes = S3_PART_BYTES,
  queueSize = S3_QUEUE_SIZE,
}: {
  client: S3Client
  bucket: string
  /** Test hook. */
  partBytes?: number
  queueSize?: number
}): BlobStore {
  const checked = (key: string) => BLOB_KEY_PATTERN.test(key)

  async function head(key: string): Promise<{ size: number } | undefined> {
    try {
      const found = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
      return { size: Number(found.ContentLength ?? 0) }
    } catch (error) {
      if (isNotFound(error)) return undefined
      throw error
    }
  }

  async function deleteObject(key: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
  }

  async function stage({ headBytes = 0, contentType }: StageOptions = {}): Promise<StagedBlob> {
    const stagingKey = `${S3_STAGING_PREFIX}${randomUUID()}`
    const body = new PassThrough()
    const upload = new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: stagingKey,
        Body: body,
        // A key's bytes never change: whoever serves the object may cache it for good.
        CacheControl: IMMUTABLE,
        ContentType: contentType ?? 'application/octet-stream',
      },
      partSize: partBytes,
      queueSize,
      leavePartsOnError: false,
    })
    let uploadError: Error | undefined
    const done = upload.done().then(
      () => undefined,
      (error: unknown) => {
        uploadError = error instanceof Error ? error : new Error(String(error))
        // Nothing waits for more room once the upload has failed.
        body.destroy()
      },
    )
    const digest = blobDigest(headBytes)
    let finished: BlobRef | undefined
    let state: 'open' | 'committed' | 'discarded' = 'open'

    const failIfUploadFailed = () => {
      if (uploadError) throw uploadError
    }

    const blob: StagedBlob = {
      get size() {
        return digest.size
      },
      head: digest.head,
      async write(chunk) {
        if (state !== 'open' || finished) throw new Error('blob is no longer open')
        failIfUploadFailed()
        const bytes = digest.take(chunk)
        // Copied: the caller may reuse the chunk's memory once write() resolves.
        if (!body.write(Buffer.from(bytes))) {
          // Backpressure: wait until lib-storage has taken the bytes (or the upload failed).
          await new Promise<void>((resolve) => {
            const settle = () => {
              body.off('drain', settle)
              body.off('close', settle)
              resolve()
            }
            body.once('drain', settle)
            body.once('close', settle)
          })
          failIfUploadFailed()
        }
      },
      async finish() {
        if (finished) return finished
        if (state !== 'open') throw new Error('blob is no longer open')
        body.end()
        await done
        failIfUploadFailed()
        finished = digest.ref()
        return finished
      },
      async commit() {
        if (state === 'discarded') throw new Error('blob was discarded')
        const ref = await blob.finish()
        if (state === 'committed') return ref
        const existing = await head(ref.key)
        if (existing?.size !== ref.size) {
          await client.send(
            new CopyObjectCommand({
              Bucket: bucket,
              Key: ref.key,
              CopySource: `${bucket}/${stagingKey}`,
            }),
          )
        }
        state = 'committed'
        await deleteObject(stagingKey)
        return ref
      },
      async discard() {
        if (state !== 'open') return
        state = 'discarded'
        if (!finished) {
          await upload.abort().catch(() => {})
          body.destroy()
          await done
        }
        await deleteObject(stagingKey).catch(() => {})
      },
    }
    return blob
  }

  return {
    location: `s3://${bucket}`,
    stage,
    put: (source, options) => putByStaging(stage, source, options),
    async stat(key) {
      return checked(key) ? head(key) : undefined
    },
    async open(key) {
      if (!checked(key)) return undefined
      try {
        const found = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        if (!(found.Body instanceof Readable)) throw new Error('the S3 answer has no body stream')
        return { stream: found.Body, size: Number(found.ContentLength ?? 0) }
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },
    async remove(key) {
      if (!checked(key) || !(await head(key))) return false
      await deleteObject(key)
      return true
    },
    async read(key) {
      if (!checked(key)) return undefined
      try {
        const found = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        if (!found.Body) return undefined
        return Buffer.from(await found.Body.transformToByteArray())
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },
    async sweepStaging(olderThanMs: number = STALE_STAGING_MS) {
      const before = Date.now() - olderThanMs
      let removed = 0
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: S3_STAGING_PREFIX,
            ContinuationToken: token,
          }),
        )
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && object.LastModified.getTime() <= before) {
            await deleteObject(object.Key)
            removed += 1
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      removed += await abortStaleUploads(before)
      return removed
    },
  }

  /** Multipart uploads a crash left open: their parts are billed until aborted. */
  async function abortStaleUploads(before: number): Promise<number> {
    let aborted = 0
    try {
      let keyMarker: string | undefined
      let uploadIdMarker: string | undefined
      do {
        const page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket: bucket,
            Prefix: S3_STAGING_PREFIX,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        )
        for (const upload of page.Uploads ?? []) {
          if (upload.Key && upload.UploadId && (upload.Initiated?.getTime() ?? 0) <= before) {
            await client.send(
              new AbortMultipartUploadCommand({
                Bucket: bucket,
                Key: upload.Key,
                UploadId: upload.UploadId,
              }),
            )
            aborted += 1
          }
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined
      } while (keyMarker)
    } catch (error) {
      // Some S3 stand-ins (s3rver) do not list multipart uploads; the lifecycle rule covers them.
      if (statusOf(error) !== 501 && (error as { name?: unknown }).name !== 'NotImplemented')
        throw error
    }
    return aborted
  }
}
