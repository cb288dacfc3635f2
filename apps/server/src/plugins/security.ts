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
          frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
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
    })
  },
  { name: 'security' },
)
