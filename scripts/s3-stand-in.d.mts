/** The local S3 stand-in (s3-stand-in.mjs): s3rver on a free port with one bucket. */
export declare function startS3StandIn(bucket: string): Promise<{
  endpoint: string
  settings: {
    bucket: string
    endpoint: string
    region: string
    accessKeyId: string
    secretAccessKey: string
    forcePathStyle: boolean
  }
  /** S3_BUCKET and the other S3_* variables, for a server process. */
  env: Record<string, string>
  close: () => Promise<void>
}>
