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
  catalogWords,
  pageTitle,
  productsFacetsQuery,
  productsListQuery,
  queryKeys,
  readProductsSearch,
  toolsPageJson,
  type InitialQuery,
  type PageMeta,
  type PublicConfig,
  type RenderPage,
  type Category,
  type ProductsListQuery,
  type ReviewListQuery,
  type Tool,
  type ToolFacetsQuery,
  currencyFromCookies,
  type ExchangeRate,
  type ToolListQuery,
  type ToolSearchQuery,
} from '@toolworks/shared'
import { getSessionCookie } from 'better-auth/cookies'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'

import type { ChangeFeed } from '../db/change-feed.js'
import type { CachedAnswer } from '../lib/answer-cache.js'
import { encodeBody, encodedBytes, sendEncoded, type EncodedBody } from '../lib/encoded-body.js'
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
  catalog: ListSource<ToolSearchQuery> & { getOne(id: string): Promise<CachedAnswer> }
  /** The facets beside /products, and the category tree (names, paths). */
  search: { facets(query: ToolFacetsQuery): Promise<CachedAnswer> }
  categories: { list(): Promise<Category[]> }
  reviews: ListSource<ReviewListQuery>
  /** Today's promotions, from their cache (keyed by the shop's date). */
  promotions: { listActive(): Promise<CachedAnswer> }
  /** The taka rate in force: every price on a page may be shown in taka. */
  rates: { current(): Promise<ExchangeRate | undefined> }
  changes: ChangeFeed
  /**
   * Counts a render no one asked for yet (its HTML not kept) against the caller's budget;
   * absent: no limit.
   */
  renderLimit?: (request: FastifyRequest) => Promise<RenderBudget>
  /**
   * GET /api/config's answer, in every page's data block: the layout reads it at once (the
   * demo shop's notice among others), on rendered pages and browser-rendered ones alike.
   */
  publicConfig: PublicConfig
}

/** Whether a server render is within the caller's budget, and if not, when it is again. */
export type RenderBudget = { allowed: true } | { allowed: false; retryAfterSeconds: number }

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
  /**
   * 404 for the app's not-found screen: the same page, with the status that says so; 429 for a
   * page left to the browser because its caller rendered too many.
   */
  status: 200 | 404 | 429
  entries: Entry[]
  blocks: () => string[]
}

/**
 * The most the rendered pages kept may hold in memory, compressed copies included
 * (encodedBytes): past it the least recently used go first. 16 MB is some 200
 * pages of today's size.
 */
export const RENDERED_PAGES_MAX_BYTES = 16 * 1024 * 1024
const PURCHASE_PAGE = /^\/purchase\/[^/]+$/
/** A tool's public page. */
const PRODUCT_PAGE = /^\/products\/([^/]+)$/
/** "Related in this category": this many, the tool itself left out by the page. */
export const RELATED_TOOLS_QUERY_LIMIT = 5
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
 * The HTML of every page. Public pages come rendered from the web app's own
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
    const { webDistDir, rendererFile, catalog, reviews, promotions, rates, changes } = options
    const { search, categories, renderLimit } = options
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
    // The same for every page while the process runs: it needs no part in a page's key.
    const site: Entry = { key: queryKeys.siteConfig, json: JSON.stringify(options.publicConfig) }

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
        site,
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

    const productsPage = async (params: URLSearchParams): Promise<Page> => {
      const state = readProductsSearch(params)
      const query = productsListQuery(state)
      const facetsQuery = productsFacetsQuery(state)
      // An unknown category answers 400: the page falls back to rendering in the browser.
      const [page, facets, tree] = await Promise.all([
        catalog.list(query),
        search.facets(facetsQuery),
        categories.list(),
      ])
      const total = page.total ?? 0
      const entries = [
        site,
        { key: queryKeys.toolsPage(query), json: toolsPageJson(page.body, total) },
        { key: queryKeys.facets(facetsQuery), json: facets.body },
        { key: queryKeys.categories, json: JSON.stringify(tree) },
      ]
      const category = tree.find((c) => c.slug === state.category)
      const meta = pageMeta.get('/products')
      return {
        key: `/products\n${JSON.stringify(query)}\n${page.etag}\n${facets.etag}`,
        meta:
          category && meta
            ? {
                ...meta,
                title: pageTitle(category.name),
                description: category.description || meta.description,
              }
            : meta,
        render: true,
        status: 200,
        entries,
        blocks: () => {
          const tools = JSON.parse(page.body) as { _id: string; name: string; image: string }[]
          const itemList = {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            name: category?.name ?? messages.catalog.productsTitle,
            numberOfItems: total,
            itemListElement: tools.map((tool, index) => ({
              '@type': 'ListItem',
              position: query.offset + index + 1,
              item: {
                '@type': 'Product',
                name: tool.name,
                image: new URL(tool.image, `${origin}/`).href,
                url: `${origin}/products/${encodeURIComponent(tool._id)}`,
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

    /** A tool's public page: the tool, its category's path and its neighbours. */
    const productPage = async (id: string): Promise<Page> => {
      let one: CachedAnswer
      try {
        one = await catalog.getOne(id)
      } catch {
        // No such tool (or a malformed id): the page says so, answered 404.
        return plainPage('/products/:missing', true, NOT_FOUND_PAGE, 404)
      }
      const tool = JSON.parse(one.body) as Tool
      const tree = await categories.list()
      const entries: Entry[] = [
        site,
        { key: queryKeys.tool(tool._id), json: one.body },
        { key: queryKeys.categories, json: JSON.stringify(tree) },
      ]
      let relatedEtag = ''
      if (tool.category) {
        const relatedQuery: ProductsListQuery = {
          limit: RELATED_TOOLS_QUERY_LIMIT,
          offset: 0,
          category: tool.category,
        }
        const related = await catalog.list(relatedQuery)
        relatedEtag = related.etag
        entries.push({
          key: queryKeys.toolsPage(relatedQuery),
          json: toolsPageJson(related.body, related.total ?? 0),
        })
      }
      const description = catalogWords.productDescription(
        tool.name,
        tool.partNumber,
        tool.description,
      )
      const product = {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: tool.name,
        ...(tool.partNumber && { sku: tool.partNumber, mpn: tool.partNumber }),
        image: new URL(tool.image, `${origin}/`).href,
        description: tool.description,
        url: `${origin}/products/${encodeURIComponent(tool._id)}`,
        offers: {
          '@type': 'Offer',
          price: tool.price.toFixed(2),
          priceCurrency: 'USD',
          availability:
            tool.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        },
      }
      return {
        key: `/products/${tool._id}\n${one.etag}\n${relatedEtag}`,
        meta: { path: `/products/${tool._id}`, title: pageTitle(tool.name), description },
        render: true,
        status: 200,
        entries,
        blocks: () => [
          initialDataBlock(entries),
          dataBlock('application/ld+json', JSON.stringify(product)),
        ],
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
      entries: [site],
      blocks: () => [initialDataBlock([site])],
    })

    const pageFor = (url: URL): Promise<Page> | Page => {
      const { pathname } = url
      if (pathname === '/' || pathname === '/home') return homePage(pathname)
      if (pathname === '/products') return productsPage(url.searchParams)
      const product = PRODUCT_PAGE.exec(pathname)
      if (product?.[1]) return productPage(decodeURIComponent(product[1]))
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
    // Its brotli and gzip copies are made once each, when first asked for, not on
    // every request.
    // Kept as promises, so concurrent misses share one render: a promise's size is known once
    // it settles, so it is counted then (`keep`), and until then it is in `rendering`.
    const rendered = new LRUCache<string, EncodedBody>({
      maxSize: RENDERED_PAGES_MAX_BYTES,
      sizeCalculation: (body) => Math.max(1, encodedBytes(body)),
    })
    const rendering = new Map<string, Promise<EncodedBody>>()
    let generation = 0
    const unsubscribe = changes.subscribe(() => {
      generation += 1
      rendered.clear()
      rendering.clear()
    })
    app.addHook('onClose', (_instance, done) => {
      unsubscribe()
      done()
    })

    const htmlOf = (page: Page, url: URL): Promise<EncodedBody> => {
      const kept = rendered.get(page.key)
      if (kept) return Promise.resolve(kept)
      let entry = rendering.get(page.key)
      if (!entry) {
        const startedAt = generation
        entry = build(page, url).then((html) => {
          // A copy made later adds to what the page holds: counted again (a new value, as
          // the LRU measures a value when it is set), if the kept page is still this one.
          const body = encodeBody(html, () => {
            const kept = rendered.peek(page.key)
            if (kept?.identity === body.identity) rendered.set(page.key, { ...kept })
          })
          return body
        })
        rendering.set(page.key, entry)
        // A render that began before a change is not kept; a failed one is not either: the
        // next request tries again.
        const settling = entry
        void settling
          .then(
            (body) => {
              if (generation === startedAt) rendered.set(page.key, body)
            },
            () => {},
          )
          .finally(() => {
            if (rendering.get(page.key) === settling) rendering.delete(page.key)
          })
      }
      return entry
    }

    /**
     * A rendered page shows its prices in the currency the buyer's cookie chose, at
     * the rate in force; both ride in the data block, so the browser hydrates the same figures,
     * and both are in the page's key.
     */
    const inCurrency = async (page: Page, request: FastifyRequest): Promise<Page> => {
      if (!page.render) return page
      const choice = currencyFromCookies(request.headers.cookie) ?? null
      const rate = (await rates.current()) ?? null
      const added = [
        { key: queryKeys.exchangeRate, json: JSON.stringify(rate) },
        { key: queryKeys.currencyChoice, json: JSON.stringify(choice) },
      ]
      const entries = [...page.entries, ...added]
      return {
        ...page,
        key: `${page.key}\n${choice ?? ''}\n${rate ? `${rate.perUsd}@${rate.effectiveFrom}` : ''}`,
        entries,
        // The page's own blocks, with its data block holding the added entries too.
        blocks: () => [
          initialDataBlock(entries),
          ...page.blocks().filter((block) => !block.includes(INITIAL_DATA_ELEMENT_ID)),
        ],
      }
    }

    async function sendPage(request: FastifyRequest, reply: FastifyReply, url: URL) {
      let page: Page | undefined
      let html: EncodedBody
      try {
        page = await inCurrency(await pageFor(url), request)
        if (page.render && !rendered.has(page.key) && !rendering.has(page.key) && renderLimit) {
          const budget = await renderLimit(request)
          if (!budget.allowed) {
            // Too many renders of pages no one else asked for (random searches): this one comes
            // as the bare app with its title, which renders in the browser from the API. It
            // still reads; the 429 and Retry-After tell crawlers to slow down.
            reply.header('Retry-After', String(budget.retryAfterSeconds))
            page = plainPage(
              `unrendered\n${JSON.stringify(page.meta ?? null)}`,
              false,
              page.meta,
              429,
            )
          }
        }
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
      // after, instead of a spinner while the scripts load only to learn the same.
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
