import { existsSync } from 'node:fs'
import path from 'node:path'

import { PUBLIC_PAGES } from '@toolworks/shared'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

import { escapeHtml } from '../lib/html.js'

type Options = {
  webDistDir: string
  /** Absolute origin for the sitemap, e.g. https://shop.example.com. */
  publicUrl: string
}

/**
 * `robots.txt` and `sitemap.xml`: they come from the server because the sitemap needs
 * absolute URLs, and only the running server knows its public URL.
 */
export const seoPlugin = fp<Options>(
  async (app: FastifyInstance, { webDistDir, publicUrl }) => {
    const origin = publicUrl.replace(/\/$/, '')
    // A robots.txt in the build is served as it is (plugins/static-assets.ts).
    if (!existsSync(path.join(webDistDir, 'robots.txt'))) {
      const robots = [
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /purchase/',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n')
      app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
        reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send(robots),
      )
    }
    const sitemap = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PAGES.map((page) => `  <url><loc>${escapeHtml(origin + page.path)}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n')
    app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(sitemap),
    )
  },
  { name: 'seo', dependencies: ['static-assets'] },
)
