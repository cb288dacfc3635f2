import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'

import { makeOrder, makeTool, makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { toolHandler } from '@/testing/handlers/catalog'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const email = 'jane@example.com'

function setup({ quantity = 50, minimum = 20, price = 19.99 } = {}) {
  let tool = makeTool({ _id: 'drill', name: 'Cordless Drill', quantity, minimum, price })
  server.use(
    sessionHandler(makeUser({ email, name: 'Jane Doe' })),
    toolHandler(() => tool),
  )
  const view = renderApp('/purchase/drill')
  return {
    ...view,
    setStock: (next: number) => {
      tool = { ...tool, quantity: next }
    },
  }
}

async function setQuantity(user: ReturnType<typeof renderApp>['user'], value: string) {
  const input = await screen.findByLabelText('Order quantity')
  await user.clear(input)
  if (value !== '') await user.type(input, value)
}

async function fillContact(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Phone'), '+880 1700 000000')
  await user.type(screen.getByLabelText('Address'), 'House 1, Dhaka')
}

describe('/purchase/:id', () => {
  test('shows the tool and starts the quantity at its minimum, with the total', async () => {
    setup()
    expect(await screen.findByRole('heading', { name: 'Cordless Drill' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Cordless Drill' })).toHaveAttribute('srcset')
    expect(screen.getByLabelText('Order quantity')).toHaveValue(20)
    expect(screen.getByLabelText('Email')).toHaveValue(email)
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly')
    expect(screen.getByLabelText('Name')).toHaveValue('Jane Doe')
    expect(screen.getByTestId('order-total')).toHaveTextContent('$399.80')
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeEnabled()
    expect(screen.queryByText(/Please enter valid quantity/)).toBeNull()
  })

  test('offers a custom version: the product page links to Request a Quote', async () => {
    setup()
    await screen.findByRole('heading', { name: 'Cordless Drill' })
    expect(
      screen.getByRole('link', { name: 'Need it to your drawing? Request a quote' }),
    ).toHaveAttribute('href', '/quote')
  })

  test('counts the total in cents: 3 × 19.99 is 59.97', async () => {
    const { user } = setup({ minimum: 1 })
    await setQuantity(user, '3')
    expect(screen.getByTestId('order-total')).toHaveTextContent('$59.97')
  })

  test.each([
    ['0', 'Please enter valid quantity (the minimum order is 20).'],
    ['51', 'Please enter valid quantity'],
    ['19', 'Please enter valid quantity (the minimum order is 20).'],
    ['', 'Please enter valid quantity'],
  ])('quantity %j disables the button and says %j', async (value, message) => {
    const { user } = setup()
    await setQuantity(user, value)
    expect(screen.getByText(message, { exact: true })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeDisabled()

    await setQuantity(user, '50')
    expect(screen.queryByText(/Please enter valid quantity/)).toBeNull()
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeEnabled()
  })

  test('posts only the tool, quantity, phone and address; toasts purchased; the stock drops', async () => {
    let sent: unknown
    const { user, setStock } = setup()
    server.use(
      http.post('/api/purchase', async ({ request }) => {
        sent = await request.json()
        setStock(25)
        const order = makeOrder({ toolsId: 'drill', purchaseQuantity: 25, customer: email })
        return HttpResponse.json(
          { acknowledged: true, insertedId: order._id, order },
          { status: 201 },
        )
      }),
    )
    await setQuantity(user, '25')
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: 'Purchase' }))

    expect(await screen.findByText('purchased')).toBeInTheDocument()
    expect(sent).toEqual({
      toolsId: 'drill',
      purchaseQuantity: 25,
      phone: '+880 1700 000000',
      address: 'House 1, Dhaka',
    })
    await expect.poll(() => screen.getByTestId('available-quantity').textContent).toBe('25')
    expect(screen.getByLabelText('Order quantity')).toHaveValue(20)
    expect(screen.getByLabelText('Phone')).toHaveValue('')
    expect(screen.getByLabelText('Address')).toHaveValue('')
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myorder',
    )
  })

  test('phone and address are required before anything is sent', async () => {
    const { user } = setup()
    await user.click(await screen.findByRole('button', { name: 'Purchase' }))
    expect(await screen.findByText('phone is required')).toBeInTheDocument()
    expect(screen.getByText('address is required')).toBeInTheDocument()
  })

  test('a 409 shows the server message and refreshes the stock', async () => {
    const { user, setStock } = setup()
    server.use(
      http.post('/api/purchase', () => {
        setStock(5)
        return HttpResponse.json(
          { error: { code: 'OUT_OF_STOCK', message: 'Only 5 left in stock.' } },
          { status: 409 },
        )
      }),
    )
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: 'Purchase' }))

    expect(await screen.findByText('Only 5 left in stock.')).toBeInTheDocument()
    await expect.poll(() => screen.getByTestId('available-quantity').textContent).toBe('5')
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeDisabled()
  })

  test("the server's field message goes onto the input", async () => {
    const { user } = setup()
    server.use(
      http.post('/api/purchase', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid',
              fields: { address: 'address is too long' },
            },
          },
          { status: 400 },
        ),
      ),
    )
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: 'Purchase' }))
    expect(await screen.findByText('address is too long')).toBeInTheDocument()
    expect(screen.getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true')
  })

  test('price breaks: the table marks the break in force and the total follows it', async () => {
    const tool = makeTool({
      _id: 'bolts',
      name: 'Hex bolts',
      quantity: 2000,
      minimum: 50,
      price: 4,
      packSize: 50,
      priceBreaks: [
        { minQuantity: 200, price: 3.5 },
        { minQuantity: 500, price: 3 },
      ],
    })
    server.use(
      sessionHandler(makeUser({ email })),
      toolHandler(() => tool),
    )
    const { user } = renderApp('/purchase/bolts')
    const table = await screen.findByRole('table', { name: 'Price breaks' })
    const current = () => table.querySelector('[aria-current="true"]')?.textContent
    expect(current()).toBe('50+$4.00')
    expect(screen.getByTestId('order-total')).toHaveTextContent('$200.00')

    await setQuantity(user, '200')
    expect(current()).toBe('200+$3.50')
    expect(screen.getByTestId('order-total')).toHaveTextContent('$700.00')

    await setQuantity(user, '500')
    expect(current()).toBe('500+$3.00')
    expect(screen.getByTestId('order-total')).toHaveTextContent('$1,500.00')
    expect(screen.getByLabelText('Order quantity')).toHaveAttribute('step', '50')

    await setQuantity(user, '520')
    expect(screen.getByText('Please order in multiples of 50')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeDisabled()
  })

  test('made to order: a quantity above stock is taken and the split is shown', async () => {
    const tool = makeTool({
      _id: 'lathe',
      name: 'Mini Lathe',
      quantity: 4,
      minimum: 1,
      price: 100,
      madeToOrder: true,
      leadTimeDays: 15,
    })
    server.use(
      sessionHandler(makeUser({ email })),
      toolHandler(() => tool),
    )
    const { user } = renderApp('/purchase/lathe')
    await setQuantity(user, '3')
    expect(screen.queryByTestId('made-to-order-split')).toBeNull()

    await setQuantity(user, '10')
    expect(
      screen.getByText('4 from stock, 6 made to order, ships in about 15 working days'),
    ).toBeVisible()
    expect(screen.queryByText('Please enter valid quantity')).toBeNull()
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeEnabled()
    expect(screen.getByLabelText('Order quantity')).not.toHaveAttribute('max')
    expect(screen.getByTestId('order-total')).toHaveTextContent('$1,000.00')
  })

  test('Add to cart beside Purchase adds the quantity entered, under the same rules', async () => {
    const { user } = setup({ quantity: 50, minimum: 20 })
    await setQuantity(user, '19')
    const add = screen.getByRole('button', { name: 'Add to cart' })
    expect(add).toBeDisabled()

    await setQuantity(user, '30')
    await user.click(add)
    expect(await screen.findByText('30 × Cordless Drill added to the cart')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument()
  })
})
