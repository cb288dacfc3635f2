import { useQuery } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { messages } from '@toolworks/shared'

import { ApiError } from '@/lib/api-error'
import { renderWithProviders } from '@/testing/render'

import { QueryView } from './query-view'

/** A query whose answers come from `answers`, one per call: a value, or an error to throw. */
function Probe({ name, answers }: { name: string; answers: (string | Error)[] }) {
  const query = useQuery({
    queryKey: ['query-view-probe', name],
    queryFn: () => {
      const next = answers.shift()
      if (next instanceof Error) throw next
      return next ?? 'none'
    },
    retry: false,
  })
  return (
    <QueryView
      query={query}
      failed="The things could not be loaded."
      notFound={<p>No such thing.</p>}
    >
      {(data) => <p>Loaded: {data}</p>}
    </QueryView>
  )
}

describe('QueryView', () => {
  test('a failure says so with Retry, never shows data it does not have, and Retry asks again', async () => {
    const { user } = renderWithProviders(
      <Probe name="retry" answers={[new Error('busy'), 'bolts']} />,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('The things could not be loaded.')
    expect(screen.queryByText(/Loaded/)).toBeNull()
    await user.click(screen.getByRole('button', { name: messages.catalog.retry }))
    expect(await screen.findByText('Loaded: bolts')).toBeInTheDocument()
  })

  test('a 404 shows what the page says about a missing thing, not Retry', async () => {
    const missing = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'gone' })
    renderWithProviders(<Probe name="missing" answers={[missing]} />)
    expect(await screen.findByText('No such thing.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: messages.catalog.retry })).toBeNull()
  })
})
