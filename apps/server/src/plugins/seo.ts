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
  /**
   * The catalogue's pages (category and product pages), at most `limit`, as paths;
   * read at each request (the catalogue service keeps them until the catalogue changes).
   */
  catalogPaths?: (limit: number) => Promise<string[]>
}

/** A sitemap file holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000

/**
 * `robots.txt` and `sitemap.xml`: they come from the server because the sitemap needs
 * absolute URLs, and only the running server knows its public URL.
 */
export const seoPlugin = fp<Options>(
  async (app: FastifyInstance, { webDistDir, publicUrl, catalogPaths }) => {
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
    const entry = (p: string) => `  <url><loc>${escapeHtml(origin + p)}</loc></url>`
    const head = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PAGES.map((page) => entry(page.path)),
    ]
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const catalog = catalogPaths ? await catalogPaths(SITEMAP_MAX_URLS - PUBLIC_PAGES.length) : []
      const sitemap = [...head, ...catalog.map(entry), '</urlset>', ''].join('\n')
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(sitemap)
    })
  },
  { name: 'seo', dependencies: ['static-assets'] },
)
