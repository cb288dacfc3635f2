import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

import type { BlobStore } from '../src/modules/blobs/blob-store.js'
import type { S3Settings } from '../src/config.js'
import { createS3BlobStore, createS3Client } from '../src/modules/blobs/s3-blob-store.js'

/**
 * A local S3 stand-in (s3rver: a fake S3 in Node, path-style URLs) on a free port, its objects
 * in a temporary folder: what CI runs the S3 blob store against (issue 31).
 */
export async function startS3Stand(bucket = 'toolworks-test'): Promise<{
  settings: S3Settings
  endpoint: string
  close(): Promise<void>
}> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'toolworks-s3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    settings: {
      bucket,
      endpoint,
      region: 'us-east-1',
      // s3rver's fixed test credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      server.httpServer?.closeAllConnections()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
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
