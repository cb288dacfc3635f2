import { startS3Stand } from '../../apps/server/test/s3.js'

/**
 * Issue 31: the cluster's files live in one bucket that both processes use, on the server
 * tests' local S3 stand-in (apps/server/test/s3.ts). Returns the processes' S3_* settings and
 * how to stop it.
 */
export async function startS3StandIn(): Promise<{
  env: Record<string, string>
  close(): Promise<void>
}> {
  const stand = await startS3Stand('toolworks-cluster')
  const { settings } = stand
  return {
    env: {
      S3_BUCKET: settings.bucket,
      S3_ENDPOINT: settings.endpoint ?? '',
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: String(settings.forcePathStyle),
    },
    close: () => stand.close(),
  }
}
