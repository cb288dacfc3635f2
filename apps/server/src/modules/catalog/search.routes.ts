import { ErrorBodySchema, searchContract, ToolSchema } from '@toolworks/shared'

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import type { CatalogueReadLimit } from '../../lib/rate-limits.js'
import { errorResponses, sendCachedAnswer } from '../../lib/route-helpers.js'
import type { SearchService } from './search.service.js'

type Deps = {
  search: SearchService
  /** The catalogue's per-address read limit, shared with GET /api/tool (lib/rate-limits.ts). */
  readLimit: CatalogueReadLimit
}

const readErrors = errorResponses(400, 429, 503)

/** The search routes beside the catalogue's: facets, suggestions, part numbers, synonyms. */
export const searchRoutes: FastifyPluginAsyncZod<Deps> = async (app, { search, readLimit }) => {
  const { facets, suggest, part, synonyms, putSynonyms } = searchContract

  app.get(
    facets.path,
    {
      compress: false,
      onRequest: readLimit,
      schema: {
        tags: ['catalog'],
        summary: 'Facet counts of a search (each facet as if its own filter were off)',
        querystring: facets.query,
        response: { 200: facets.response, ...readErrors },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, await search.facets(request.query)),
  )

  app.get(
    suggest.path,
    {
      onRequest: readLimit,
      schema: {
        tags: ['catalog'],
        summary: 'At most 8 part numbers and names for the search box',
        querystring: suggest.query,
        response: { 200: suggest.response, ...readErrors },
      },
    },
    async (request) => search.suggest(request.query.q),
  )

  app.get(
    part.path,
    {
      compress: false,
      schema: {
        tags: ['catalog'],
        summary: 'The tool with this part number (any letter case)',
        params: part.params,
        response: { 200: ToolSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      sendCachedAnswer(request, reply, await search.byPartNumber(request.params.partNumber)),
  )

  app.get(
    synonyms.path,
    {
      schema: {
        tags: ['catalog'],
        summary: 'The search synonyms: groups of words that mean the same',
        response: { 200: synonyms.response },
      },
    },
    async () => search.synonyms(),
  )

  app.put(
    putSynonyms.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Replace the search synonyms (admin)',
        body: putSynonyms.body,
        response: { 200: putSynonyms.response, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => search.replaceSynonyms(request.body),
  )
}
