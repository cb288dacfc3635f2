import { queryOptions } from '@tanstack/react-query'

import { queryKeys } from '@toolworks/shared'

import { api, lazyEndpoint } from './api-client'

// Every page's header asks for the configuration (the demo notice): its contract comes with
// zod on the first call, never in the first load; the first paint reads the page's data block.
const siteConfigEndpoint = lazyEndpoint(() =>
  import('./first-screen-contracts').then((m) => m.siteConfigContract.get),
)

/** GET /api/config: what the browser may know about the shop's setup (Google, payments). */
export const siteConfigQuery = () =>
  queryOptions({
    queryKey: queryKeys.siteConfig,
    queryFn: ({ signal }) => api.call(siteConfigEndpoint, { signal }),
    staleTime: Infinity,
  })
