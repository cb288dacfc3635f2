import type { Config } from '../../config.js'
import type { BlobStore } from './blob-store.js'
import { createFsBlobStore } from './fs-blob-store.js'

export type OpenedBlobStore = { store: BlobStore; close: () => void }

/**
 * The blob store the configuration names: the bucket when S3_BUCKET is set, the
 * folder (BLOB_DIR, DATA_DIR/blobs by default) otherwise. `close()` ends the S3 client's
 * sockets when the app closes. The AWS SDK is loaded only for a bucket: a shop on the folder
 * does not pay its start-up time and memory.
 */
export async function openBlobStore(
  config: Pick<Config, 'blobDir' | 's3'>,
): Promise<OpenedBlobStore> {
  if (!config.s3) return { store: createFsBlobStore(config.blobDir), close: () => {} }
  const { createS3BlobStore, createS3Client } = await import('./s3-blob-store.js')
  const client = createS3Client(config.s3)
  return {
    store: createS3BlobStore({ client, bucket: config.s3.bucket }),
    close: () => client.destroy(),
  }
}
