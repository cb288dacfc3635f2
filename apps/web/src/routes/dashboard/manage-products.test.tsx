import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, test, vi, type MockInstance } from 'vitest'

import { makeTool, makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import { catalogAdminServer, UPLOADED_IMAGE_URL } from '@/testing/handlers/catalog'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'

function setup(path = '/dashboard/manageproduct') {
  const hash = 'c'.repeat(32)
  const catalog = catalogAdminServer([
    makeTool({
      _id: 't2',
      name: 'Wrench',
      image: `/media/${hash}-800.webp`,
      quantity: 40,
      minimum: 4,
      price: 12.5,
    }),
    makeTool({ _id: 't1', name: 'Hammer', quantity: 100, minimum: 10 }),
  ])
  server.use(sessionHandler(makeUser({ email: admin })), adminHandler([admin]), ...catalog.handlers)
  return { ...renderApp(path), catalog, hash }
}

// The rows' names, in order (the name cell is the third; the thumbnail's alt repeats it).
const productNames = () =>
  screen
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent)

const rowOf = (name: string) => {
  const row = screen
    .getAllByRole('row')
    .find((r) => within(r).queryAllByRole('cell')[2]?.textContent === name)
  if (!row) throw new Error(`No row for ${name}`)
  return within(row)
}

// Only the confirm spy: the console guard restores its own spies after this.
let confirm: MockInstance<typeof window.confirm> | undefined
afterEach(() => confirm?.mockRestore())

describe('Manage Products', () => {
  test('lists every product with its number, thumbnail, stock and minimum', async () => {
    const { hash } = setup()

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Manage Products (2)' }),
    ).toBeInTheDocument()
    expect(productNames()).toEqual(['Wrench', 'Hammer'])
    const wrench = rowOf('Wrench')
    expect(wrench.getAllByRole('cell').map((c) => c.textContent)).toEqual(
      expect.arrayContaining(['1', 'Wrench', '40', '4']),
    )
    const thumbnail = wrench.getByRole('img', { name: 'Wrench' })
    expect(thumbnail).toHaveAttribute('src', `/media/${hash}-400.webp`)
    expect(thumbnail).toHaveAttribute('width')
    expect(thumbnail).toHaveAttribute('height')
    expect(wrench.getByRole('button', { name: 'Edit: Wrench' })).toBeInTheDocument()
    expect(wrench.getByRole('button', { name: 'Delete: Wrench' })).toBeInTheDocument()
  })

  test('Delete asks first, then sends DELETE, toasts and drops the row', async () => {
    confirm = vi.spyOn(window, 'confirm').mockReturnValue(true)
    const { user, catalog } = setup()
    await user.click(await screen.findByRole('button', { name: 'Delete: Hammer' }))

    expect(confirm).toHaveBeenCalledWith(
      'Delete Hammer? It leaves the shop at once; its orders are kept.',
    )
    expect(await screen.findByText('tool deleted successfully')).toBeInTheDocument()
    expect(catalog.seen).toEqual([{ method: 'DELETE', path: '/api/tool/t1', body: undefined }])
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Manage Products (1)' }),
    ).toBeInTheDocument()
    expect(productNames()).toEqual(['Wrench'])
  })

  test('cancelling the confirmation sends nothing', async () => {
    confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    const { user, catalog } = setup()
    await user.click(await screen.findByRole('button', { name: 'Delete: Hammer' }))

    expect(confirm).toHaveBeenCalledOnce()
    expect(catalog.seen).toEqual([])
    expect(productNames()).toEqual(['Wrench', 'Hammer'])
  })

  test('Edit opens a dialog with the fields filled in and sends only what changed', async () => {
    const { user, catalog } = setup()
    await user.click(await screen.findByRole('button', { name: 'Edit: Wrench' }))

    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Wrench' }))
    expect(dialog.getByLabelText('Name')).toHaveValue('Wrench')
    expect(dialog.getByLabelText('Quantity')).toHaveValue(40)
    expect(dialog.getByLabelText('Price')).toHaveValue(12.5)
    expect(dialog.getByLabelText('Minimum order quantity')).toHaveValue(4)

    await user.clear(dialog.getByLabelText('Price'))
    await user.type(dialog.getByLabelText('Price'), '14.75')
    await user.clear(dialog.getByLabelText('Quantity'))
    await user.type(dialog.getByLabelText('Quantity'), '0')
    await user.click(dialog.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Product updated.')).toBeInTheDocument()
    expect(catalog.seen).toEqual([
      { method: 'PUT', path: '/api/tool/t2', body: { price: 14.75, quantity: 0 } },
    ])
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull()
    expect(await rowOf('Wrench').findByRole('cell', { name: '0' })).toBeInTheDocument()
  })

  test('a new picture is uploaded first and its URL sent with the edit', async () => {
    const { user, catalog } = setup()
    await user.click(await screen.findByRole('button', { name: 'Edit: Hammer' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Hammer' }))
    await user.upload(
      dialog.getByLabelText('Image'),
      new File(['png bytes'], 'hammer.png', { type: 'image/png' }),
    )
    await user.click(dialog.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Product updated.')).toBeInTheDocument()
    expect(catalog.seen).toEqual([
      { method: 'POST', path: '/api/media', body: ['image'] },
      { method: 'PUT', path: '/api/tool/t1', body: { image: UPLOADED_IMAGE_URL } },
    ])
  })

  test("the server's field message goes onto the input and the dialog stays open", async () => {
    const { user } = setup()
    const message = 'The minimum order quantity cannot be more than the stock.'
    server.use(
      http.put('/api/tool/:id', () =>
        HttpResponse.json(
          { error: { code: 'VALIDATION_FAILED', message, fields: { minimum: message } } },
          { status: 400 },
        ),
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Edit: Wrench' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Wrench' }))
    await user.clear(dialog.getByLabelText('Minimum order quantity'))
    await user.type(dialog.getByLabelText('Minimum order quantity'), '50')
    await user.click(dialog.getByRole('button', { name: 'Save changes' }))

    expect(await dialog.findByText(message)).toBeInTheDocument()
    expect(dialog.getByLabelText('Minimum order quantity')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('dialog', { name: 'Edit Wrench' })).toBeInTheDocument()
  })

  test('Cancel closes the dialog without sending anything', async () => {
    const { user, catalog } = setup()
    await user.click(await screen.findByRole('button', { name: 'Edit: Wrench' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Wrench' }))
    await user.type(dialog.getByLabelText('Name'), ' XL')
    await user.click(dialog.getByRole('button', { name: 'Cancel' }))

    await expect.poll(() => screen.queryByRole('dialog')).toBeNull()
    expect(catalog.seen).toEqual([])
  })
  test("?edit=<id> (the overview's low-stock link) opens that tool's dialog; closing drops it", async () => {
    const { user, router } = setup('/dashboard/manageproduct?edit=t1')
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Hammer' }))
    expect(dialog.getByLabelText('Minimum order quantity')).toHaveValue(10)

    await user.click(dialog.getByRole('button', { name: 'Cancel' }))
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull()
    expect(router.state.location.search).toBe('')
  })
})
