import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { auditContract } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { signedInOnlyMeta } from '@/lib/auth'
import { bearerMeta } from '@/lib/sign-out-on-denied'

/** The filters and page of the Activity screen, as its URL holds them. */
export type AuditFilters = {
  actor?: string
  kind?: string
  from?: string
  to?: string
  page: number
}

export const getAudit = (filters: AuditFilters, signal?: AbortSignal) =>
  api.call(auditContract.list, { query: filters, signal })

/** GET /api/audit (admin): one page of who changed what, newest first. */
export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['audit', filters] as const,
    queryFn: ({ signal }) => getAudit(filters, signal),
    meta: { ...bearerMeta, ...signedInOnlyMeta },
  })

export const useAudit = (filters: AuditFilters) =>
  useQuery({
    ...auditQuery(filters),
    // Paging and filtering keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  })
