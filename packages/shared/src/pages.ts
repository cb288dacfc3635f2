import { messages } from './messages.js'

/**
 * What the server and the browser agree on about pages: the public pages with
 * their titles and descriptions (HTML head, sitemap), the /products URL state, and the
 * inline data block that seeds the first screen.
 */

/** The `<script type="application/json">` the server fills with the first screen's data. */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data'

/** One TanStack Query entry the server already answered: its key and the data as JSON. */
export type InitialQuery = { key: readonly unknown[]; data: unknown }
export type InitialData = { queries: InitialQuery[] }

/**
 * What the web app's server renderer (apps/web/src/entry-server.tsx, built into
 * apps/web/dist-server) exports and the API server calls: the markup of `#root` for
 * an absolute URL, with the query cache seeded by the same entries the page's data block has.
 */
export type PageRenderInput = { url: string; queries: InitialQuery[] }
export type RenderPage = (input: PageRenderInput) => Promise<string>

export type PageMeta = { path: string; title: string; description: string }

const site = messages.site.name
/** "Our Products · Toolworks"; the home page has a title of its own. */
export const pageTitle = (title?: string): string =>
  title ? `${title} · ${site}` : messages.site.homeTitle

const m = messages.seo

/** The public pages of docs/product.md §2: what robots may index and the sitemap lists. */
export const PUBLIC_PAGES: readonly PageMeta[] = [
  { path: '/', title: pageTitle(), description: m.home },
  { path: '/products', title: pageTitle(messages.catalog.productsTitle), description: m.products },
  { path: '/blogs', title: pageTitle(messages.blogs.title), description: m.blogs },
  { path: '/myportfolio', title: pageTitle(messages.about.title), description: m.about },
  { path: '/quote', title: pageTitle(messages.pages.quote), description: m.quote },
  { path: '/login', title: pageTitle(messages.pages.login), description: m.login },
  { path: '/signup', title: pageTitle(messages.pages.signup), description: m.signup },
]

/**
 * Where the login page sends a visitor back to when the server sent them there (`/login?from=`):
 * a path of this site only, never another origin, nor the sign-in pages. The one rule for the
 * server-rendered page and the browser alike.
 */
export const RETURN_PATH_PARAM = 'from'

const RETURN_BASE = 'http://site.invalid'
/** A path a browser would read as another host: `//host` or `/\\host`. */
const OTHER_HOST = /^\/[/\\]/

/**
 * The return path, normalised as a browser resolves it (dot segments, backslashes as slashes),
 * or undefined. It is judged after normalising: `/.//host` and `/./\\host` become
 * `//host`, which the browser would take for another site. A path whose percent-decoding
 * starts that way (`/%2F%2Fhost`) is refused too, in case something decodes it on the way.
 */
export function returnPathOf(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2000 || !value.startsWith('/') || OTHER_HOST.test(value))
    return undefined
  // Control characters (tabs and line breaks, which URL parsing silently drops, among them).
  if (/\p{Cc}/u.test(value)) return undefined
  let url: URL
  try {
    url = new URL(value, RETURN_BASE)
  } catch {
    return undefined
  }
  const { origin, pathname, search, hash } = url
  if (origin !== RETURN_BASE || OTHER_HOST.test(pathname)) return undefined
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  if (OTHER_HOST.test(decoded)) return undefined
  if (pathname === '/login' || pathname === '/signup') return undefined
  return `${pathname}${search}${hash}`
}

/** The login page's address for a visitor on their way to `returnPath`. */
export const loginPathFor = (returnPath: string): string =>
  `/login?${RETURN_PATH_PARAM}=${encodeURIComponent(returnPath)}`

/** Every address no page has: the 404 screen's head, in the server's HTML as in the browser. */
export const NOT_FOUND_PAGE: PageMeta = {
  path: '*',
  title: pageTitle(messages.notFound.title),
  description: messages.seo.default,
}
