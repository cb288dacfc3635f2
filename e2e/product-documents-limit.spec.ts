import { createHash, randomBytes } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {
  documentMessages as dm,
  ErrorBodySchema,
  PRODUCT_DOCUMENT_MAX_BYTES,
  ProductDocumentSchema,
} from '@toolworks/shared'
import { expect, test } from 'vitest'

import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs'
import { startServer } from '../apps/server/test/server-process.js'
import { verifiedTokenOverHttp } from './support/accounts.js'

/**
 * Product documents at their limit, on the shop as `npm start` runs it (the build,
 * PGlite, the same heap flags): a document of exactly 20 MB is stored and downloads byte for
 * byte as an attachment; one byte more is refused with its reason, and the refusal reaches the
 * client over the socket (answered, then the rest of the body drained), not a reset.
 */

const ORIGIN = 'http://localhost:5173'
const PEAK_RSS_MAX_MB = 400

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024
}

/** A small grey PNG, made by hand (the product needs a picture of ours). */
function png(width = 64, height = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // RGB
  const rows = Buffer.alloc(height * (1 + width * 3), 0x80)
  for (let y = 0; y < height; y++) rows[y * (1 + width * 3)] = 0 // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A PDF of exactly `size` bytes (a header, then random bytes). */
function pdfOf(size: number): Buffer {
  const bytes = randomBytes(size)
  bytes.write('%PDF-1.7\n', 0, 'latin1')
  return bytes
}

test(
  'npm start on PGlite: a 20 MB document is stored and served byte for byte; 20 MB + 1 byte is refused with its reason',
  { timeout: 240_000 },
  async ({ onTestFinished }) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolworks-documents-limit-'))
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }))
    const email = `documents-limit-${Date.now()}@example.com`
    const env = {
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      ADMIN_EMAILS: email,
      AUTH_SECRET: 'documents-limit-secret-0123456789-abcdefghijklmnop',
    }
    // The first start makes the database (PGlite's initdb peaks on its own); measured is a
    // start on the existing one, as every later start is.
    await (await startServer(env, 90_000, SERVER_NODE_FLAGS, { built: true })).stop()
    const server = await startServer(env, 90_000, SERVER_NODE_FLAGS, { built: true })
    onTestFinished(() => server.stop())
    const admin = { name: 'Nusrat Jahan', email, password: 'documents-limit-pass' }
    const token = await verifiedTokenOverHttp(server.url, admin, { origin: ORIGIN, dataDir })
    const auth = { authorization: `Bearer ${token}` }

    const picture = new FormData()
    picture.append('image', new Blob([new Uint8Array(png())]), 'drill.png')
    const media = await fetch(`${server.url}/api/media`, {
      method: 'POST',
      headers: auth,
      body: picture,
    })
    expect(media.status).toBe(200)
    const image = ((await media.json()) as { data: { url: string } }).data.url
    const tool = await fetch(`${server.url}/api/tool`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Documented drill',
        image,
        price: 3,
        quantity: 10,
        minimum: 1,
        description: 'A drill with a large datasheet.',
      }),
    })
    expect(tool.status).toBe(201)
    const toolId = ((await tool.json()) as { insertedId: string }).insertedId

    const post = (bytes: Buffer) => {
      const form = new FormData()
      form.append('kind', 'datasheet')
      form.append('name', 'Datasheet')
      form.append('file', new Blob([new Uint8Array(bytes)]), 'datasheet.pdf')
      return fetch(`${server.url}/api/tool/${toolId}/documents`, {
        method: 'POST',
        headers: auth,
        body: form,
      })
    }

    // One byte over: the answer arrives with its reason while the body is still being sent.
    const over = await post(pdfOf(PRODUCT_DOCUMENT_MAX_BYTES + 1)).catch((error: unknown) => {
      throw new Error(`the refusal did not arrive (${String(error)}):\n${server.output()}`)
    })
    expect(over.status).toBe(413)
    expect(ErrorBodySchema.parse(await over.json()).error.fields).toEqual({
      file: dm.tooLarge(PRODUCT_DOCUMENT_MAX_BYTES / 1024 / 1024),
    })

    // Exactly at the limit: stored, and served byte for byte as an attachment.
    const bytes = pdfOf(PRODUCT_DOCUMENT_MAX_BYTES)
    const created = await post(bytes)
    expect(created.status, server.output()).toBe(201)
    const document = ProductDocumentSchema.parse(await created.json())
    expect(document.size).toBe(PRODUCT_DOCUMENT_MAX_BYTES)
    const served = await fetch(`${server.url}${document.url}`, {
      headers: { 'accept-encoding': 'identity' },
    })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-disposition')).toMatch(
      /^attachment; filename="datasheet\.pdf"/,
    )
    expect(served.headers.get('content-type')).toBe('application/pdf')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes))

    expect(server.output()).not.toMatch(/heap limit|FATAL ERROR/i)
    const peak = peakRssMb(server.pid)
    console.info(`product documents at the limit: peak RSS ${peak.toFixed(0)} MB`)
    expect(peak, `peak RSS ${peak.toFixed(0)} MB`).toBeLessThan(PEAK_RSS_MAX_MB)
  },
)
