import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react'

import { onToastsWanted, toastsWanted } from '@/lib/toasts-wanted'
import { useHydrated } from '@/lib/use-hydrated'

type AppProvidersProps = { queryClient: QueryClient; children: ReactNode }

// The first-load budget: no first screen shows a toast, so the container and its CSS
// load with the first toast (lib/toast.ts), which waits in react-toastify's queue meanwhile.
const Toasts = lazy(async () => ({ default: (await import('@/components/ui/toasts')).Toasts }))

/** Everything a screen needs around it; tests wrap their screens in the same. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToasts />
    </QueryClientProvider>
  )
}

/** Not in the server's HTML: nothing to show there, and no Suspense to reveal. */
function LazyToasts() {
  const hydrated = useHydrated()
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false)
  if (!hydrated || !wanted) return null
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  )
}
