import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { makeTools } from '@/testing/factories'
import { toolListErrorHandler, toolListHandler } from '@/testing/handlers/catalog'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

describe('/products', () => {
  test('shows one card per tool the server lists, under Our Products', async () => {
    const tools = makeTools(11)
    server.use(toolListHandler(tools))

    renderApp('/products')

    expect(screen.getByRole('heading', { level: 1, name: 'Our Products' })).toBeInTheDocument()
    const cards = await screen.findAllByTestId('tool-card')
    expect(cards).toHaveLength(11)
    expect(within(cards[10]!).getByRole('heading', { name: tools[10]!.name })).toBeInTheDocument()
    expect(document.title).toBe('Our Products · Toolworks')
  })

  test('shows an error with a retry button when the list fails, and recovers on retry', async () => {
    server.use(toolListErrorHandler(500))
    const { user } = renderApp('/products')

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The tools could not be loaded. Please try again.')

    server.use(toolListHandler(makeTools(2)))
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))

    expect(await screen.findAllByTestId('tool-card')).toHaveLength(2)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
