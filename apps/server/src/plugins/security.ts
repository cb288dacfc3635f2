import helmet from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

import { EARLY_CLICKS_CSP_SOURCE } from '../lib/early-clicks.js'

type Options = {
  publicUrl: string
  stripe: boolean
  /** MEDIA_PUBLIC_URL's origin: picture variants come from there when it is set. */
  mediaOrigin?: string | undefined
}
type HelmetOptions = Parameters<typeof helmet>[1]

/**
 * The headers helmet sets, made once at startup: @fastify/helmet builds helmet's middleware
 * (parsing the CSP) again on every request, which showed in the catalogue's profile under
 * load. None of them depends on the request. Asked of a throwaway instance, so
 * the values are exactly helmet's.
 */
async function helmetHeaders(options: HelmetOptions): Promise<[string, string | string[]][]> {
  const probe = Fastify({ logger: false })
  await probe.register(helmet, options)
  probe.get('/', (_request, reply) => reply.code(204).send())
  const bare = Fastify({ logger: false })
  bare.get('/', (_request, reply) => reply.code(204).send())
  try {
    const [withHelmet, without] = await Promise.all([
      probe.inject({ method: 'GET', url: '/' }),
      bare.inject({ method: 'GET', url: '/' }),
    ])
    return Object.entries(withHelmet.headers)
      .filter(([name]) => !(name in without.headers))
      .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)])
  } finally {
    await Promise.all([probe.close(), bare.close()])
  }
}

/**
 * Security headers on every answer; HSTS and upgrade only when the site is served over https.
 * The CSP allows no inline script but the early-click capture (by its hash); each payment mode allows exactly the origins it needs.
 */
export const securityPlugin = fp<Options>(
  async (app: FastifyInstance, { publicUrl, stripe, mediaOrigin }) => {
    const https = publicUrl.startsWith('https://')
    const headers = await helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Stripe mode loads Stripe.js and its card frames; the sandbox needs nothing outside.
          // One inline script, allowed by its hash: the early-click capture (lib/early-clicks.ts).
          scriptSrc: stripe
            ? ["'self'", 'https://js.stripe.com', EARLY_CLICKS_CSP_SOURCE]
            : ["'self'", EARLY_CLICKS_CSP_SOURCE],
          // blob: is the in-page preview of a quote's PDF drawing: fetched with the
          // bearer token, served only when its bytes are a PDF, shown from an object URL.
          frameSrc: stripe
            ? ['blob:', 'https://js.stripe.com', 'https://hooks.stripe.com']
            : ['blob:'],
          // React sets style attributes and react-toastify injects its stylesheet.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(mediaOrigin ? [mediaOrigin] : [])],
          fontSrc: ["'self'", 'data:'],
          connectSrc: stripe ? ["'self'", 'https://api.stripe.com'] : ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      // The CSP says frame-ancestors 'none'; older browsers read X-Frame-Options, which must agree.
      frameguard: { action: 'deny' },
    })
    // The same headers on every answer, set before the route runs as helmet does; made once.
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value)
      done()
    })
    // API answers are personal unless a route says otherwise (the catalogue and reviews set
    // their own revalidation): no browser, proxy or CDN may keep a profile, an order or a token.
    // A callback hook, not async: it runs on every answer, and a promise each is measurable.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
        reply.header('Cache-Control', 'no-store')
      done(null, payload)
    })
  },
  { name: 'security' },
)
