// The local S3 stand-in: s3rver, a fake S3 in Node with path-style URLs, on a free
// port, its objects in a temporary folder. One home for the server's storage tests
// (apps/server/test/s3.ts), the cluster journey (e2e/cluster) and `BENCH_S3=1 npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import S3rver from 's3rver'

export async function startS3StandIn(bucket) {
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
  // s3rver's fixed test credentials.
  const settings = {
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  }
  return {
    endpoint,
    settings,
    // The same settings as a server process reads them (docs/configuration.md).
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      server.httpServer?.closeAllConnections()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
