import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import {
  HOME_REVIEWS_COUNT,
  HOME_TOOLS_COUNT,
  INITIAL_DATA_ELEMENT_ID,
  loginPathFor,
  messages,
  NOT_FOUND_PAGE,
  PUBLIC_PAGES,
  productsListQuery,
  queryKeys,
  readProductsSearch,
  toolsPageJson,
  type InitialQuery,
  type PageMeta,
  type RenderPage,
  type ReviewListQuery,
  type ToolListQuery,
} from '@toolworks/shared'
import { getSessionCookie } from 'better-auth/cookies'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

import type { ChangeFeed } from '../db/change-feed.js'
import type { CachedAnswer } from '../lib/answer-cache.js'
import { encodeBody, sendEncoded, type EncodedBody } from '../lib/encoded-body.js'
import { withEarlyClicks } from '../lib/early-clicks.js'
import { dataBlock, escapeHtml } from '../lib/html.js'

/** Anything that answers a list from its cache of serialized answers (catalogue, reviews). */
type ListSource<Q> = { list(query: Q): Promise<CachedAnswer> }

type Options = {
  webDistDir: string
  /** The web app's server renderer (apps/web/dist-server/entry-server.js); absent: no markup. */
  rendererFile: string
  /** Absolute origin for structured data, e.g. https://shop.example.com. */
  publicUrl: string
  catalog: ListSource<ToolListQuery>
  reviews: ListSource<ReviewListQuery>
  /** Today's promotions, from their cache (keyed by the shop's date). */
  promotions: { listActive(): Promise<CachedAnswer> }
  changes: ChangeFeed
}

/** One TanStack Query entry of the data block: its key, and its data as JSON text. */
type Entry = { key: readonly unknown[]; json: string }

/**
 * What a page adds to the template. `key` names the page and the data it embeds, so its
 * rendered HTML is found by it; `blocks` builds the extra head only on a miss.
 */
type Page = {
  key: string
  meta?: PageMeta
  /** Server-rendered (public) or left to the browser (personal pages, dashboards). */
  render: boolean
  /** 404 for the app's not-found screen: the same page, with the status that says so. */
  status: 200 | 404
  entries: Entry[]
  blocks: () => string[]
}

const MAX_HTML_VERSIONS = 200
const PURCHASE_PAGE = /^\/purchase\/[^/]+$/
/** Pages that need an account: a visitor with no credentials at all is sent to the login. */
const ACCOUNT_PAGES = [PURCHASE_PAGE, /^\/dashboard(\/|$)/]

/**
 * Whether the request carries any credentials: Better Auth's session cookie (under either of
 * its names, `__Secure-` over HTTPS) or a bearer token. Only their absence is certain: whether
 * they are still valid is the app's question, asked in the browser.
 */
const carriesCredentials = (request: FastifyRequest) =>
  getSessionCookie(new Headers({ cookie: request.headers.cookie ?? '' })) !== null ||
  /^Bearer\s+\S/i.test(request.headers.authorization ?? '')

const pageMeta = new Map(PUBLIC_PAGES.map((page) => [page.path, page]))

/** The entries as the web app reads them (lib/query-client.ts); each answer used as is. */
const initialDataBlock = (entries: Entry[]) =>
  dataBlock(
    'application/json',
    `{"queries":[${entries.map((e) => `{"key":${JSON.stringify(e.key)},"data":${e.json}}`).join(',')}]}`,
    INITIAL_DATA_ELEMENT_ID,
  )

async function loadRenderer(file: string): Promise<RenderPage | undefined> {
  if (!existsSync(file)) return undefined
  const module = (await import(pathToFileURL(file).href)) as { render?: unknown }
  if (typeof module.render !== 'function') throw new Error(`${file} exports no render()`)
  return module.render as RenderPage
}

/**
 * The HTML of every page (issue 16). Public pages come rendered from the web app's own
 * components (apps/web/src/entry-server.tsx) and are hydrated in the browser; the first
 * screen's answers ride along in a JSON data block that seeds the query cache, plus JSON-LD.
 * Personal and dashboard pages get the bare app and render in the browser behind their guards.
 *
 * A page's HTML is kept by the versions of the answers it embeds, and forgotten when the
 * catalogue, reviews or promotions change in any process (the change feed that also clears
 * the answer caches). Unknown /api and /media paths and file names fall through to the JSON 404.
 */
export const pagesPlugin = fp<Options>(
  async (app: FastifyInstance, options) => {
    const { webDistDir, rendererFile, catalog, reviews, promotions, changes } = options
    const indexFile = path.join(webDistDir, 'index.html')
    if (!existsSync(indexFile)) {
      app.log.warn({ webDistDir }, 'web app not built: only the API is served (run npm run build)')
      return
    }
    // Read once: a new build is served after a restart, as its assets are.
    const template = withEarlyClicks(readFileSync(indexFile, 'utf8'))
    const renderPage = await loadRenderer(rendererFile)
    if (!renderPage) app.log.warn({ rendererFile }, 'no server renderer: pages render in browser')
    const origin = options.publicUrl.replace(/\/$/, '')

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

    const homePage = async (pathname: string): Promise<Page> => {
      const toolsQuery: ToolListQuery = { limit: HOME_TOOLS_COUNT }
      const reviewsQuery: ReviewListQuery = { limit: HOME_REVIEWS_COUNT }
      const [tools, newest, offers] = await Promise.all([
        catalog.list(toolsQuery),
        reviews.list(reviewsQuery),
        promotions.listActive(),
      ])
      const entries = [
        { key: queryKeys.tools(toolsQuery), json: tools.body },
        { key: queryKeys.reviews(reviewsQuery), json: newest.body },
        { key: queryKeys.activePromotions, json: offers.body },
      ]
      return {
        // Today's promotions change at the shop's midnight without a write: their answer is
        // read per shop date, so a new day's list has a new tag and the page a new key.
        key: `${pathname}\n${tools.etag}\n${newest.etag}\n${offers.etag}`,
        meta: pageMeta.get('/'),
        render: true,
        status: 200,
        entries,
        blocks: () => [initialDataBlock(entries), organization],
      }
    }

    const productsPage = async (search: URLSearchParams): Promise<Page> => {
      const query = productsListQuery(readProductsSearch(search))
      const page = await catalog.list(query)
      const total = page.total ?? 0
      const entries = [{ key: queryKeys.toolsPage(query), json: toolsPageJson(page.body, total) }]
      return {
        key: `/products\n${JSON.stringify(query)}\n${page.etag}`,
        meta: pageMeta.get('/products'),
        render: true,
        status: 200,
        entries,
        blocks: () => {
          const tools = JSON.parse(page.body) as { _id: string; name: string; image: string }[]
          const itemList = {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            name: messages.catalog.productsTitle,
            numberOfItems: total,
            itemListElement: tools.map((tool, index) => ({
              '@type': 'ListItem',
              position: (query.offset ?? 0) + index + 1,
              item: {
                '@type': 'Product',
                name: tool.name,
                image: new URL(tool.image, `${origin}/`).href,
                url: `${origin}/purchase/${encodeURIComponent(tool._id)}`,
              },
            })),
          }
          return [
            initialDataBlock(entries),
            dataBlock('application/ld+json', JSON.stringify(itemList)),
          ]
        },
      }
    }

    const plainPage = (
      key: string,
      render: boolean,
      meta = pageMeta.get(key),
      status: Page['status'] = 200,
    ): Page => ({
      key,
      meta,
      render,
      status,
      entries: [],
      blocks: () => [],
    })

    const pageFor = (url: URL): Promise<Page> | Page => {
      const { pathname } = url
      if (pathname === '/' || pathname === '/home') return homePage(pathname)
      if (pathname === '/products') return productsPage(url.searchParams)
      if (pageMeta.has(pathname)) return plainPage(pathname, true)
      // What a signed-out visitor sees before being asked to sign in is the same for every id.
      if (PURCHASE_PAGE.test(pathname)) return plainPage('/purchase/:id', true)
      // Personal pages: their data is someone's (the cart is the browser's or the account's),
      // and the guards decide in the browser.
      if (/^\/(dashboard|reset-password|cart)(\/|$)/.test(pathname)) return plainPage('app', false)
      // Every other path is the app's 404 screen, the same for all of them, answered 404.
      return plainPage('*', true, NOT_FOUND_PAGE, 404)
    }

    const withHead = (html: string, meta: PageMeta | undefined, blocks: string[]) => {
      if (meta) {
        html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
        const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`
        html = /<meta\s+name="description"[^>]*>/.test(html)
          ? html.replace(/<meta\s+name="description"[^>]*>/, description)
          : html.replace('</title>', `</title>\n    ${description}`)
      }
      return blocks.length > 0 ? html.replace('</head>', `${blocks.join('\n')}\n</head>`) : html
    }

    const build = async (page: Page, url: URL): Promise<string> => {
      let html = withHead(template, page.meta, page.blocks())
      if (page.render && renderPage) {
        const queries: InitialQuery[] = page.entries.map((e) => ({
          key: e.key,
          data: JSON.parse(e.json) as unknown,
        }))
        const markup = await renderPage({ url: url.href, queries })
        html = html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`)
      }
      return html
    }

    // The same page and data give the same HTML: kept by key (concurrent misses share one
    // render), sent with an ETag, and dropped on any catalogue, reviews or promotions change.
    // Its brotli and gzip copies are made once with it (issue 16), not on every request.
    const rendered = new Map<string, Promise<EncodedBody>>()
    const unsubscribe = changes.subscribe(() => rendered.clear())
    app.addHook('onClose', (_instance, done) => {
      unsubscribe()
      done()
    })

    const htmlOf = (page: Page, url: URL) => {
      let entry = rendered.get(page.key)
      if (!entry) {
        entry = build(page, url).then(encodeBody)
        if (rendered.size >= MAX_HTML_VERSIONS) rendered.clear()
        rendered.set(page.key, entry)
        // A failed render is not kept: the next request tries again.
        entry.catch(() => rendered.delete(page.key))
      }
      return entry
    }

    async function sendPage(request: FastifyRequest, reply: FastifyReply, url: URL) {
      let page: Page | undefined
      let html: EncodedBody
      try {
        page = await pageFor(url)
        html = await htmlOf(page, url)
      } catch (error) {
        // The app loads its data and renders itself; a failing read must not take the page down.
        // Only the home and products pages read before rendering: a page that failed to render
        // keeps its status (the 404 screen stays a 404).
        request.log.warn({ err: error }, 'page served without its server rendering')
        const status = page?.status ?? 200
        const meta = status === 404 ? NOT_FOUND_PAGE : pageMeta.get(url.pathname)
        page = plainPage(`fallback\n${url.pathname}`, false, meta, status)
        html = await htmlOf(page, url)
      }
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8')
      return sendEncoded(request, reply, html, page.status)
    }

    // Every path no other route serves: a page, unless it is an API or media address or a
    // file name, which are JSON 404s (plugins/errors.ts).
    // compress: false: a page goes with the copies made when it was rendered (sendEncoded), and
    // the JSON 404s of the other paths are small.
    app.get('/*', { schema: { hide: true }, compress: false }, (request, reply) => {
      // Appended, not resolved: a path such as //host/x must not change the origin.
      const url = new URL(`${origin}${request.url}`)
      const isPage =
        !/^\/(api|media)(\/|$)/.test(url.pathname) &&
        !path.posix.basename(url.pathname).includes('.')
      if (!isPage) return reply.callNotFound()
      // A purchase or dashboard page needs an account. A visitor who has no session cookie (nor
      // bearer) at all is signed out for certain: the login page at once, which brings them back
      // after, instead of a spinner while the scripts load only to learn the same (issues 16, 26).
      // A visitor with one gets the page, even if the session has ended: the app asks, and a
      // failure to ask is not an answer (no one is signed out on a server error).
      if (ACCOUNT_PAGES.some((page) => page.test(url.pathname)) && !carriesCredentials(request)) {
        reply.header('Cache-Control', 'no-store')
        return reply.redirect(loginPathFor(url.pathname + url.search), 302)
      }
      return sendPage(request, reply, url)
    })
  },
  { name: 'pages', dependencies: ['errors', 'static-assets'] },
)
