import { existsSync } from 'node:fs'
import path from 'node:path'

import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

import { sendError } from './errors.js'

type Options = { webDistDir: string }

/**
 * Serves the built web app on the API's port: hashed assets cached for a year, the HTML
 * never cached, and any unknown page path answered with the app so deep links reload.
 * Unknown /api and /media paths stay JSON 404s.
 */
export const webPlugin = fp<Options>(
  async (app: FastifyInstance, { webDistDir }) => {
    const hasWeb = existsSync(path.join(webDistDir, 'index.html'))
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
          reply.header(
            'Cache-Control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          )
        },
      })
    } else {
      app.log.warn({ webDistDir }, 'web app not built: only the API is served (run npm run build)')
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/'
      const isPage =
        hasWeb &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !/^\/(api|media)(\/|$)/.test(pathname) &&
        !path.posix.basename(pathname).includes('.')
      if (isPage) {
        return reply
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .sendFile('index.html')
      }
      return sendError(reply, 404, 'NOT_FOUND', `No such address: ${request.method} ${pathname}`)
    })
  },
  { name: 'web', dependencies: ['errors'] },
)
