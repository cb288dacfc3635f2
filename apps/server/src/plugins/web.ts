import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

import {
  HOME_REVIEWS_COUNT,
  HOME_TOOLS_COUNT,
  INITIAL_DATA_ELEMENT_ID,
  messages,
  PUBLIC_PAGES,
  productsListQuery,
  readProductsSearch,
  type PageMeta,
  type ReviewListQuery,
  type ToolListQuery,
} from '@toolworks/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

import { etagOf, type CachedAnswer } from '../lib/answer-cache.js'
import { ifNoneMatchHits } from '../lib/route-helpers.js'
import { sendError } from './errors.js'

/** Anything that answers a list from its cache of serialized answers (catalogue, reviews). */
type ListSource<Q> = { list(query: Q): Promise<CachedAnswer> }

type Options = {
  webDistDir: string
  /** Absolute origin for the sitemap and structured data, e.g. https://shop.example.com. */
  publicUrl: string
  catalog: ListSource<ToolListQuery>
  reviews: ListSource<ReviewListQuery>
}

/** What a page's HTML carries besides the app: inline data blocks and its head. */
/**
 * What a page adds to the template. `versions` name the data it embeds, so the rendered HTML
 * is found by them; `blocks` builds the embedded text only when that version is not rendered
 * yet (no per-request strings on the hot path).
 */
type PageExtras = { meta?: PageMeta; blocks: () => string[]; versions: string[] }
const noBlocks = (): string[] => []

const pageMeta = new Map(PUBLIC_PAGES.map((page) => [page.path, page]))

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * A data block: `type` is not JavaScript, so the browser never runs it. The CSP
 * (plugins/security.ts: `script-src 'self'`, no 'unsafe-inline') still holds: it governs
 * scripts that execute, and a data block is not executed, so no hash or nonce is needed.
 * JSON allows `<` only inside strings, where `\u003c` means the same; without any `<`, a
 * value such as `</script><script>…` cannot close the element.
 */
const dataBlock = (type: string, json: string, id?: string) =>
  `<script type="${type}"${id ? ` id="${id}"` : ''}>${json.replace(/</g, '\\u003c')}</script>`

type InitialEntry = { key: unknown[]; json: string }

/** The TanStack Query entries as the web app reads them; each answer's body is used as is. */
const initialDataBlock = (entries: InitialEntry[]) =>
  dataBlock(
    'application/json',
    `{"queries":[${entries.map((e) => `{"key":${JSON.stringify(e.key)},"data":${e.json}}`).join(',')}]}`,
    INITIAL_DATA_ELEMENT_ID,
  )

const MAX_HTML_VERSIONS = 200

/**
 * Serves the built web app on the API's port: hashed assets cached for a year, the HTML
 * never cached, and any unknown page path answered with the app so deep links reload.
 * Unknown /api and /media paths stay JSON 404s.
 *
 * The HTML of `/`, `/home` and `/products` carries the first screen's data (issue 8), so the
 * first paint does not wait for an API round trip, plus structured data (JSON-LD); each public
 * page gets its own title and description. `robots.txt` and `sitemap.xml` come from here
 * because the sitemap needs absolute URLs, and only the running server knows its public URL.
 */
export const webPlugin = fp<Options>(
  async (app: FastifyInstance, { webDistDir, publicUrl, catalog, reviews }) => {
    const indexFile = path.join(webDistDir, 'index.html')
    const hasWeb = existsSync(indexFile)
    // Read once: a new build is served after a restart, as its hashed assets are.
    const template = hasWeb ? readFileSync(indexFile, 'utf8') : ''
    const origin = publicUrl.replace(/\/$/, '')

    if (!hasWeb) {
      app.log.warn({ webDistDir }, 'web app not built: only the API is served (run npm run build)')
    }

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

    const organization = dataBlock(
      'application/ld+json',
      JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: messages.seo.organizationName,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
        description: messages.seo.home,
      }),
    )

    const homeExtras = async (): Promise<PageExtras> => {
      const toolsQuery: ToolListQuery = { limit: HOME_TOOLS_COUNT }
      const reviewsQuery: ReviewListQuery = { limit: HOME_REVIEWS_COUNT }
      const [tools, newest] = await Promise.all([
        catalog.list(toolsQuery),
        reviews.list(reviewsQuery),
      ])
      return {
        meta: pageMeta.get('/'),
        blocks: () => [
          initialDataBlock([
            { key: ['tools', toolsQuery], json: tools.body },
            { key: ['reviews', reviewsQuery], json: newest.body },
          ]),
          organization,
        ],
        versions: [tools.etag, newest.etag],
      }
    }

    const productsExtras = async (request: FastifyRequest): Promise<PageExtras> => {
      const search = readProductsSearch(new URL(request.url, 'http://x').searchParams)
      const query = productsListQuery(search)
      const page = await catalog.list(query)
      return {
        meta: pageMeta.get('/products'),
        blocks: () => {
          const total = page.total ?? 0
          const tools = JSON.parse(page.body) as { _id: string; name: string; image: string }[]
          const itemList = {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            name: messages.catalog.productsTitle,
            numberOfItems: total,
            itemListElement: tools.map((tool, index) => ({
              '@type': 'ListItem',
              position: query.offset! + index + 1,
              item: {
                '@type': 'Product',
                name: tool.name,
                image: new URL(tool.image, `${origin}/`).href,
                url: `${origin}/purchase/${encodeURIComponent(tool._id)}`,
              },
            })),
          }
          return [
            initialDataBlock([
              { key: ['tools', 'page', query], json: `{"tools":${page.body},"total":${total}}` },
            ]),
            dataBlock('application/ld+json', JSON.stringify(itemList)),
          ]
        },
        versions: [JSON.stringify(query), page.etag],
      }
    }

    const extrasFor = (pathname: string, request: FastifyRequest): Promise<PageExtras> => {
      if (pathname === '/' || pathname === '/home') return homeExtras()
      if (pathname === '/products') return productsExtras(request)
      return Promise.resolve({ meta: pageMeta.get(pathname), blocks: noBlocks, versions: [] })
    }

    const render = ({ meta, blocks: buildBlocks }: PageExtras): string => {
      const blocks = buildBlocks()
      let html = template
      if (meta) {
        html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
        const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`
        html = /<meta\s+name="description"[^>]*>/.test(html)
          ? html.replace(/<meta\s+name="description"[^>]*>/, description)
          : html.replace('</title>', `</title>\n    ${description}`)
      }
      return blocks.length > 0 ? html.replace('</head>', `${blocks.join('\n')}\n</head>`) : html
    }

    // The same page and data give the same HTML: kept by version, sent with an ETag.
    const rendered = new Map<string, { html: string; etag: string }>()

    async function sendPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
      let extras: PageExtras
      try {
        extras = await extrasFor(pathname, request)
      } catch (error) {
        // The app loads its data itself; a failing read must not take the page down.
        request.log.warn({ err: error }, 'page served without its initial data')
        extras = { meta: pageMeta.get(pathname), blocks: noBlocks, versions: [] }
      }
      const key = `${extras.meta?.path ?? '-'}\n${extras.versions.join('\n')}`
      let page = rendered.get(key)
      if (!page) {
        const html = render(extras)
        page = { html, etag: etagOf(html) }
        if (rendered.size >= MAX_HTML_VERSIONS) rendered.clear()
        rendered.set(key, page)
      }
      reply
        .header('Cache-Control', 'no-cache')
        .header('ETag', page.etag)
        .type('text/html; charset=utf-8')
      if (ifNoneMatchHits(request.headers['if-none-match'], page.etag))
        return reply.code(304).send()
      return reply.send(page.html)
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/'
      const isPage =
        hasWeb &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !/^\/(api|media)(\/|$)/.test(pathname) &&
        !path.posix.basename(pathname).includes('.')
      if (isPage) return sendPage(request, reply, pathname)
      return sendError(reply, 404, 'NOT_FOUND', `No such address: ${request.method} ${pathname}`)
    })
  },
  { name: 'web', dependencies: ['errors'] },
)
