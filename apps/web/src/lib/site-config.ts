import { queryOptions } from '@tanstack/react-query'

import { queryKeys, siteConfigContract } from '@toolworks/shared'

import { api } from './api-client'

/** GET /api/config: what the browser may know about the shop's setup (Google, payments). */
export const siteConfigQuery = () =>
  queryOptions({
    queryKey: queryKeys.siteConfig,
    queryFn: ({ signal }) => api.call(siteConfigContract.get, { signal }),
    staleTime: Infinity,
  })
