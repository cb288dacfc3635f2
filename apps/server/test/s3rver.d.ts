// s3rver 3.7 ships no types: the part the tests use (lib/s3rver.js).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'
  import type { Server } from 'node:http'

  export default class S3rver {
    constructor(options: {
      address?: string
      port?: number
      silent?: boolean
      directory: string
      resetOnClose?: boolean
      configureBuckets?: { name: string; configs?: (string | Buffer)[] }[]
    })
    run(): Promise<AddressInfo>
    close(): Promise<void>
    httpServer?: Server
  }
}
