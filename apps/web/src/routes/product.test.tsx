import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeTool, makeUser } from '@/testing/factories'
import { sessionHandler } from '@/testing/handlers/auth'
import { exchangeRateHandler } from '@/testing/handlers/exchange-rate'
import { toolHandler, toolListHandler } from '@/testing/handlers/catalog'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const drill = makeTool({
  _id: 'bit-8',
  name: 'HSS twist drill 8 mm',
  partNumber: 'DB-HSS-080',
  category: 'drill-bits',
  specs: { diameter: 8, material: 'HSS', coating: 'Black oxide' },
  documents: [{ kind: 'datasheet', name: 'Datasheet DB-HSS', url: '/media/docs/db-hss.pdf' }],
  price: 2.5,
  minimum: 50,
  packSize: 50,
  madeToOrder: true,
  leadTimeDays: 10,
  priceBreaks: [{ minQuantity: 500, price: 2 }],
})
const neighbour = makeTool({ name: 'HSS twist drill 10 mm', category: 'drill-bits' })

// Many keystrokes and screens per test: more than the default 5 s on a busy machine.
describe('/products/:id, the public product page', { timeout: 15_000 }, () => {
  test('a visitor reads the part number, path, specs with units, documents and buying rules', async () => {
    server.use(
      toolHandler(() => drill),
      toolListHandler([drill, neighbour]),
    )
    renderApp('/products/bit-8')

    expect(
      await screen.findByRole('heading', { level: 1, name: 'HSS twist drill 8 mm' }),
    ).toBeInTheDocument()
    expect(document.title).toBe('HSS twist drill 8 mm · Toolworks')
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringMatching(/^DB-HSS-080: HSS twist drill 8 mm\./),
    )
    expect(screen.getByTestId('part-number')).toHaveTextContent('DB-HSS-080')
    expect(screen.getByRole('button', { name: 'Copy part number' })).toBeInTheDocument()

    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' })
    expect(await within(crumbs).findByRole('link', { name: 'Cutting tools' })).toHaveAttribute(
      'href',
      '/products?category=cutting-tools',
    )
    expect(within(crumbs).getByRole('link', { name: 'Drill bits' })).toHaveAttribute(
      'href',
      '/products?category=drill-bits',
    )

    const specs = screen.getByRole('table', { name: 'Specifications' })
    expect(within(specs).getByRole('row', { name: 'Diameter 8 mm' })).toBeInTheDocument()
    expect(within(specs).getByRole('row', { name: 'Material HSS' })).toBeInTheDocument()
    // A key the category does not name still shows, by its key.
    expect(within(specs).getByRole('row', { name: 'coating Black oxide' })).toBeInTheDocument()

    const download = screen.getByRole('link', { name: 'Download Datasheet DB-HSS' })
    expect(download).toHaveAttribute('href', '/media/docs/db-hss.pdf')
    expect(download).toHaveAttribute('download')

    expect(screen.getByText('per pack of 50')).toBeInTheDocument()
    expect(screen.getByText('Minimum order: 50')).toBeInTheDocument()
    expect(
      screen.getByText('Made to order beyond stock: ships in 10 working days'),
    ).toBeInTheDocument()
    expect(screen.getByTestId('price-breaks')).toBeInTheDocument()

    // No order form for a visitor: a sign-in that brings them back.
    expect(screen.getByRole('link', { name: 'Sign in to order' })).toHaveAttribute(
      'href',
      '/login?from=%2Fproducts%2Fbit-8',
    )
    expect(screen.queryByLabelText('Order quantity')).not.toBeInTheDocument()

    const related = await screen.findByRole('region', { name: 'Related in this category' })
    expect(within(related).getAllByTestId('tool-card')).toHaveLength(1)
    expect(within(related).getByRole('heading', { name: neighbour.name })).toBeInTheDocument()
  })

  test('a signed-in buyer gets the purchase form beside the facts', async () => {
    server.use(
      sessionHandler(makeUser({ email: 'jane@example.com', name: 'Jane Doe' })),
      toolHandler(() => drill),
      toolListHandler([drill]),
    )
    renderApp('/products/bit-8')
    expect(await screen.findByLabelText('Order quantity')).toHaveValue(50)
    expect(screen.queryByRole('link', { name: 'Sign in to order' })).not.toBeInTheDocument()
  })

  test('a tool with no documents says so; an unknown id says the tool does not exist', async () => {
    const plain = makeTool({ _id: 'plain', name: 'Plain tool' })
    server.use(
      toolHandler(() => plain),
      toolListHandler([plain]),
    )
    const { router } = renderApp('/products/plain')
    expect(await screen.findByText('No documents for this tool yet.')).toBeInTheDocument()
    await router.navigate('/products/nope')
    expect(
      await screen.findByText('This tool does not exist or is no longer sold.'),
    ).toBeInTheDocument()
  })

  test('in BDT the price is in whole taka with the dollar price beside it', async () => {
    document.cookie = 'currency=BDT; Path=/'
    try {
      server.use(
        ...exchangeRateHandler(122.5),
        toolHandler(() => drill),
        toolListHandler([drill, neighbour]),
      )
      renderApp('/products/bit-8')
      const buying = await screen.findByRole('region', { name: 'Prices and ordering' })
      // 2.50 × 122.5 = 306.25 → ৳306.
      const dollars = await within(buying).findByText('≈ $2.50')
      expect(dollars.parentElement).toHaveTextContent(/^Price: ৳306\.00\s*≈ \$2\.50/)
    } finally {
      document.cookie = 'currency=; Path=/; Max-Age=0'
    }
  })
})
