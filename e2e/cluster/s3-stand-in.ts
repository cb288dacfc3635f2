import { startS3StandIn as startStandIn } from '../../scripts/s3-stand-in.mjs'

/**
 * The cluster's files live in one bucket that both processes use, on the tests'
 * local S3 stand-in (scripts/s3-stand-in.mjs). Returns the processes' S3_* settings and how to
 * stop it.
 */
export async function startS3StandIn(): Promise<{
  env: Record<string, string>
  close(): Promise<void>
}> {
  const { env, close } = await startStandIn('toolworks-cluster')
  return { env, close }
}
