import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

type Options = { publicUrl: string; stripe: boolean }

/**
 * Security headers on every answer; HSTS and upgrade only when the site is served over https.
 * The CSP allows no inline script; each payment mode allows exactly the origins it needs.
 */
export const securityPlugin = fp<Options>(
  async (app: FastifyInstance, { publicUrl, stripe }) => {
    const https = publicUrl.startsWith('https://')
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Stripe mode loads Stripe.js and its card frames; the sandbox needs nothing outside.
          scriptSrc: stripe ? ["'self'", 'https://js.stripe.com'] : ["'self'"],
          // blob: is the in-page preview of a quote's PDF drawing (issue 15): fetched with the
          // bearer token, served only when its bytes are a PDF, shown from an object URL.
          frameSrc: stripe
            ? ['blob:', 'https://js.stripe.com', 'https://hooks.stripe.com']
            : ['blob:'],
          // React sets style attributes and react-toastify injects its stylesheet.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
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
    // API answers are personal unless a route says otherwise (the catalogue and reviews set
    // their own revalidation): no browser, proxy or CDN may keep a profile, an order or a token.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
        reply.header('Cache-Control', 'no-store')
      return payload
    })
  },
  { name: 'security' },
)
