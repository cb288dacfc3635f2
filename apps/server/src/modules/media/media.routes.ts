import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import type { MediaService } from './media.service.js'

type Deps = { media: MediaService }

export const mediaRoutes: FastifyPluginAsyncZod<Deps> = async (app, { media }) => {
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
      // The key is a content hash: the bytes behind a URL never change.
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', `"${request.params.key}"`)
        .type(file.contentType)
        .send(file.data)
    },
  )
}
