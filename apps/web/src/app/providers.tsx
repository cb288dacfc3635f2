import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ToastContainer } from 'react-toastify'

import { TOAST_AUTO_CLOSE_MS } from '@toolworks/shared'

type AppProvidersProps = { queryClient: QueryClient; children: ReactNode }

/** Everything a screen needs around it; tests wrap their screens in the same. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
    </QueryClientProvider>
  )
}
