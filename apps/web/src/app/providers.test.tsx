import { act, screen } from '@testing-library/react'
import { expect, test } from 'vitest'

import { toast } from '@/lib/toast'
import { renderWithProviders } from '@/testing/render'

test('the toast container and its stylesheet come with the first toast, which still shows', async () => {
  const { user } = renderWithProviders(
    <button type="button" onClick={() => toast.success('Saved.')}>
      Save
    </button>,
  )
  await screen.findByRole('button', { name: 'Save' })
  // The container's module is loaded and React has had its turn: only the wish is missing.
  await import('@/components/ui/toasts')
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  expect(document.querySelector('.Toastify')).toBeNull()

  await user.click(screen.getByRole('button', { name: 'Save' }))

  expect(await screen.findByText('Saved.')).toBeInTheDocument()
  expect(document.querySelector('.Toastify')).not.toBeNull()
})
