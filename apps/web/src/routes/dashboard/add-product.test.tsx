import { screen } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { makeUser } from '@/testing/factories'
import { adminHandler } from '@/testing/handlers/accounts'
import { sessionHandler } from '@/testing/handlers/auth'
import {
  catalogAdminServer,
  UPLOADED_IMAGE_URL,
  uploadErrorHandler,
} from '@/testing/handlers/catalog'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const admin = 'boss@example.com'

function setup() {
  const catalog = catalogAdminServer([])
  server.use(sessionHandler(makeUser({ email: admin })), adminHandler([admin]), ...catalog.handlers)
  return { ...renderApp('/dashboard/addproduct'), catalog }
}

const picture = () => new File(['png bytes'], 'drill.png', { type: 'image/png' })

type User = ReturnType<typeof setup>['user']

async function fillProduct(
  user: User,
  values: { quantity?: string; minimum?: string; file?: File | null } = {},
) {
  await user.type(await screen.findByLabelText('Name'), 'Cordless drill')
  await user.type(screen.getByLabelText('Quantity'), values.quantity ?? '50')
  await user.type(screen.getByLabelText('Price'), '129.99')
  await user.type(screen.getByLabelText('Minimum order quantity'), values.minimum ?? '5')
  await user.type(screen.getByLabelText('Description'), 'An 18 V drill with two batteries.')
  const file = values.file === undefined ? picture() : values.file
  if (file) await user.upload(screen.getByLabelText('Image'), file)
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Add Product' }))

describe('Add Product', () => {
  test('an empty submit shows every required message and sends nothing', async () => {
    const { user, catalog } = setup()
    await screen.findByRole('heading', { level: 2, name: 'Add Product' })
    await submit(user)

    for (const message of [
      'name is required',
      'quantity is required',
      'price is required',
      'minimum order quantity is required',
      'description is required',
      'image is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument()
    }
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('aria-invalid', 'true')
    expect(catalog.seen).toEqual([])
  })

  test('uploads the image, posts the product with its URL, toasts and clears the form', async () => {
    const { user, catalog } = setup()
    await fillProduct(user)
    await submit(user)

    expect(await screen.findByText('new product added')).toBeInTheDocument()
    expect(catalog.seen).toEqual([
      { method: 'POST', path: '/api/media', body: ['image'] },
      {
        method: 'POST',
        path: '/api/tool',
        body: {
          name: 'Cordless drill',
          quantity: 50,
          price: 129.99,
          minimum: 5,
          description: 'An 18 V drill with two batteries.',
          image: UPLOADED_IMAGE_URL,
          priceBreaks: [],
          packSize: 1,
          madeToOrder: false,
          leadTimeDays: null,
        },
      },
    ])
    await expect.poll(() => screen.getByLabelText('Name')).toHaveValue('')
    expect(screen.getByLabelText('Quantity')).toHaveValue(null)
    expect(screen.getByLabelText('Description')).toHaveValue('')
    expect(screen.getByLabelText<HTMLInputElement>('Image').files).toHaveLength(0)
  })

  test('shows the upload progress and disables the button while it runs', async () => {
    const { user } = setup()
    server.use(
      http.post('/api/media', async () => {
        await delay(200)
        return HttpResponse.json({
          success: true,
          data: { url: UPLOADED_IMAGE_URL, width: 800, height: 600 },
        })
      }),
    )
    await fillProduct(user)
    await submit(user)

    expect(await screen.findByText(/^Uploading image… \d+%$/)).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: /^Uploading image/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled()
    expect(await screen.findByText('new product added')).toBeInTheDocument()
    expect(screen.queryByRole('progressbar', { name: /^Uploading image/ })).toBeNull()
  })

  test('an upload the server refuses shows its reason under Image, toasts, and posts no product', async () => {
    const { user, catalog } = setup()
    const reason =
      'This file is not an image we accept. Please upload a JPEG, PNG, WebP, GIF or AVIF picture.'
    server.use(uploadErrorHandler(400, reason))
    await fillProduct(user)
    await submit(user)

    expect(await screen.findByText('there is been a problem adding new tool')).toBeInTheDocument()
    expect(screen.getByText(reason)).toBeInTheDocument()
    expect(screen.getByLabelText('Image')).toHaveAttribute('aria-invalid', 'true')
    expect(catalog.seen.filter((r) => r.path === '/api/tool')).toEqual([])
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeEnabled()
  })

  test('a file over 5 MB is refused before any upload', async () => {
    const { user, catalog } = setup()
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' })
    await fillProduct(user, { file: big })
    await submit(user)

    expect(
      await screen.findByText('This image is larger than 5 MB. Please upload a smaller file.'),
    ).toBeInTheDocument()
    expect(catalog.seen).toEqual([])
  })

  test('a minimum order above the quantity shows the rule and sends nothing', async () => {
    const { user, catalog } = setup()
    await fillProduct(user, { quantity: '3', minimum: '10' })
    await submit(user)

    expect(
      await screen.findByText('The minimum order quantity cannot be more than the stock.'),
    ).toBeInTheDocument()
    expect(catalog.seen).toEqual([])
  })

  test("the server's field messages for the product go onto the inputs", async () => {
    const { user } = setup()
    server.use(
      http.post('/api/tool', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Some fields are not valid.',
              fields: { name: 'name is too long' },
            },
          },
          { status: 400 },
        ),
      ),
    )
    await fillProduct(user)
    await submit(user)

    expect(await screen.findByText('there is been a problem adding new tool')).toBeInTheDocument()
    expect(screen.getByText('name is too long')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')
  })

  test('price breaks, a pack size and made to order go into the product', async () => {
    const { user, catalog } = setup()
    await fillProduct(user, { quantity: '500', minimum: '10' })
    const pack = screen.getByLabelText('Pack size')
    await user.clear(pack)
    await user.type(pack, '10')
    await user.click(screen.getByLabelText('Made to order'))
    await user.type(await screen.findByLabelText('Lead time (working days)'), '12')
    await user.click(screen.getByRole('button', { name: 'Add price break' }))
    await user.type(screen.getByLabelText('Price break 1: from quantity'), '100')
    await user.type(screen.getByLabelText('Price break 1: unit price'), '119.5')
    await user.click(screen.getByRole('button', { name: 'Add price break' }))
    await user.type(screen.getByLabelText('Price break 2: from quantity'), '250')
    await user.type(screen.getByLabelText('Price break 2: unit price'), '110')
    await submit(user)

    expect(await screen.findByText('new product added')).toBeInTheDocument()
    expect(catalog.seen.find((r) => r.path === '/api/tool')?.body).toMatchObject({
      quantity: 500,
      minimum: 10,
      packSize: 10,
      madeToOrder: true,
      leadTimeDays: 12,
      priceBreaks: [
        { minQuantity: 100, price: 119.5 },
        { minQuantity: 250, price: 110 },
      ],
    })
  })

  test('a minimum off the pack size is refused with the shared rule message before sending', async () => {
    const { user, catalog } = setup()
    await fillProduct(user, { minimum: '5' })
    const pack = screen.getByLabelText('Pack size')
    await user.clear(pack)
    await user.type(pack, '10')
    await user.click(screen.getByRole('button', { name: 'Add price break' }))
    await user.type(screen.getByLabelText('Price break 1: from quantity'), '20')
    await user.type(screen.getByLabelText('Price break 1: unit price'), '150')
    await submit(user)

    expect(
      await screen.findByText(
        'The minimum order quantity must be a multiple of the pack size (10).',
      ),
    ).toBeInTheDocument()
    expect(catalog.seen).toEqual([])
  })
})
