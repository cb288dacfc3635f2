import { crc32, deflateSync } from 'node:zlib'

import sharp from 'sharp'

import type { App } from '../src/app.js'
import { bearer } from './accounts.js'

/** A multipart/form-data body as a browser sends it, for `app.inject`. */
export async function multipartBody(
  parts: { field: string; filename: string; type: string; bytes: Buffer }[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  for (const part of parts) {
    form.append(part.field, new Blob([part.bytes], { type: part.type }), part.filename)
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  }
}

/** Posts one file to POST /api/media as `who` (field `image` unless told otherwise). */
export async function uploadImage(
  app: App,
  who: { token: string } | undefined,
  file: { bytes: Buffer; filename?: string; type?: string; field?: string },
) {
  const body = await multipartBody([
    {
      field: file.field ?? 'image',
      filename: file.filename ?? 'picture.png',
      type: file.type ?? 'image/png',
      bytes: file.bytes,
    },
  ])
  return app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...body.headers, ...(who ? bearer(who) : {}) },
    payload: body.payload,
  })
}

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif'

/** A small real picture in the given format; `seed` varies the colour so hashes differ. */
export function makeImage(format: ImageFormat, seed = 1, size = { width: 64, height: 48 }) {
  return sharp({
    create: {
      width: size.width,
      height: size.height,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 },
    },
  })
    .toFormat(format)
    .toBuffer()
}

/** Uploads a fresh picture as the admin and answers its `/media/...` URL. */
export async function uploadedImageUrl(app: App, admin: { token: string }, seed = 1) {
  const res = await uploadImage(app, admin, { bytes: await makeImage('png', seed) })
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`)
  return res.json<{ data: { url: string } }>().data.url
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A decompression bomb: a grey PNG of `width` x `height` pixels whose rows are all zero, so
 * a file of a few tens of kilobytes declares (and would decode to) tens of megapixels.
 */
export function pixelBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // greyscale
  const raw = Buffer.alloc(height * (1 + width)) // filter byte 0 + zero pixels, every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}
