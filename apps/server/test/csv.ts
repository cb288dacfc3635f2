import { parse } from 'csv-parse/sync'

import { bearer, uniqueEmail, type TestUser } from './accounts.js'
import { createUser } from './users.js'
import { buildTestApp } from './app.js'
import type { TestDatabase } from './database.js'
import { multipartBody } from './uploads.js'
import type { App } from '../src/app.js'

/** An app with an admin and a customer, for the CSV tests. */
export async function csvShop(
  database: TestDatabase,
  onTestFinished: (fn: () => Promise<void>) => void,
) {
  const adminEmail = uniqueEmail('admin')
  const app = await buildTestApp(database, onTestFinished, { adminEmails: [adminEmail] })
  const admin = await createUser(app, { email: adminEmail })
  const customer = await createUser(app)
  return { app, admin, customer }
}

export function download(app: App, who: TestUser, url: string) {
  return app.inject({ method: 'GET', url, headers: bearer(who) })
}

/** The records of a CSV answer (BOM and header checked by the tests that are about them). */
export function csvRecords(body: string): Record<string, string>[] {
  return parse(body, { bom: true, columns: true })
}

/** Posts a file to the import as `who`. */
export async function postImport(
  app: App,
  who: TestUser,
  file: { bytes: Buffer | string; filename?: string; type?: string; field?: string },
  dryRun = false,
) {
  const body = await multipartBody([
    {
      field: file.field ?? 'file',
      filename: file.filename ?? 'products.csv',
      type: file.type ?? 'text/csv',
      bytes: Buffer.isBuffer(file.bytes) ? file.bytes : Buffer.from(file.bytes, 'utf8'),
    },
  ])
  return app.inject({
    method: 'POST',
    url: `/api/import/products${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...body.headers, ...bearer(who) },
    payload: body.payload,
  })
}

export const HEADER =
  'id,name,description,price,quantity,minimum,pack_size,price_breaks,made_to_order,lead_time_days,image'
