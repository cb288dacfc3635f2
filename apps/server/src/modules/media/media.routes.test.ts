import { randomBytes } from 'node:crypto'

import { ErrorBodySchema, MediaUploadResponseSchema, messages } from '@toolworks/shared'
import { count } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'

import { uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { makeImage, pixelBomb, uploadImage, type ImageFormat } from '../../../test/uploads.js'
import { mediaFiles } from '../../db/schema/index.js'

const database = useTestDatabase()

async function adminApp(onTestFinished: (fn: () => Promise<void>) => void) {
  const adminEmail = uniqueEmail('admin')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
  const admin = await createUser(app, { email: adminEmail })
  return { app, admin }
}

async function storedVariants(): Promise<number> {
  const [row] = await database.current.db.select({ n: count() }).from(mediaFiles)
  return row?.n ?? 0
}

function errorOf(res: { json: () => unknown }) {
  return ErrorBodySchema.parse(res.json()).error
}

describe('POST /api/media', () => {
  test.for(['jpeg', 'png', 'webp', 'gif', 'avif'] satisfies ImageFormat[])(
    'accepts a %s picture and serves it as WebP in two widths, cached for good',
    async (format, { onTestFinished }) => {
      const { app, admin } = await adminApp(onTestFinished)
      const bytes = await makeImage(format, 7, { width: 1200, height: 900 })
      const res = await uploadImage(app, admin, {
        bytes,
        filename: `photo.${format}`,
        type: `image/${format}`,
      })
      expect(res.statusCode).toBe(200)
      const { success, data } = MediaUploadResponseSchema.parse(res.json())
      expect(success).toBe(true)
      expect(data.url).toMatch(/^\/media\/[0-9a-f]{32}-800\.webp$/)
      expect([data.width, data.height]).toEqual([800, 600])

      for (const [url, width] of [
        [data.url, 800],
        [data.url.replace('-800.webp', '-400.webp'), 400],
      ] as const) {
        const image = await app.inject({ method: 'GET', url })
        expect(image.statusCode).toBe(200)
        expect(image.headers['content-type']).toBe('image/webp')
        expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        expect(image.headers['x-content-type-options']).toBe('nosniff')
        const meta = await sharp(image.rawPayload).metadata()
        expect(meta.format).toBe('webp')
        expect(meta.width).toBe(width)
      }
    },
  )

  test('strips the metadata of the picture (camera, place, owner)', async ({ onTestFinished }) => {
    const { app, admin } = await adminApp(onTestFinished)
    const bytes = await sharp(await makeImage('jpeg', 3))
      .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Someone private' } })
      .jpeg()
      .toBuffer()
    expect((await sharp(bytes).metadata()).exif).toBeDefined()
    const res = await uploadImage(app, admin, { bytes, filename: 'p.jpg', type: 'image/jpeg' })
    const { data } = MediaUploadResponseSchema.parse(res.json())
    const served = await app.inject({ method: 'GET', url: data.url })
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta.exif).toBeUndefined()
    expect(served.rawPayload.includes(Buffer.from('Secret Owner'))).toBe(false)
  })

  test('stores the same picture once, however often it is uploaded', async ({ onTestFinished }) => {
    const { app, admin } = await adminApp(onTestFinished)
    const bytes = await makeImage('png', 11)
    const first = MediaUploadResponseSchema.parse((await uploadImage(app, admin, { bytes })).json())
    const second = MediaUploadResponseSchema.parse(
      (await uploadImage(app, admin, { bytes, filename: 'again.png' })).json(),
    )
    expect(second.data.url).toBe(first.data.url)
    expect(await storedVariants()).toBe(2)
  })

  test('accepts a large photo under the 5 MB limit', async ({ onTestFinished }) => {
    const { app, admin } = await adminApp(onTestFinished)
    // Noise does not compress: about 2.9 MB of PNG.
    const bytes = await sharp(randomBytes(1000 * 960 * 3), {
      raw: { width: 1000, height: 960, channels: 3 },
    })
      .png()
      .toBuffer()
    expect(bytes.length).toBeGreaterThan(2_000_000)
    const res = await uploadImage(app, admin, { bytes })
    expect(res.statusCode).toBe(200)
  })

  test.for([
    ['a text file renamed .png', Buffer.from('hello, this is not a picture\n'.repeat(20)), 'a.png'],
    [
      'an SVG (a document that can carry scripts)',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      'a.png',
    ],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.gif'],
    [
      'a PDF',
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF'),
      'y.jpg',
    ],
  ] as const)(
    'refuses %s by its bytes, whatever its name, and stores nothing',
    async ([_label, bytes, filename], { onTestFinished }) => {
      const { app, admin } = await adminApp(onTestFinished)
      const res = await uploadImage(app, admin, { bytes, filename, type: 'image/png' })
      expect(res.statusCode).toBe(400)
      const error = errorOf(res)
      expect(error.code).toBe('VALIDATION_FAILED')
      expect(error.message).toBe(messages.media.notAnImage)
      expect(error.fields?.image).toBe(messages.media.notAnImage)
      expect(await storedVariants()).toBe(0)
    },
  )

  test('refuses a file over 5 MB with a clear 413', async ({ onTestFinished }) => {
    const { app, admin } = await adminApp(onTestFinished)
    const png = await makeImage('png', 2)
    const bytes = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length, 7)])
    const res = await uploadImage(app, admin, { bytes })
    expect(res.statusCode).toBe(413)
    const error = errorOf(res)
    expect(error.code).toBe('PAYLOAD_TOO_LARGE')
    expect(error.message).toBe(messages.media.tooLarge)
    expect(await storedVariants()).toBe(0)
  })

  test('refuses a decompression bomb (a tiny file of more than 40 megapixels)', async ({
    onTestFinished,
  }) => {
    const { app, admin } = await adminApp(onTestFinished)
    const bomb = pixelBomb(7000, 6000)
    expect(bomb.length).toBeLessThan(200_000)
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(7000)
    const res = await uploadImage(app, admin, { bytes: bomb })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).message).toBe(messages.media.tooManyPixels)
    expect(await storedVariants()).toBe(0)
  })

  test('refuses a damaged picture whose header is fine', async ({ onTestFinished }) => {
    const { app, admin } = await adminApp(onTestFinished)
    const png = await sharp(randomBytes(300 * 200 * 3), {
      raw: { width: 300, height: 200, channels: 3 },
    })
      .png()
      .toBuffer()
    const res = await uploadImage(app, admin, { bytes: png.subarray(0, 400) })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).message).toBe(messages.media.unreadable)
    expect(await storedVariants()).toBe(0)
  })

  test('needs the file in the field "image"', async ({ onTestFinished }) => {
    const { app, admin } = await adminApp(onTestFinished)
    const res = await uploadImage(app, admin, { bytes: await makeImage('png'), field: 'file' })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).fields?.image).toBe(messages.media.missingFile)

    const json = await app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { image: 'https://example.com/picture.png' },
    })
    expect(json.statusCode).toBe(400)
    expect(errorOf(json).fields?.image).toBe(messages.media.missingFile)
  })

  test('only an admin uploads: anonymous 401, customer 403, nothing stored', async ({
    onTestFinished,
  }) => {
    const { app } = await adminApp(onTestFinished)
    const customer: TestUser = await createUser(app)
    const bytes = await makeImage('png', 5)
    expect((await uploadImage(app, undefined, { bytes })).statusCode).toBe(401)
    const denied = await uploadImage(app, customer, { bytes })
    expect(denied.statusCode).toBe(403)
    expect(errorOf(denied).code).toBe('FORBIDDEN')
    expect(await storedVariants()).toBe(0)
  })
})

describe('GET /media/{key}', () => {
  test.for(['nothing.webp', '0123456789abcdef0123456789abcdef-800.webp', '../etc/passwd'])(
    'answers an unknown key (%s) with a JSON 404',
    async (key, { onTestFinished }) => {
      const { app } = await adminApp(onTestFinished)
      const res = await app.inject({ method: 'GET', url: `/media/${encodeURIComponent(key)}` })
      expect(res.statusCode).toBe(404)
      expect(errorOf(res).code).toBe('NOT_FOUND')
    },
  )
})
