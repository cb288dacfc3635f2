import type { S3Client } from '@aws-sdk/client-s3'

import { startS3StandIn } from '../../../scripts/s3-stand-in.mjs'
import type { BlobStore } from '../src/modules/blobs/blob-store.js'
import type { S3Settings } from '../src/config.js'
import { createS3BlobStore, createS3Client } from '../src/modules/blobs/s3-blob-store.js'

/**
 * A local S3 stand-in (s3rver: a fake S3 in Node, path-style URLs) on a free port, its objects
 * in a temporary folder: what CI runs the S3 blob store against. Started by
 * scripts/s3-stand-in.mjs, which the cluster journey and the bench share.
 */
export async function startS3Stand(bucket = 'toolworks-test'): Promise<{
  settings: S3Settings
  endpoint: string
  close(): Promise<void>
}> {
  const { settings, endpoint, close } = await startS3StandIn(bucket)
  return { settings, endpoint, close }
}

/** An S3 blob store on a started stand-in, and its client (closed by `destroy`). */
export function s3BlobStore(
  settings: S3Settings,
  options: { partBytes?: number; queueSize?: number } = {},
): { store: BlobStore; client: S3Client; destroy(): void } {
  const client = createS3Client(settings)
  return {
    client,
    store: createS3BlobStore({ client, bucket: settings.bucket, ...options }),
    destroy: () => client.destroy(),
  }
}
