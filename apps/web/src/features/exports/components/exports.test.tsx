import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

import type { ImportPreview, ImportRow } from '@toolworks/shared'

import { makeTool, makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { catalogAdminServer } from '@/testing/handlers/catalog'
import { ordersServer } from '@/testing/handlers/orders'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'
const CSV = '\uFEFFid,email\r\nu1,a@example.com\r\n'

const created: Blob[] = []
const clicked: { href: string; download: string }[] = []
const spies: { mockRestore: () => void }[] = []
beforeEach(() => {
  created.length = 0
  clicked.length = 0
  // jsdom has no object URLs: stand-ins that name each blob in turn.
  URL.createObjectURL = (blob: Blob) => {
    created.push(blob)
    return `blob:csv-${created.length}`
  }
  URL.revokeObjectURL = () => {}
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click')
  spies.push(click)
  click.mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download })
  })
})
afterEach(() => {
  spies.splice(0).forEach((spy) => spy.mockRestore())
})

function csvHandler(kind: string, seen: { url: URL; authorization: string | null }[], fail = 0) {
  let failures = fail
  return http.get(`/api/export/${kind}.csv`, ({ request }) => {
    seen.push({ url: new URL(request.url), authorization: request.headers.get('authorization') })
    if (failures > 0) {
      failures -= 1
      return HttpResponse.json(
        { error: { code: 'UNAVAILABLE', message: 'Try again in a moment.' } },
        { status: 503 },
      )
    }
    return new HttpResponse(CSV, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${kind}-2026-11-23.csv"`,
      },
    })
  })
}

describe('Export CSV', () => {
  test('Manage Orders exports with the filters in force, with the bearer token, under the server’s name', async () => {
    localStorage.setItem('accessToken', 'admin-token')
    const seen: { url: URL; authorization: string | null }[] = []
    server.use(
      sessionHandler(makeUser({ email: admin })),
      adminHandler([admin]),
      ...ordersServer([]).handlers,
      csvHandler('orders', seen),
    )
    const { user } = renderApp('/dashboard/manageorders?status=paid&q=rahim')

    await user.click(await screen.findByRole('button', { name: 'Export CSV' }))

    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:csv-1', download: 'orders-2026-11-23.csv' }]),
    )
    expect(await created[0]!.text()).toBe(CSV.slice(1))
    expect(seen[0]!.url.searchParams.get('status')).toBe('paid')
    expect(seen[0]!.url.searchParams.get('q')).toBe('rahim')
    expect(seen[0]!.authorization).toBe('Bearer admin-token')
  })

  test('a failed export says so in a toast whose Retry downloads it', async () => {
    const seen: { url: URL; authorization: string | null }[] = []
    server.use(
      sessionHandler(makeUser({ email: admin })),
      adminHandler([admin]),
      http.get('/api/users', () => HttpResponse.json([])),
      csvHandler('users', seen, 1),
    )
    const { user } = renderApp('/dashboard/users')

    await user.click(await screen.findByRole('button', { name: 'Export CSV' }))

    const alert = await screen.findByText(/The export could not be downloaded/)
    expect(alert).toHaveTextContent('Try again in a moment.')
    expect(clicked).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:csv-1', download: 'users-2026-11-23.csv' }]),
    )
    expect(seen).toHaveLength(2)
  })
})

const row = (r: Partial<ImportRow> & Pick<ImportRow, 'row' | 'action'>): ImportRow => ({
  reason: null,
  column: null,
  toolId: null,
  name: `Tool ${r.row}`,
  price: '5.00',
  quantity: '10',
  minimum: '1',
  image: '/media/x-800.webp',
  ...r,
})

function importServer(preview: ImportPreview, onImport: () => void) {
  const seen: { dryRun: string | null; field: string | undefined }[] = []
  return {
    seen,
    handler: http.post('/api/import/products', async ({ request }) => {
      const url = new URL(request.url)
      const form = await request.formData()
      seen.push({ dryRun: url.searchParams.get('dryRun'), field: [...form.keys()][0] })
      if (url.searchParams.get('dryRun') === 'true') return HttpResponse.json(preview)
      onImport()
      return HttpResponse.json({
        acknowledged: true,
        created: preview.counts.new,
        updated: preview.counts.update,
        rows: preview.rows,
      })
    }),
  }
}

describe('Import CSV', () => {
  test('previews the rows, then imports on Confirm and the list shows the new product', async () => {
    const catalog = catalogAdminServer([makeTool({ _id: 't1', name: 'Hammer' })])
    const preview: ImportPreview = {
      rows: [
        row({ row: 2, action: 'update', name: 'Hammer', toolId: 't1' }),
        row({ row: 3, action: 'new', name: 'Metal file' }),
      ],
      counts: { new: 1, update: 1, error: 0 },
    }
    const imports = importServer(preview, () =>
      server.use(
        http.get('/api/tool', () =>
          HttpResponse.json([
            makeTool({ _id: 't2', name: 'Metal file' }),
            makeTool({ _id: 't1', name: 'Hammer' }),
          ]),
        ),
      ),
    )
    server.use(
      sessionHandler(makeUser({ email: admin })),
      adminHandler([admin]),
      ...catalog.handlers,
      imports.handler,
    )
    const { user } = renderApp('/dashboard/manageproduct')

    await user.click(await screen.findByRole('button', { name: 'Import CSV' }))
    const dialog = await screen.findByRole('dialog', { name: 'Import products from CSV' })
    const file = new File(['id,name\r\n'], 'products.csv', { type: 'text/csv' })
    await user.upload(within(dialog).getByLabelText('CSV or ZIP file'), file)

    expect(
      await within(dialog).findByText('Preview: 1 new, 1 to update, 0 with errors'),
    ).toBeVisible()
    const rows = within(dialog).getAllByRole('row').slice(1)
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2', 'update', 'Hammer'],
      ['3', 'new', 'Metal file'],
    ])
    expect(imports.seen).toEqual([{ dryRun: 'true', field: 'file' }])

    await user.click(within(dialog).getByRole('button', { name: 'Confirm import' }))

    expect(await screen.findByText('Imported: 1 new, 1 updated.')).toBeVisible()
    expect(imports.seen[1]).toEqual({ dryRun: null, field: 'file' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The catalogue was refreshed: the products table now lists the new tool.
    const table = screen.getByRole('table')
    expect(await within(table).findByText('Metal file')).toBeInTheDocument()
  })

  test('a preview with an error row keeps Confirm disabled and says how many; Cancel writes nothing', async () => {
    const catalog = catalogAdminServer([makeTool({ _id: 't1', name: 'Hammer' })])
    const preview: ImportPreview = {
      rows: [
        row({ row: 2, action: 'new' }),
        row({
          row: 3,
          action: 'error',
          reason: 'price: must be a number',
          column: 'price',
          price: 'cheap',
        }),
        row({ row: 4, action: 'error', reason: 'image: the image file "x.png" is not in the ZIP' }),
      ],
      counts: { new: 1, update: 0, error: 2 },
    }
    const imports = importServer(preview, () => {
      throw new Error('no import may be sent')
    })
    server.use(
      sessionHandler(makeUser({ email: admin })),
      adminHandler([admin]),
      ...catalog.handlers,
      imports.handler,
    )
    const { user } = renderApp('/dashboard/manageproduct')

    await user.click(await screen.findByRole('button', { name: 'Import CSV' }))
    const dialog = await screen.findByRole('dialog')
    await user.upload(
      within(dialog).getByLabelText('CSV or ZIP file'),
      new File(['x'], 'p.csv', { type: 'text/csv' }),
    )

    expect(await within(dialog).findByText('price: must be a number')).toBeVisible()
    expect(within(dialog).getByRole('alert')).toHaveTextContent('2 rows have errors')
    expect(within(dialog).getByRole('button', { name: 'Confirm import' })).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(imports.seen).toHaveLength(1)
  })

  test('a refused file shows the server’s reason in the dialog', async () => {
    server.use(
      sessionHandler(makeUser({ email: admin })),
      adminHandler([admin]),
      ...catalogAdminServer([]).handlers,
      http.post('/api/import/products', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'This file is not a CSV or a ZIP.',
            },
          },
          { status: 400 },
        ),
      ),
    )
    const { user } = renderApp('/dashboard/manageproduct')
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }))
    const dialog = await screen.findByRole('dialog')
    await user.upload(
      within(dialog).getByLabelText('CSV or ZIP file'),
      new File(['x'], 'p.csv', { type: 'text/csv' }),
    )
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This file is not a CSV or a ZIP.',
    )
    expect(within(dialog).getByRole('button', { name: 'Confirm import' })).toBeDisabled()
  })
})
