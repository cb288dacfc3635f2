import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { queryKeys, searchContract, type Synonyms } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

export const synonymsQuery = () =>
  queryOptions({
    queryKey: queryKeys.synonyms,
    queryFn: ({ signal }) => api.call(searchContract.synonyms, { signal }),
  })

export const useSynonyms = () => useQuery(synonymsQuery())

/** PUT /api/search/synonyms (admin): the whole list at once. */
export function useSaveSynonyms() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Synonyms) => api.call(searchContract.putSynonyms, { body }),
    meta: bearerMeta,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.synonyms, saved)
      return queryClient.invalidateQueries({ queryKey: queryKeys.anyTools })
    },
  })
}
