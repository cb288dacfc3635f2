import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

import {
  documentMessages as dm,
  ErrorBodySchema,
  PRODUCT_DOCUMENT_MAX_BYTES,
  PRODUCT_DOCUMENTS_MAX,
  ProductDocumentSchema,
  ToolSchema,
} from '@toolworks/shared'
import { count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'

import { bearer, uniqueEmail, type TestUser } from '../../../test/accounts.js'
import { createUser } from '../../../test/users.js'
import { buildTestApp } from '../../../test/app.js'
import { sha256 } from '../../../test/blobs.js'
import { useTestDatabase } from '../../../test/database.js'
import { drawings } from '../../../test/drawings.js'
import { insertTool } from '../../../test/factories.js'
import type { App } from '../../app.js'
import { auditLog, toolDocuments, tools } from '../../db/schema/index.js'

/**
 * A tool's uploaded documents: checked by their bytes like drawings, kept in the blob
 * store, listed in the tool's `documents`, served to anyone as an attachment of a fixed type,
 * deleted by an admin with their file. Runs on PGlite and on PostgreSQL.
 */

const database = useTestDatabase()

async function shop(onTestFinished: (fn: () => Promise<void>) => void) {
  const adminEmail = uniqueEmail('admin')
  const app = await buildTestApp(database.current, onTestFinished, { adminEmails: [adminEmail] })
  const admin = await createUser(app, { email: adminEmail })
  const customer = await createUser(app)
  const tool = await insertTool(database.current.db, { name: 'HSS twist drill 8 mm' })
  return { app, admin, customer, toolId: tool.id }
}

type Part = { field?: string; filename?: string; bytes?: Buffer }

async function upload(
  app: App,
  who: TestUser | undefined,
  toolId: string,
  {
    fields = { kind: 'datasheet', name: 'Datasheet' },
    file = {},
  }: { fields?: Record<string, string>; file?: Part | null } = {},
) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  if (file)
    form.append(
      file.field ?? 'file',
      new Blob([new Uint8Array(file.bytes ?? drawings.pdf.bytes)]),
      file.filename ?? 'drill-8.pdf',
    )
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return app.inject({
    method: 'POST',
    url: `/api/tool/${toolId}/documents`,
    headers: {
      'content-type': request.headers.get('content-type') ?? '',
      ...(who ? bearer(who) : {}),
    },
    payload: Buffer.from(await request.arrayBuffer()),
  })
}

async function toolOf(app: App, id: string) {
  return ToolSchema.parse((await app.inject({ method: 'GET', url: `/api/tool/${id}` })).json())
}

function blobFiles(app: App): string[] {
  const root = app.config.blobDir
  // Nothing stored yet: the store makes its folder with the first blob.
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((n) => !n.startsWith('.staging') && statSync(path.join(root, n)).isFile())
    .map((n) => path.basename(n))
}

function stagedFiles(app: App): string[] {
  const root = path.join(app.config.blobDir, '.staging')
  try {
    return readdirSync(root)
  } catch {
    return []
  }
}

async function documentRows() {
  const [row] = await database.current.db.select({ n: count() }).from(toolDocuments)
  return row?.n ?? 0
}

function expectRefusal(
  res: { statusCode: number; body: string },
  status: number,
  field: string,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(status)
  expect(ErrorBodySchema.parse(JSON.parse(res.body)).error).toMatchObject({
    message,
    fields: { [field]: message },
  })
}

const pdfOf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20)
  drawings.pdf.bytes.copy(bytes)
  return bytes
}

describe('uploading a document', () => {
  test('an admin uploads a datasheet: the tool lists it and anyone downloads the same bytes as an attachment', async ({
    onTestFinished,
  }) => {
    const { app, admin, toolId } = await shop(onTestFinished)
    const res = await upload(app, admin, toolId, {
      fields: { kind: 'datasheet', name: 'Datasheet (EN)' },
      file: { filename: 'drill-8.pdf' },
    })
    expect(res.statusCode, res.body).toBe(201)
    const created = ProductDocumentSchema.parse(res.json())
    expect(created).toMatchObject({
      kind: 'datasheet',
      name: 'Datasheet (EN)',
      url: `/api/tool/${toolId}/documents/${created._id}`,
      fileName: 'drill-8.pdf',
      fileType: 'pdf',
      size: drawings.pdf.bytes.length,
    })
    expect((await toolOf(app, toolId)).documents).toEqual([
      { kind: 'datasheet', name: 'Datasheet (EN)', url: created.url },
    ])

    // Signed out: the buyer reads datasheets without an account.
    const file = await app.inject({ method: 'GET', url: created.url })
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(drawings.pdf.bytes)).toBe(true)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="drill-8.pdf"; filename*=UTF-8''drill-8.pdf`,
    )
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.headers['content-length']).toBe(String(drawings.pdf.bytes.length))
    // The bytes sit in the blob store under their hash; the row keeps only the key.
    expect(blobFiles(app)).toContain(sha256(drawings.pdf.bytes))
    expect(stagedFiles(app)).toEqual([])
    // The change is in the activity log like any product edit.
    const audits = await database.current.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, toolId))
    expect(audits.map((a) => a.kind)).toEqual(['product.update'])
  })

  test('STEP and DXF are CAD files of their own types; the name defaults to the file stem and the extension is what the bytes are', async ({
    onTestFinished,
  }) => {
    const { app, admin, toolId } = await shop(onTestFinished)
    const step = await upload(app, admin, toolId, {
      fields: { kind: 'cad' },
      file: { filename: 'drill-8.bat', bytes: drawings.step.bytes },
    })
    expect(step.statusCode, step.body).toBe(201)
    expect(step.json()).toMatchObject({
      name: 'drill-8',
      fileName: 'drill-8.step',
      fileType: 'step',
    })
    const dxf = await upload(app, admin, toolId, {
      fields: { kind: 'cad', name: '2D outline' },
      file: { filename: 'outline.DXF', bytes: drawings.dxf.bytes },
    })
    expect(dxf.statusCode, dxf.body).toBe(201)
    const served = await app.inject({ method: 'GET', url: dxf.json<{ url: string }>().url })
    expect(served.headers['content-type']).toBe('image/vnd.dxf')
    expect(served.headers['content-disposition']).toContain('filename="outline.dxf"')
    const stepServed = await app.inject({ method: 'GET', url: step.json<{ url: string }>().url })
    expect(stepServed.headers['content-type']).toBe('model/step')
    expect(stepServed.rawPayload.equals(drawings.step.bytes)).toBe(true)
    expect((await toolOf(app, toolId)).documents?.map((d) => d.name)).toEqual([
      'drill-8',
      '2D outline',
    ])
  })

  test('anything else is refused by its bytes, naming the file field, and nothing is kept', async ({
    onTestFinished,
  }) => {
    const { app, admin, toolId } = await shop(onTestFinished)
    const refusals: [Part, string][] = [
      [
        { filename: 'setup.pdf', bytes: Buffer.from('MZ\x90\x00 not a pdf', 'latin1') },
        'setup.pdf',
      ],
      [{ filename: 'page.pdf', bytes: Buffer.from('<html><script>alert(1)</script>') }, 'page.pdf'],
      // A drawing type a quote takes, but no product document.
      [{ filename: 'part.stl', bytes: drawings.stl.bytes }, 'part.stl'],
    ]
    for (const [file, name] of refusals) {
      const res = await upload(app, admin, toolId, { file })
      expectRefusal(res, 400, 'file', dm.notAccepted(name))
    }
    expectRefusal(await upload(app, admin, toolId, { file: null }), 400, 'file', dm.missingFile)
    expectRefusal(
      await upload(app, admin, toolId, { file: { bytes: Buffer.alloc(0) } }),
      400,
      'file',
      dm.missingFile,
    )
    expectRefusal(
      await upload(app, admin, toolId, { file: { field: 'image' } }),
      400,
      'file',
      dm.missingFile,
    )
    expect(await documentRows()).toBe(0)
    expect((await toolOf(app, toolId)).documents).toBeUndefined()
    expect(blobFiles(app)).toEqual([])
    expect(stagedFiles(app)).toEqual([])
  })

  test('the kind is one of the four and the name 1-120 characters, each refusal naming its field', async ({
    onTestFinished,
  }) => {
    const { app, admin, toolId } = await shop(onTestFinished)
    expectRefusal(
      await upload(app, admin, toolId, { fields: { name: 'x' } }),
      400,
      'kind',
      dm.kindRequired,
    )
    expectRefusal(
      await upload(app, admin, toolId, { fields: { kind: 'invoice' } }),
      400,
      'kind',
      dm.kindRequired,
    )
    expectRefusal(
      await upload(app, admin, toolId, { fields: { kind: 'manual', name: 'x'.repeat(121) } }),
      400,
      'name',
      dm.nameBad,
    )
    expect(await documentRows()).toBe(0)
    expect(blobFiles(app)).toEqual([])
  })

  test(`a file of exactly ${PRODUCT_DOCUMENT_MAX_BYTES / 1024 / 1024} MB is taken, one byte more is 413 with the reason`, async ({
    onTestFinished,
  }) => {
    const { app, admin, toolId } = await shop(onTestFinished)
    const atLimit = await upload(app, admin, toolId, {
      file: { bytes: pdfOf(PRODUCT_DOCUMENT_MAX_BYTES) },
    })
    expect(atLimit.statusCode, atLimit.body.slice(0, 300)).toBe(201)
    expect(atLimit.json()).toMatchObject({ size: PRODUCT_DOCUMENT_MAX_BYTES })
    const over = await upload(app, admin, toolId, {
      file: { bytes: pdfOf(PRODUCT_DOCUMENT_MAX_BYTES + 1) },
    })
    expectRefusal(over, 413, 'file', dm.tooLarge(20))
    expect(await documentRows()).toBe(1)
    expect(stagedFiles(app)).toEqual([])
  })

  test('signed out is 401 and a buyer 403, nothing stored; an unknown or deleted tool is 404', async ({
    onTestFinished,
  }) => {
    const { app, admin, customer, toolId } = await shop(onTestFinished)
    expect((await upload(app, undefined, toolId)).statusCode).toBe(401)
    expect((await upload(app, customer, toolId)).statusCode).toBe(403)
    expect(await documentRows()).toBe(0)
    expect(blobFiles(app)).toEqual([])

    const unknown = await upload(app, admin, '00000000-0000-4000-8000-000000000000')
    expect(unknown.statusCode).toBe(404)
    expect((await upload(app, admin, 'not-an-id')).statusCode).toBe(404)
    // The refused file's blob is not left behind.
    expect(blobFiles(app)).toEqual([])

    const created = ProductDocumentSchema.parse((await upload(app, admin, toolId)).json())
    await database.current.db
      .update(tools)
      .set({ deletedAt: new Date() })
      .where(eq(tools.id, toolId))
    expect((await app.inject({ method: 'GET', url: created.url })).statusCode).toBe(404)
  })

  test(`a tool lists at most ${PRODUCT_DOCUMENTS_MAX} documents, linked and uploaded together (409)`, async ({
    onTestFinished,
  }) => {
    const { app, admin, toolId } = await shop(onTestFinished)
    const linked = Array.from({ length: PRODUCT_DOCUMENTS_MAX - 1 }, (_, i) => ({
      kind: 'manual' as const,
      name: `Manual ${i + 1}`,
      url: `https://example.com/manual-${i + 1}.pdf`,
    }))
    await database.current.db.update(tools).set({ documents: linked }).where(eq(tools.id, toolId))
    expect((await upload(app, admin, toolId)).statusCode).toBe(201)
    const refused = await upload(app, admin, toolId)
    expectRefusal(refused, 409, 'file', dm.tooMany(PRODUCT_DOCUMENTS_MAX))
    expect(await documentRows()).toBe(1)
  })
})

describe('the tool edit and deleting documents', () => {
  test('an edit that sets the linked documents keeps the uploaded ones', async ({
    onTestFinished,
  }) => {
    const { app, admin, toolId } = await shop(onTestFinished)
    const created = ProductDocumentSchema.parse((await upload(app, admin, toolId)).json())
    const link = { kind: 'manual', name: 'Maker manual', url: 'https://example.com/m.pdf' }
    const res = await app.inject({
      method: 'PUT',
      url: `/api/tool/${toolId}`,
      headers: bearer(admin),
      payload: { documents: [link] },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await toolOf(app, toolId)).documents).toEqual([
      link,
      { kind: 'datasheet', name: 'Datasheet', url: created.url },
    ])
    // An edit cannot drop or rename an uploaded one: only its own route deletes it.
    await app.inject({
      method: 'PUT',
      url: `/api/tool/${toolId}`,
      headers: bearer(admin),
      payload: { documents: [{ kind: 'cad', name: 'Renamed', url: created.url }] },
    })
    expect((await toolOf(app, toolId)).documents).toEqual([
      { kind: 'datasheet', name: 'Datasheet', url: created.url },
    ])
  })

  test('an admin deletes a document: gone from the tool, 404 to download, its file removed', async ({
    onTestFinished,
  }) => {
    const { app, admin, customer, toolId } = await shop(onTestFinished)
    const created = ProductDocumentSchema.parse((await upload(app, admin, toolId)).json())
    const remove = (who: TestUser | undefined) =>
      app.inject({ method: 'DELETE', url: created.url, headers: who ? bearer(who) : {} })

    expect((await remove(undefined)).statusCode).toBe(401)
    expect((await remove(customer)).statusCode).toBe(403)
    expect((await app.inject({ method: 'GET', url: created.url })).statusCode).toBe(200)

    const res = await remove(admin)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 })
    expect((await toolOf(app, toolId)).documents).toBeUndefined()
    expect((await app.inject({ method: 'GET', url: created.url })).statusCode).toBe(404)
    expect(blobFiles(app)).not.toContain(sha256(drawings.pdf.bytes))
    expect((await remove(admin)).statusCode).toBe(404)
  })

  test('the same bytes on two tools share one blob: deleting one document keeps the other downloadable', async ({
    onTestFinished,
  }) => {
    const { app, admin, toolId } = await shop(onTestFinished)
    const other = await insertTool(database.current.db, { name: 'HSS twist drill 10 mm' })
    const first = ProductDocumentSchema.parse((await upload(app, admin, toolId)).json())
    const second = ProductDocumentSchema.parse((await upload(app, admin, other.id)).json())
    expect(blobFiles(app)).toEqual([sha256(drawings.pdf.bytes)])

    expect(
      (await app.inject({ method: 'DELETE', url: first.url, headers: bearer(admin) })).statusCode,
    ).toBe(200)
    const still = await app.inject({ method: 'GET', url: second.url })
    expect(still.statusCode).toBe(200)
    expect(still.rawPayload.equals(drawings.pdf.bytes)).toBe(true)
    // A document's route belongs to its tool: another tool's id does not reach it.
    const crossed = second.url.replace(other.id, toolId)
    expect((await app.inject({ method: 'GET', url: crossed })).statusCode).toBe(404)
    expect(
      (await app.inject({ method: 'DELETE', url: crossed, headers: bearer(admin) })).statusCode,
    ).toBe(404)
  })
})

test('the OpenAPI document lists the upload, the download and the delete', async ({
  onTestFinished,
}) => {
  const { app } = await shop(onTestFinished)
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' })
  expect(res.statusCode).toBe(200)
  const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths
  expect(Object.keys(paths['/api/tool/{id}/documents'] ?? {})).toEqual(['post'])
  expect(Object.keys(paths['/api/tool/{id}/documents/{documentId}'] ?? {}).sort()).toEqual([
    'delete',
    'get',
  ])
})
