import {
  CreateBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3'
import { ProductDocumentSchema, QuoteRequestSchema } from '@toolworks/shared'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'

import { bearer, uniqueEmail } from '../../../test/accounts.js'
import { createUser, markVerified } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { sha256 } from '../../../test/blobs.js'
import { useTestDatabase } from '../../../test/database.js'
import { drawings } from '../../../test/drawings.js'
import { insertTool } from '../../../test/factories.js'
import { postQuote, quoteFields } from '../../../test/quotes.js'
import { s3BlobStore, startS3Stand } from '../../../test/s3.js'
import { makeImage, uploadImage } from '../../../test/uploads.js'
import type { App } from '../../app.js'
import type { S3Settings } from '../../config.js'

/**
 * The shop with S3_BUCKET set keeps every file in the bucket (an s3rver stand-in here)
 * and serves it as with the folder: pictures with immutable caching (or a redirect to
 * MEDIA_PUBLIC_URL), drawings only to their owner and the shop, streamed through the shop
 * after its own authorization check (docs/architecture.md, "Files").
 */

const database = useTestDatabase()
let stand: Awaited<ReturnType<typeof startS3Stand>>
let inspector: ReturnType<typeof s3BlobStore>
let buckets = 0

beforeAll(async () => {
  stand = await startS3Stand()
  inspector = s3BlobStore(stand.settings)
})
afterAll(async () => {
  inspector.destroy()
  await stand.close()
})

async function freshBucket(): Promise<S3Settings> {
  const bucket = `shop-${(buckets += 1)}`
  await inspector.client.send(new CreateBucketCommand({ Bucket: bucket }))
  return { ...stand.settings, bucket }
}

async function objectsIn(bucket: string): Promise<string[]> {
  const page = await inspector.client.send(new ListObjectsV2Command({ Bucket: bucket }))
  return (page.Contents ?? []).map((o) => o.Key ?? '').sort()
}

async function s3Shop(
  onTestFinished: (fn: () => Promise<void>) => void,
  extra: { mediaPublicUrl?: string } = {},
) {
  const s3 = await freshBucket()
  const adminEmail = uniqueEmail('admin')
  const app = await buildTestApp(database.current, onTestFinished, {
    adminEmails: [adminEmail],
    s3,
    ...extra,
  })
  const admin = await createUser(app, { email: adminEmail })
  return { app, admin, bucket: s3.bucket }
}

async function buyer(app: App) {
  const user = await createUser(app)
  await markVerified(app, user.email)
  return user
}

/** A binary STL of about `bytes` bytes, made in pieces so its bytes are not one repeated value. */
function bigStl(bytes: number): Buffer {
  const triangles = Math.floor((bytes - 84) / 50)
  const stl = Buffer.alloc(84 + 50 * triangles)
  stl.write('binary stl'.padEnd(80), 0, 'latin1')
  stl.writeUInt32LE(triangles, 80)
  for (let i = 84; i + 4 <= stl.length; i += 4) stl.writeUInt32LE((i * 2654435761) >>> 0, i)
  return stl
}

test('a 20 MB drawing goes to the bucket as a multipart upload; its owner gets it back, others are refused', async ({
  onTestFinished,
}) => {
  const { app, bucket } = await s3Shop(onTestFinished)
  expect(app.services.blobs.location).toBe(`s3://${bucket}`)
  const owner = await buyer(app)
  const other = await buyer(app)
  const stl = bigStl(20_000_000)
  const send = vi.spyOn(S3Client.prototype, 'send')

  const res = await postQuote(app, owner, quoteFields(), [{ filename: 'frame.stl', bytes: stl }])
  expect(res.statusCode, res.body).toBe(201)
  const sent = send.mock.calls.map(([command]) => command.constructor.name)
  // Streamed in 5 MiB parts (lib-storage), not one 20 MB request.
  expect(sent.filter((n) => n === 'UploadPartCommand').length).toBeGreaterThanOrEqual(4)
  expect(sent).toContain('CompleteMultipartUploadCommand')
  expect(sent).not.toContain('PutObjectCommand')
  // The staged object became its content key; nothing is left under staging/.
  expect(await objectsIn(bucket)).toEqual([sha256(stl)])

  const quote = QuoteRequestSchema.parse(res.json())
  const url = `/api/quote/${quote._id}/drawing/${quote.drawings[0]?._id}`
  const mine = await app.inject({ method: 'GET', url, headers: bearer(owner) })
  expect(mine.statusCode).toBe(200)
  expect(mine.headers['content-length']).toBe(String(stl.length))
  expect(mine.headers['content-disposition']).toMatch(/^attachment/)
  expect(sha256(mine.rawPayload)).toBe(sha256(stl))
  // Never a way around the shop's check: no redirect to the bucket, for anyone.
  expect(mine.headers.location).toBeUndefined()

  const theirs = await app.inject({ method: 'GET', url, headers: bearer(other) })
  expect(theirs.statusCode).toBe(404)
  expect(theirs.rawPayload.length).toBeLessThan(1000)
  const anonymous = await app.inject({ method: 'GET', url })
  expect(anonymous.statusCode).toBe(401)
})

test('a product document is uploaded to the bucket, served from it, and deleted from it', async ({
  onTestFinished,
}) => {
  const { app, admin, bucket } = await s3Shop(onTestFinished)
  const tool = await insertTool(database.current.db, { name: 'HSS twist drill 8 mm' })
  const form = new FormData()
  form.append('kind', 'datasheet')
  form.append('name', 'Datasheet')
  form.append('file', new Blob([new Uint8Array(drawings.pdf.bytes)]), 'drill-8.pdf')
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/tool/${tool.id}/documents`,
    headers: { 'content-type': request.headers.get('content-type') ?? '', ...bearer(admin) },
    payload: Buffer.from(await request.arrayBuffer()),
  })
  expect(uploaded.statusCode, uploaded.body).toBe(201)
  const created = ProductDocumentSchema.parse(uploaded.json())
  const key = sha256(drawings.pdf.bytes)
  expect(await objectsIn(bucket)).toEqual([key])

  const served = await app.inject({ method: 'GET', url: created.url })
  expect(served.statusCode).toBe(200)
  expect(served.rawPayload.equals(drawings.pdf.bytes)).toBe(true)

  const removed = await app.inject({ method: 'DELETE', url: created.url, headers: bearer(admin) })
  expect(removed.statusCode, removed.body).toBe(200)
  expect(await objectsIn(bucket)).toEqual([])
  expect((await app.inject({ method: 'GET', url: created.url })).statusCode).toBe(404)
})

async function uploadPicture(app: App, admin: { token: string }) {
  const res = await uploadImage(app, admin, { bytes: await makeImage('png', 3) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ data: { url: string } }>().data.url
}

test('pictures are served from the bucket with immutable caching, or redirected to MEDIA_PUBLIC_URL', async ({
  onTestFinished,
}) => {
  const plain = await s3Shop(onTestFinished)
  const url = await uploadPicture(plain.app, plain.admin)
  const [key] = await objectsIn(plain.bucket)
  const picture = await plain.app.inject({ method: 'GET', url })
  expect(picture.statusCode).toBe(200)
  expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(picture.headers['content-type']).toBe('image/webp')
  expect(sha256(picture.rawPayload)).toBe(key)
  // The object carries the same caching and type for a CDN in front of the bucket.
  const object = await inspector.client.send(
    new HeadObjectCommand({ Bucket: plain.bucket, Key: key }),
  )
  expect([object.CacheControl, object.ContentType]).toEqual([
    'public, max-age=31536000, immutable',
    'image/webp',
  ])

  const cdn = await s3Shop(onTestFinished, { mediaPublicUrl: 'https://cdn.example.com/tw' })
  const cdnUrl = await uploadPicture(cdn.app, cdn.admin)
  const [cdnKey] = await objectsIn(cdn.bucket)
  const redirected = await cdn.app.inject({ method: 'GET', url: cdnUrl })
  expect(redirected.statusCode).toBe(302)
  expect(redirected.headers.location).toBe(`https://cdn.example.com/tw/${cdnKey}`)
  // The pages may show pictures from there.
  expect(redirected.headers['content-security-policy']).toContain(
    "img-src 'self' data: blob: https://cdn.example.com",
  )
  expect((await cdn.app.inject({ method: 'GET', url: '/media/nope-800.webp' })).statusCode).toBe(
    404,
  )
})
