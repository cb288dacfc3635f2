import { queryOptions } from '@tanstack/react-query'

import { siteConfigContract } from '@toolworks/shared'

import { api } from './api-client'

/** GET /api/config: what the browser may know about the shop's setup (Google, payments). */
export const siteConfigQuery = () =>
  queryOptions({
    queryKey: ['site-config'],
    queryFn: ({ signal }) => api.call(siteConfigContract.get, { signal }),
    staleTime: Infinity,
  })
