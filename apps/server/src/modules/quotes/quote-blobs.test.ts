import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'

import { QUOTE_DRAWING_MAX_BYTES, QuoteRequestSchema } from '@toolworks/shared'
import { count } from 'drizzle-orm'
import { expect, test } from 'vitest'

import { bearer } from '../../../test/accounts.js'
import { createUser, markVerified } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { sha256 } from '../../../test/blobs.js'
import { useTestDatabase } from '../../../test/database.js'
import { drawings, notDrawings } from '../../../test/drawings.js'
import { postQuote, quoteFields, type FormFile } from '../../../test/quotes.js'
import type { App } from '../../app.js'
import { quoteDrawings, quoteRequests } from '../../db/schema/index.js'

/**
 * A drawing's bytes stream to the blob store and back, the rows keep only
 * its hash; a refusal leaves nothing behind; a request sent again names the same blobs.
 */

const database = useTestDatabase()

/** A binary STL far larger than the head an upload keeps: its kind needs the whole size. */
function bigBinaryStl(triangles: number): Buffer {
  const bytes = Buffer.alloc(84 + 50 * triangles, 7)
  bytes.write('binary stl'.padEnd(80), 0, 'latin1')
  bytes.writeUInt32LE(triangles, 80)
  return bytes
}

/** The files under the blob store's folder: `blobs` (by key) and `staged` (half-written). */
function storeFiles(app: App) {
  const root = app.config.blobDir
  const names = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((n) =>
    statSync(path.join(root, n)).isFile(),
  )
  return {
    blobs: names.filter((n) => !n.startsWith('.staging')).map((n) => path.basename(n)),
    staged: names.filter((n) => n.startsWith('.staging')),
  }
}

async function buyer(app: App) {
  const user = await createUser(app)
  await markVerified(app, user.email)
  return user
}

test('drawings go to the blob store once, come back as streams with their length, and a resend names the same blobs', async ({
  onTestFinished,
}) => {
  const app = await buildTestApp(database.current, onTestFinished)
  const a = await buyer(app)
  const stl = bigBinaryStl(6_000)
  const files: FormFile[] = [
    { filename: 'mount.stl', bytes: stl },
    drawings.step,
    { filename: 'again.stl', bytes: stl },
  ]
  const res = await postQuote(app, a, quoteFields(), files)
  expect(res.statusCode, res.body).toBe(201)
  const created = QuoteRequestSchema.parse(res.json())
  expect(created.drawings.map((d) => [d.kind, d.size])).toEqual([
    ['stl', stl.length],
    ['step', drawings.step.bytes.length],
    ['stl', stl.length],
  ])

  const rows = await database.current.db.select().from(quoteDrawings)
  for (const row of rows) expect(row.data).toBeNull()
  expect(rows.map((r) => r.sha256).sort()).toEqual(
    [sha256(stl), sha256(drawings.step.bytes), sha256(stl)].sort(),
  )
  // The same bytes twice are one blob; nothing half-written is left.
  expect(storeFiles(app).blobs.sort()).toEqual([sha256(stl), sha256(drawings.step.bytes)].sort())
  expect(storeFiles(app).staged).toEqual([])

  const first = created.drawings[0]
  const download = await app.inject({
    method: 'GET',
    url: `/api/quote/${created._id}/drawing/${first?._id}`,
    headers: bearer(a),
  })
  expect(download.statusCode).toBe(200)
  expect(download.headers['content-length']).toBe(String(stl.length))
  expect(download.rawPayload.equals(stl)).toBe(true)

  const withdrawn = await app.inject({
    method: 'POST',
    url: `/api/quote/${created._id}/withdraw`,
    headers: bearer(a),
  })
  expect(withdrawn.statusCode).toBe(200)
  const resent = await app.inject({
    method: 'POST',
    url: `/api/quote/${created._id}/resend`,
    headers: bearer(a),
  })
  expect(resent.statusCode, resent.body).toBe(201)
  const copy = QuoteRequestSchema.parse(resent.json())
  const all = await database.current.db.select().from(quoteDrawings)
  const hashes = (requestId: string) =>
    all
      .filter((r) => r.requestId === requestId)
      .sort((x, y) => x.position - y.position)
      .map((r) => r.sha256)
  // New rows naming the same blobs: no byte copied, no new blob.
  expect(hashes(copy._id)).toEqual(hashes(created._id))
  expect(all.every((r) => r.data === null)).toBe(true)
  expect(storeFiles(app).blobs).toHaveLength(2)
  const again = await app.inject({
    method: 'GET',
    url: `/api/quote/${copy._id}/drawing/${copy.drawings[1]?._id}`,
    headers: bearer(a),
  })
  expect(again.rawPayload.equals(drawings.step.bytes)).toBe(true)
})

test('a refused request leaves no staged file, no blob and no row', async ({ onTestFinished }) => {
  const app = await buildTestApp(database.current, onTestFinished)
  const a = await buyer(app)
  const big = Buffer.alloc(QUOTE_DRAWING_MAX_BYTES + 1, 0x20)
  drawings.pdf.bytes.copy(big)
  const attempts: [Record<string, string | string[]>, FormFile[], number][] = [
    // A good drawing, then one that is not a drawing.
    [quoteFields(), [drawings.pdf, { filename: 'setup.pdf', bytes: notDrawings.exe }], 400],
    // A good drawing, then one over 20 MB.
    [quoteFields(), [drawings.step, { filename: 'huge.pdf', bytes: big }], 413],
    // Good drawings with a field refused.
    [quoteFields({ partName: '' }), [drawings.pdf, drawings.png], 400],
  ]
  for (const [fields, files, status] of attempts) {
    const res = await postQuote(app, a, fields, files)
    expect(res.statusCode, res.body).toBe(status)
    expect(storeFiles(app)).toEqual({ blobs: [], staged: [] })
  }
  const [requests] = await database.current.db.select({ n: count() }).from(quoteRequests)
  const [rows] = await database.current.db.select({ n: count() }).from(quoteDrawings)
  expect([requests?.n, rows?.n]).toEqual([0, 0])
})
