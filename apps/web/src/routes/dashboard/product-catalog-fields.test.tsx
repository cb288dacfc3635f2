import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import {
  catalogContract,
  documentMessages as dm,
  productDocumentsContract,
  searchMessages as sm,
  type ErrorBody,
} from '@toolworks/shared'

import { makeTool, makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { catalogAdminServer, UPLOADED_IMAGE_URL } from '@/testing/handlers/catalog'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

/**
 * The search fields on the admin's product forms: Part number, Category from GET /api/category, the
 * category's specification inputs, the server's refusals beside their fields with nothing
 * typed lost, and the edit form's Documents (upload with a kind, list, delete).
 */

const admin = 'boss@example.com'
const TOOL_ID = 't1'
const STORED_URL = `/api/tool/${TOOL_ID}/documents/d1`

function setup(path: string) {
  const catalog = catalogAdminServer([
    makeTool({
      _id: TOOL_ID,
      name: 'HSS drill 8 mm',
      partNumber: 'DB-HSS-080',
      category: 'drill-bits',
      specs: { diameter: 8, material: 'HSS' },
      documents: [
        { kind: 'datasheet', name: 'Datasheet', url: STORED_URL },
        { kind: 'manual', name: 'Maker manual', url: 'https://example.com/m.pdf' },
      ],
    }),
  ])
  server.use(sessionHandler(makeUser({ email: admin })), adminHandler([admin]), ...catalog.handlers)
  return { ...renderApp(path), catalog }
}

type User = ReturnType<typeof setup>['user']

async function fillProduct(user: User) {
  await user.type(await screen.findByLabelText('Name'), 'Cobalt drill 10 mm')
  await user.type(screen.getByLabelText('Quantity'), '50')
  await user.type(screen.getByLabelText('Price'), '4.5')
  await user.type(screen.getByLabelText('Minimum order quantity'), '1')
  await user.type(screen.getByLabelText('Description'), 'A cobalt twist drill.')
  await user.upload(
    screen.getByLabelText('Image'),
    new File(['png'], 'd.png', { type: 'image/png' }),
  )
  await user.type(screen.getByLabelText('Part number'), 'DB-CO-100')
  // The options come from GET /api/category.
  await screen.findByRole('option', { name: /Drill bits/ })
  await user.selectOptions(screen.getByLabelText('Category'), 'drill-bits')
}

describe('Add Product: part number, category and specifications', () => {
  test('the chosen category brings its specification inputs; the product goes with typed specs', async () => {
    const { user, catalog } = setup('/dashboard/addproduct')
    await fillProduct(user)
    const diameter = screen.getByLabelText('Diameter (mm) *')
    expect(diameter).toHaveAttribute('type', 'number')
    expect(diameter).toHaveAttribute('aria-required', 'true')
    const material = screen.getByLabelText('Material')
    expect(
      within(material)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'HSS', 'HSS-Co', 'Carbide'])
    await user.type(diameter, '10.5')
    await user.selectOptions(material, 'HSS-Co')
    await user.click(screen.getByRole('button', { name: 'Add Product' }))

    expect(await screen.findByText('new product added')).toBeInTheDocument()
    expect(catalog.seen.at(-1)).toEqual({
      method: 'POST',
      path: '/api/tool',
      body: {
        name: 'Cobalt drill 10 mm',
        quantity: 50,
        price: 4.5,
        minimum: 1,
        description: 'A cobalt twist drill.',
        image: UPLOADED_IMAGE_URL,
        priceBreaks: [],
        packSize: 1,
        madeToOrder: false,
        leadTimeDays: null,
        partNumber: 'DB-CO-100',
        category: 'drill-bits',
        specs: { diameter: 10.5, material: 'HSS-Co' },
      },
    })
  })

  test('no category, no specification inputs; the server refusals go beside their fields and nothing typed is lost', async () => {
    const { user } = setup('/dashboard/addproduct')
    await screen.findByLabelText('Category')
    expect(screen.queryByLabelText(/Diameter/)).toBeNull()
    await fillProduct(user)
    await user.type(screen.getByLabelText('Diameter (mm) *'), '10')
    const body: ErrorBody = {
      error: {
        code: 'VALIDATION_FAILED',
        message: sm.specRequired('Diameter'),
        fields: {
          partNumber: sm.partNumberTaken('DB-CO-100'),
          'specs.diameter': sm.specNotInList('Diameter', ['8']),
        },
      },
    }
    server.use(
      http.post(catalogContract.create.path, () => HttpResponse.json(body, { status: 400 })),
    )
    await user.click(screen.getByRole('button', { name: 'Add Product' }))

    const partNumber = screen.getByLabelText('Part number')
    expect(await screen.findByText(sm.partNumberTaken('DB-CO-100'))).toBeInTheDocument()
    expect(partNumber).toHaveAttribute('aria-invalid', 'true')
    // The reason is the input's description, so a screen reader reads it with the field.
    const reason = screen.getByText(sm.partNumberTaken('DB-CO-100'))
    expect(partNumber.getAttribute('aria-describedby')?.split(' ')).toContain(reason.id)
    const diameter = screen.getByLabelText('Diameter (mm) *')
    expect(screen.getByText(sm.specNotInList('Diameter', ['8']))).toBeInTheDocument()
    expect(diameter).toHaveAttribute('aria-invalid', 'true')
    // Everything typed is still there.
    expect(partNumber).toHaveValue('DB-CO-100')
    expect(diameter).toHaveValue(10)
    expect(screen.getByLabelText('Category')).toHaveValue('drill-bits')
    expect(screen.getByLabelText('Name')).toHaveValue('Cobalt drill 10 mm')
  })
})

describe('the edit form', () => {
  test('shows the tool part number, category and specs, and sends only what changed', async () => {
    const { user, catalog } = setup(`/dashboard/manageproduct?edit=${TOOL_ID}`)
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit HSS drill 8 mm' }))
    expect(dialog.getByLabelText('Part number')).toHaveValue('DB-HSS-080')
    await dialog.findByRole('option', { name: /Drill bits/ })
    expect(dialog.getByLabelText('Category')).toHaveValue('drill-bits')
    expect(dialog.getByLabelText('Diameter (mm) *')).toHaveValue(8)
    expect(dialog.getByLabelText('Material')).toHaveValue('HSS')

    await user.selectOptions(dialog.getByLabelText('Material'), 'Carbide')
    await user.click(dialog.getByRole('button', { name: 'Save changes' }))
    await expect.poll(() => catalog.seen.at(-1)?.method).toBe('PUT')
    expect(catalog.seen.at(-1)?.body).toEqual({ specs: { diameter: 8, material: 'Carbide' } })
  })

  test(
    'Documents: lists them, uploads one with its kind and name, shows a refusal beside the file, deletes an uploaded one',
    { timeout: 20_000 },
    async () => {
      const uploads: { kind: unknown; name: unknown; file: boolean }[] = []
      const deleted: string[] = []
      let refuse = true
      server.use(
        http.post(productDocumentsContract.upload.path, async ({ request, params }) => {
          const form = await request.formData()
          const file = form.get('file')
          uploads.push({
            kind: form.get('kind'),
            name: form.get('name'),
            // The stand-in XMLHttpRequest carries the part but not its name or bytes.
            file: file !== null,
          })
          if (refuse) {
            const body: ErrorBody = {
              error: {
                code: 'VALIDATION_FAILED',
                message: dm.notAccepted('drill.pdf'),
                fields: { file: dm.notAccepted('drill.pdf') },
              },
            }
            return HttpResponse.json(body, { status: 400 })
          }
          return HttpResponse.json(
            {
              _id: 'd2',
              kind: 'cad',
              name: '3D model',
              url: `/api/tool/${String(params.id)}/documents/d2`,
              fileName: 'drill.step',
              fileType: 'step',
              size: 120,
            },
            { status: 201 },
          )
        }),
        http.delete(productDocumentsContract.remove.path, ({ params }) => {
          deleted.push(String(params.documentId))
          return HttpResponse.json({ acknowledged: true, deletedCount: 1 })
        }),
      )
      const { user, catalog } = setup(`/dashboard/manageproduct?edit=${TOOL_ID}`)
      const dialog = within(await screen.findByRole('dialog', { name: 'Edit HSS drill 8 mm' }))
      const list = within(dialog.getByRole('list', { name: 'Documents' }))
      expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        expect.stringContaining('Datasheet'),
        expect.stringContaining('Maker manual'),
      ])
      // Only an uploaded document can be deleted here; a link goes with the tool's own edit.
      expect(dialog.queryByRole('button', { name: 'Delete Maker manual' })).toBeNull()

      await user.selectOptions(dialog.getByLabelText('Document kind'), 'cad')
      await user.type(dialog.getByLabelText('Document name'), '3D model')
      await user.upload(dialog.getByLabelText('Document file'), new File(['MZ'], 'drill.pdf'))
      await user.click(dialog.getByRole('button', { name: 'Upload document' }))
      expect(await dialog.findByText(dm.notAccepted('drill.pdf'))).toBeInTheDocument()
      expect(dialog.getByLabelText('Document file')).toHaveAttribute('aria-invalid', 'true')
      // The choices are kept for the next try.
      expect(dialog.getByLabelText('Document kind')).toHaveValue('cad')
      expect(dialog.getByLabelText('Document name')).toHaveValue('3D model')

      refuse = false
      await user.upload(
        dialog.getByLabelText('Document file'),
        new File(['ISO-10303-21;'], 'drill.step'),
      )
      await user.click(dialog.getByRole('button', { name: 'Upload document' }))
      expect(await list.findByText('3D model')).toBeInTheDocument()
      expect(uploads).toEqual([
        { kind: 'cad', name: '3D model', file: true },
        { kind: 'cad', name: '3D model', file: true },
      ])
      expect(dialog.queryByText(dm.notAccepted('drill.pdf'))).toBeNull()

      await user.click(dialog.getByRole('button', { name: 'Delete Datasheet' }))
      await expect.poll(() => list.queryByText('Datasheet')).toBeNull()
      expect(deleted).toEqual(['d1'])
      // The documents went by their own routes: the product itself was not saved.
      expect(catalog.seen.filter((r) => r.method === 'PUT')).toEqual([])
    },
  )
})
