import type { MultipartFile } from '@fastify/multipart'
import {
  messages,
  QUOTE_DRAWING_FIELD,
  QUOTE_DRAWING_MAX_BYTES,
  QUOTE_DRAWINGS_MAX,
  QUOTE_PREVIEW_KINDS,
  QuoteDrawingParamsSchema,
  quotesContract,
  quoteRuleWords,
} from '@toolworks/shared'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { AppError } from '../../lib/app-error.js'
import { perAccount } from '../../lib/rate-limits.js'
import { isFileTooLarge, registerUploads } from '../../lib/uploads.js'
import { actorOf, errorResponses } from '../../lib/route-helpers.js'
import type { BlobStore, StagedBlob } from '../blobs/blob-store.js'
import { cleanDrawingName, contentDisposition } from './drawing-names.js'
import { SNIFF_BYTES } from './drawing-types.js'
import type { QuotesService, UploadedDrawing } from './quotes.service.js'

type Deps = { quotes: QuotesService; blobs: BlobStore }

const m = quoteRuleWords
const MB = 1024 * 1024
/** Text fields of a request: ten names, a quantity field repeated, and some slack. */
const FIELDS_MAX = 30
/** Notes is the longest field (2,000 characters, up to 8 KB of UTF-8); longer is refused. */
const FIELD_BYTES_MAX = 16 * 1024
/** Five drawings of 20 MB and the text fields: a refused upload is still read to its end. */
const CREATE_BODY_LIMIT = QUOTE_DRAWINGS_MAX * QUOTE_DRAWING_MAX_BYTES + MB

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code

function tooManyDrawings(): AppError {
  const message = m.tooManyDrawings(QUOTE_DRAWINGS_MAX)
  return new AppError('VALIDATION_FAILED', message, { [QUOTE_DRAWING_FIELD]: message })
}

function tooLarge(name: string, index: number): AppError {
  const message = m.drawingTooLarge(name)
  return new AppError('PAYLOAD_TOO_LARGE', message, {
    [QUOTE_DRAWING_FIELD]: message,
    [`${QUOTE_DRAWING_FIELD}.${index}`]: message,
  })
}

/**
 * A multipart reader's error as ours: limits by their rule, anything else a bad body. The
 * file size limit may surface from the next part rather than the file being read, so the
 * file last started is the one named.
 */
function readError(error: unknown, last: { name: string; index: number } | undefined): AppError {
  if (error instanceof AppError) return error
  const code = errorCode(error)
  if (code === 'FST_FILES_LIMIT') return tooManyDrawings()
  if (isFileTooLarge(error) && last) return tooLarge(last.name, last.index)
  return new AppError('VALIDATION_FAILED', messages.errors.VALIDATION_FAILED)
}

/**
 * Reads the request's parts: text fields (a repeated name becomes a list) and the files of
 * `drawings`, each streamed to a staged blob up to its limit, only its first bytes kept in
 * memory. A file over 20 MB or a sixth file stops the reading with its reason; the
 * rest of the body is discarded (plugins/lingering-close.ts). Every staged blob is added to
 * `staged`, for the caller to discard whatever happens.
 */
async function readRequest(request: FastifyRequest, blobs: BlobStore, staged: StagedBlob[]) {
  const fields = new Map<string, string | string[]>()
  const files: UploadedDrawing[] = []
  let last: { name: string; index: number } | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value)
        const before = fields.get(part.fieldname)
        fields.set(
          part.fieldname,
          before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value],
        )
        continue
      }
      last = { name: cleanDrawingName(part.filename, 'pdf', files.length), index: files.length }
      files.push(await readFile(part, files.length, blobs, staged))
    }
  } catch (error) {
    throw readError(error, last)
  }
  // A file input left empty is sent as a part with no name and no bytes: no drawing.
  return {
    fields: Object.fromEntries(fields),
    files: files.filter((f) => f.filename !== '' || f.blob.size > 0),
  }
}

async function readFile(
  part: MultipartFile,
  index: number,
  blobs: BlobStore,
  staged: StagedBlob[],
): Promise<UploadedDrawing> {
  const name = cleanDrawingName(part.filename, 'pdf', index)
  if (part.fieldname !== QUOTE_DRAWING_FIELD) {
    part.file.resume()
    const message = m.drawingNotAccepted(name)
    throw new AppError('VALIDATION_FAILED', message, {
      [QUOTE_DRAWING_FIELD]: message,
      [part.fieldname]: message,
    })
  }
  const blob = await blobs.stage({ headBytes: SNIFF_BYTES })
  staged.push(blob)
  try {
    // One chunk at a time to the staged file: the reader waits for each write (backpressure).
    for await (const chunk of part.file) {
      if (part.file.truncated) continue
      await blob.write(chunk as Buffer)
    }
  } catch (error) {
    if (!isFileTooLarge(error)) throw error
    throw tooLarge(name, index)
  }
  // Over a socket the reader may hand over the first 20 MB and raise the limit afterwards.
  if (part.file.truncated) throw tooLarge(name, index)
  const { key } = await blob.finish()
  return { filename: part.filename, blob, sha256: key }
}

const DrawingQuerySchema = z.object({
  /** `1`: for the in-page preview of PDF, PNG, JPEG and STL (still sandboxed, still nosniff). */
  inline: z.enum(['0', '1']).optional(),
})

export const quotesRoutes: FastifyPluginAsyncZod<Deps> = async (app, { quotes, blobs }) => {
  const c = quotesContract
  // Registered inside this module only, with the limits of a quote request's drawings.
  await registerUploads(app, {
    fileSize: QUOTE_DRAWING_MAX_BYTES,
    files: QUOTE_DRAWINGS_MAX,
    fields: FIELDS_MAX,
    fieldSize: FIELD_BYTES_MAX,
    parts: QUOTE_DRAWINGS_MAX + FIELDS_MAX,
  })

  const errors = errorResponses(400, 401, 403, 404, 409)

  app.post(
    c.create.path,
    {
      onRequest: [
        app.requireUser,
        // Refused before a byte of the body is read: only a form with files is a request.
        async (request) => {
          if (!/^multipart\/form-data\s*;/i.test(request.headers['content-type'] ?? ''))
            throw new AppError('VALIDATION_FAILED', m.multipartRequired, {
              _: m.multipartRequired,
            })
        },
      ],
      config: perAccount('quotes', { key: 'quote' }),
      bodyLimit: CREATE_BODY_LIMIT,
      schema: {
        tags: ['quotes'],
        summary:
          'Request a quote (multipart/form-data): the text fields and up to 5 files in "drawings"',
        description:
          'Text fields: process, partName, material, quantities (comma-separated or repeated, 1 to 3), neededBy (YYYY-MM-DD, optional), tolerance, finish, notes, phone, address. Files: drawings (0 to 5, 20 MB each; PDF, DXF, DWG, STEP, IGES, STL, PNG or JPG, checked by their content; each is named by its stem and the extension of what it is). The buyer is the signed-in account. 10 requests a minute per account. Drawings need a verified e-mail (403 EMAIL_NOT_VERIFIED); an account has at most 20 open requests and DRAWING_QUOTA_MB of drawings (409 QUOTA_EXCEEDED).',
        consumes: ['multipart/form-data'],
        response: { 201: c.create.response, ...errorResponses(400, 401, 403, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request)
      // A refused or failed request leaves no staged file; a stored one's blobs are committed.
      const staged: StagedBlob[] = []
      try {
        const { fields, files } = await readRequest(request, blobs, staged)
        const created = await quotes.create(actor, fields, files)
        request.log.info({ quote: created._id, drawings: files.length }, 'quote requested')
        return reply.code(201).send(created)
      } finally {
        await Promise.all(staged.map((blob) => blob.discard()))
      }
    },
  )

  app.get(
    c.listMine.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary: "A buyer's quote requests, newest first (admins may read anyone's)",
        querystring: c.listMine.query,
        response: { 200: c.listMine.response, ...errors },
      },
    },
    async (request) => quotes.listMine(actorOf(request), request.query.customer),
  )

  app.get(
    c.listAll.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['quotes'],
        summary: 'Every quote request, by status (admin), and how many wait for a quote',
        querystring: c.listAll.query,
        response: { 200: c.listAll.response, ...errors },
      },
    },
    async (request) => quotes.listAll(request.query.status),
  )

  app.get(
    c.getOne.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary: 'A quote request with its drawings, latest offer and revisions (buyer or admin)',
        params: c.getOne.params,
        response: { 200: c.getOne.response, ...errors },
      },
    },
    async (request) => quotes.getOne(actorOf(request), request.params.id),
  )

  app.get(
    c.drawing.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary:
          'A drawing of a request (buyer or admin): an attachment of its sniffed type; ?inline=1 previews PDF, PNG, JPEG, STL',
        params: QuoteDrawingParamsSchema,
        querystring: DrawingQuerySchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const file = await quotes.drawing(
        actorOf(request),
        request.params.id,
        request.params.drawingId,
      )
      const inline = request.query.inline === '1' && QUOTE_PREVIEW_KINDS.includes(file.kind)
      // The type is the sniffed one and nosniff holds the browser to it; the sandbox keeps a
      // file opened directly from running anything with the shop's origin.
      return reply
        .header(
          'Content-Disposition',
          contentDisposition(inline ? 'inline' : 'attachment', file.name),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'")
        .header('Content-Length', String(file.size))
        .type(file.contentType)
        .send(file.stream)
    },
  )

  app.post(
    c.offer.path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['quotes'],
        summary: 'Quote or revise (admin): price lines, lead time, Valid until and a note',
        params: c.offer.params,
        body: c.offer.body,
        response: { 200: c.offer.response, ...errors },
      },
    },
    async (request) => quotes.offer(actorOf(request), request.params.id, request.body),
  )

  app.post(
    c.decline.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary: 'Decline the quote (the buyer), with an optional reason',
        params: c.decline.params,
        body: c.decline.body,
        response: { 200: c.decline.response, ...errors },
      },
    },
    async (request) => quotes.decline(actorOf(request), request.params.id, request.body.reason),
  )

  app.post(
    c.withdraw.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary: 'Withdraw the request before acceptance (the buyer)',
        params: c.withdraw.params,
        response: { 200: c.withdraw.response, ...errors },
      },
    },
    async (request) => quotes.withdraw(actorOf(request), request.params.id),
  )

  app.post(
    c.resend.path,
    {
      onRequest: app.requireUser,
      config: perAccount('quotes', { key: 'quote' }),
      schema: {
        tags: ['quotes'],
        summary: 'Send an expired, declined or withdrawn request again as a new one (the buyer)',
        params: c.resend.params,
        response: { 201: c.resend.response, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await quotes.resend(actorOf(request), request.params.id)),
  )

  app.get(
    c.listMessages.path,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quotes'],
        summary: 'The conversation on a request, in order (buyer or admin)',
        params: c.listMessages.params,
        response: { 200: c.listMessages.response, ...errors },
      },
    },
    async (request) => quotes.listMessages(actorOf(request), request.params.id),
  )

  app.post(
    c.postMessage.path,
    {
      onRequest: app.requireUser,
      config: perAccount('quoteMessages', { key: 'quote-message' }),
      schema: {
        tags: ['quotes'],
        summary: 'Write on a request (buyer or admin), up to 2,000 characters',
        params: c.postMessage.params,
        body: c.postMessage.body,
        response: { 201: c.postMessage.response, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await quotes.postMessage(actorOf(request), request.params.id, request.body)),
  )
}
