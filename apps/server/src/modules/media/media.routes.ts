import multipart from '@fastify/multipart'
import {
  MEDIA_FIELD,
  MEDIA_MAX_BYTES,
  mediaContract,
  messages,
  type MediaUploadResponse,
} from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { AppError } from '../../lib/app-error.js'
import { errorResponses } from '../../lib/route-helpers.js'
import type { MediaService } from './media.service.js'

type Deps = { media: MediaService }

const m = messages.media

function tooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE'
}

function badMultipart(): never {
  throw new AppError('VALIDATION_FAILED', m.missingFile, { image: m.missingFile })
}

export const mediaRoutes: FastifyPluginAsyncZod<Deps> = async (app, { media }) => {
  // Registered inside this module only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
  })

  app.post(
    mediaContract.upload.path,
    {
      onRequest: app.requireAdmin,
      // The multipart reader enforces the file limit itself; this declares the route's size
      // so a refused upload is still read to its end (plugins/lingering-close.ts).
      bodyLimit: MEDIA_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['media'],
        summary: 'Upload a product image (admin): multipart field "image"',
        consumes: ['multipart/form-data'],
        response: {
          200: mediaContract.upload.response,
          ...errorResponses(400, 401, 403, 413),
        },
      },
    },
    async (request): Promise<MediaUploadResponse> => {
      // A broken multipart body (no boundary, cut short) is the client's error, not ours.
      const file = request.isMultipart() ? await request.file().catch(badMultipart) : undefined
      if (!file || file.fieldname !== MEDIA_FIELD)
        throw new AppError('VALIDATION_FAILED', m.missingFile, { image: m.missingFile })
      const bytes = await file.toBuffer().catch((error: unknown) => {
        if (tooLarge(error))
          throw new AppError('PAYLOAD_TOO_LARGE', m.tooLarge, { image: m.tooLarge })
        return badMultipart()
      })
      const stored = await media.upload(bytes)
      request.log.info({ media: stored.hash, bytes: bytes.length }, 'image uploaded')
      return {
        success: true,
        data: { url: stored.url, width: stored.width, height: stored.height },
      }
    },
  )

  app.get(
    '/media/:key',
    {
      schema: {
        hide: true,
        params: z.object({ key: z.string() }),
      },
    },
    async (request, reply) => {
      const file = await media.get(request.params.key)
      // The key is a content hash: the bytes behind a URL never change. The type is fixed
      // by the server (always WebP) and nosniff stops a browser from guessing another.
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', `"${request.params.key}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .header('Content-Length', String(file.size))
        .type(file.contentType)
        .send(file.body)
    },
  )
}
