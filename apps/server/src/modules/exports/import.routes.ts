import {
  csvWords,
  ErrorBodySchema,
  exportsContract,
  IMPORT_FILE_FIELD,
  IMPORT_ZIP_MAX_BYTES,
  ImportPreviewSchema,
  ImportResultSchema,
  ImportRowSchema,
} from '@toolworks/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { AppError } from '../../lib/app-error.js'
import { perAccount } from '../../lib/rate-limits.js'
import { actorOf, errorResponses } from '../../lib/route-helpers.js'
import { readOneFile, registerUploads, uploadBodyLimit } from '../../lib/uploads.js'
import { readImportFile } from './import-file.js'
import type { ProductsImport } from './products-import.js'

type Deps = { productsImport: ProductsImport }

function noFile(): never {
  throw new AppError('VALIDATION_FAILED', csvWords.fileRequired, {
    [IMPORT_FILE_FIELD]: csvWords.fileRequired,
  })
}

function zipTooLarge(): never {
  throw new AppError('PAYLOAD_TOO_LARGE', csvWords.zipTooLarge, {
    [IMPORT_FILE_FIELD]: csvWords.zipTooLarge,
  })
}

/** A refused import: the usual error body, plus every row with its action and reason. */
const RefusedImportSchema = ErrorBodySchema.extend({ rows: z.array(ImportRowSchema).optional() })

export const importRoutes: FastifyPluginAsyncZod<Deps> = async (app, { productsImport }) => {
  // Registered inside this module only, with the import's limits.
  await registerUploads(app, { fileSize: IMPORT_ZIP_MAX_BYTES })

  app.post(
    exportsContract.importProducts.path,
    {
      onRequest: app.requireAdmin,
      // Like other uploads: a few a minute per account, counted after the admin check.
      config: perAccount('productsImport', { key: 'import' }),
      // The multipart reader enforces the file limit; this lets a refused body be read to its end.
      bodyLimit: uploadBodyLimit(IMPORT_ZIP_MAX_BYTES),
      schema: {
        tags: ['exports'],
        summary:
          'Import products from CSV (admin): multipart field "file", a .csv or a .zip with one .csv and its images',
        description:
          'Columns: id, name, description, price, quantity, minimum, pack_size, price_breaks, made_to_order, lead_time_days, image, partNumber, category and one spec.<key> per attribute key (the products export); specs are checked against the row category (a refused row names its column, e.g. spec.diameter). ?dryRun=true answers the preview and writes nothing; otherwise every row is written in one transaction, or none if any row is an error (400 with the rows). Limits: 5,000 rows, 5 MB CSV, 50 MB zip (100 MB unzipped, 1,000 files). 10 imports a minute per account.',
        consumes: ['multipart/form-data'],
        querystring: exportsContract.importProducts.query,
        response: {
          200: z.union([ImportResultSchema, ImportPreviewSchema]),
          400: RefusedImportSchema,
          ...errorResponses(401, 403, 409, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const file = await readOneFile(request, {
        field: IMPORT_FILE_FIELD,
        missing: noFile,
        tooLarge: zipTooLarge,
      })
      const content = readImportFile(file.filename, file.bytes)
      const dryRun = request.query.dryRun === 'true' || request.query.dryRun === '1'
      if (dryRun) return productsImport.preview(content)
      const result = await productsImport.run(actorOf(request), content)
      if ('refused' in result) {
        const message = csvWords.importHasErrors(result.refused.counts.error)
        return reply
          .code(400)
          .send({ error: { code: 'VALIDATION_FAILED', message }, rows: result.refused.rows })
      }
      request.log.info({ created: result.created, updated: result.updated }, 'products imported')
      return result
    },
  )
}
