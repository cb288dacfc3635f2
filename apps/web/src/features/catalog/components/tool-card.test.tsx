import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeTool } from '@/testing/factories'
import { renderWithProviders } from '@/testing/render'

import { ToolCard } from './tool-card'

describe('ToolCard', () => {
  test('shows every field of the tool and links Buy Now to its purchase page', () => {
    const tool = makeTool({
      _id: 'abc123',
      name: 'Torque Wrench',
      image: '/media/0123456789abcdef0123456789abcdef-800.webp',
      quantity: 42,
      minimum: 7,
      price: 1234.5,
      description: 'Calibrated to ±3 %.',
    })

    renderWithProviders(<ToolCard tool={tool} />)

    const card = screen.getByRole('article', { name: 'Torque Wrench' })
    expect(card).toHaveTextContent('Available Quantity: 42')
    expect(card).toHaveTextContent('Minimum order Quantity: 7')
    expect(card).toHaveTextContent('Price: $1,234.50')
    expect(card).toHaveTextContent('Calibrated to ±3 %.')
    expect(screen.getByRole('heading', { name: 'Torque Wrench' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      '/purchase/abc123',
    )
  })

  test('offers the 400 and 800 px images and loads lazily unless told otherwise', () => {
    const tool = makeTool({
      name: 'Bench Vise',
      image: '/media/ffffffffffffffffffffffffffffffff-800.webp',
    })

    renderWithProviders(<ToolCard tool={tool} />)

    const img = screen.getByRole('img', { name: 'Bench Vise' })
    expect(img).toHaveAttribute(
      'srcset',
      '/media/ffffffffffffffffffffffffffffffff-400.webp 400w, /media/ffffffffffffffffffffffffffffffff-800.webp 800w',
    )
    expect(img).toHaveAttribute('loading', 'lazy')
    expect(img).toHaveAttribute('width')
    expect(img).toHaveAttribute('height')
  })

  test('says "Volume pricing" beside the base price only when the tool has price breaks', () => {
    const plain = makeTool({ name: 'Plain', price: 5 })
    const bulk = makeTool({ name: 'Bulk', price: 5, priceBreaks: [{ minQuantity: 100, price: 4 }] })
    renderWithProviders(
      <>
        <ToolCard tool={plain} />
        <ToolCard tool={bulk} />
      </>,
    )
    expect(screen.getByRole('article', { name: 'Bulk' })).toHaveTextContent(
      'Price: $5.00Volume pricing',
    )
    expect(screen.getByRole('article', { name: 'Plain' })).not.toHaveTextContent('Volume pricing')
  })

  test('puts the page’s action beside Buy Now, labelled by the tool', () => {
    const tool = makeTool({ name: 'Bench Vise' })
    renderWithProviders(
      <ToolCard
        tool={tool}
        action={(t, nameId) => (
          <button type="button" aria-describedby={nameId}>
            Add {t.name}
          </button>
        )}
      />,
    )
    expect(screen.getByRole('button', { name: 'Add Bench Vise' })).toHaveAccessibleDescription(
      'Bench Vise',
    )
  })
})
