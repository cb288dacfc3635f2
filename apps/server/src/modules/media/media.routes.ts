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
import { readOneFile, registerUploads, uploadBodyLimit } from '../../lib/uploads.js'
import type { MediaService } from './media.service.js'

type Deps = {
  media: MediaService
  /** MEDIA_PUBLIC_URL: variants are served from there, by their blob key. */
  publicUrl?: string | undefined
}

const m = messages.media

function missingFile(): never {
  throw new AppError('VALIDATION_FAILED', m.missingFile, { image: m.missingFile })
}

function tooLarge(): never {
  throw new AppError('PAYLOAD_TOO_LARGE', m.tooLarge, { image: m.tooLarge })
}

export const mediaRoutes: FastifyPluginAsyncZod<Deps> = async (app, { media, publicUrl }) => {
  // Registered inside this module only: no other route accepts multipart bodies.
  await registerUploads(app, { fileSize: MEDIA_MAX_BYTES })

  app.post(
    mediaContract.upload.path,
    {
      onRequest: app.requireAdmin,
      // The multipart reader enforces the file limit itself; this declares the route's size
      // so a refused upload is still read to its end (plugins/lingering-close.ts).
      bodyLimit: uploadBodyLimit(MEDIA_MAX_BYTES),
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
      const { bytes } = await readOneFile(request, {
        field: MEDIA_FIELD,
        missing: missingFile,
        tooLarge,
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
      if (publicUrl) {
        // The CDN answers with the object's own immutable Cache-Control and type. A variant's
        // blob key never changes, so the redirect may be cached too; for a day, so that turning
        // MEDIA_PUBLIC_URL off again takes effect within one.
        const blobKey = await media.blobKey(request.params.key)
        return reply
          .header('Cache-Control', 'public, max-age=86400')
          .redirect(`${publicUrl}/${blobKey}`, 302)
      }
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
