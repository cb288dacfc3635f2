import { count } from 'drizzle-orm'
import sharp from 'sharp'
import { expect, test } from 'vitest'

import { uniqueEmail } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { useTestDatabase } from '../../../test/database.js'
import { makeImage, uploadImage } from '../../../test/uploads.js'
import { mediaFiles } from '../../db/schema/index.js'

/**
 * An uploaded file can only ever be served as an image. Whatever type and name the
 * upload declares, what comes back is WebP re-encoded by the server, as image/webp with
 * nosniff; a file that is not a picture is refused; a picture carrying a script is stripped.
 */

const database = useTestDatabase()

async function adminApp(onTestFinished: (fn: () => Promise<void>) => void) {
  const adminEmail = uniqueEmail('admin')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
  const admin = await createUser(app, { email: adminEmail })
  return { app, admin }
}

const SCRIPT = '<script>alert(document.cookie)</script>'

test.for([
  ['text/html', 'page.html'],
  ['image/svg+xml', 'logo.svg'],
  ['application/javascript', 'app.js'],
  ['application/octet-stream', 'blob'],
  ['image/png', 'photo.png'],
] as const)(
  'a picture declared as %s (%s) is served as image/webp with nosniff, whatever the Accept',
  async ([type, filename], { onTestFinished }) => {
    const { app, admin } = await adminApp(onTestFinished)
    // A polyglot: a real PNG with an HTML script appended after its end.
    const png = await makeImage('png', filename.length, { width: 900, height: 600 })
    const bytes = Buffer.concat([png, Buffer.from(SCRIPT)])
    const res = await uploadImage(app, admin, { bytes, filename, type })
    expect(res.statusCode).toBe(200)
    const url = res.json<{ data: { url: string } }>().data.url
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}-800\.webp$/)

    for (const accept of ['text/html', '*/*', type]) {
      const served = await app.inject({ method: 'GET', url, headers: { accept } })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.headers['x-content-type-options']).toBe('nosniff')
      expect(served.headers['content-disposition']).toBe('inline')
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp')
      expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false)
    }
    // The same key under another extension is not a way to get another type.
    const renamed = await app.inject({ method: 'GET', url: url.replace('.webp', '.html') })
    expect(renamed.headers['content-type']).not.toMatch(/html|svg|javascript/)
    expect(renamed.statusCode).toBe(404)
  },
)

test.for([
  ['an HTML page', 'image/png', Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`)],
  [
    'an SVG with a script',
    'image/svg+xml',
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}<rect width="9"/></svg>`),
  ],
  ['a script', 'image/jpeg', Buffer.from(`alert(1)//${SCRIPT}`)],
] as const)(
  '%s declared as %s is refused with a 4xx and nothing is stored',
  async ([, type, bytes], { onTestFinished }) => {
    const { app, admin } = await adminApp(onTestFinished)
    const [before] = await database.current.db.select({ n: count() }).from(mediaFiles)
    const res = await uploadImage(app, admin, { bytes, filename: 'x.png', type })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const [after] = await database.current.db.select({ n: count() }).from(mediaFiles)
    expect(after?.n).toBe(before?.n)
  },
)
