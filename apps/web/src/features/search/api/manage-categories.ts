import { useMutation, useQueryClient } from '@tanstack/react-query'

import {
  categoryContract,
  queryKeys,
  type CategoryCreateBody,
  type CategoryUpdateBody,
} from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

// A category change can move counts and facets too: the tree and every tool list refresh.
function useRefresh() {
  const queryClient = useQueryClient()
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.categories })
    await queryClient.invalidateQueries({ queryKey: queryKeys.anyTools })
  }
}

/** POST /api/category (admin). */
export function useCreateCategory() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: CategoryCreateBody) => api.call(categoryContract.create, { body }),
    meta: bearerMeta,
    onSuccess: refresh,
  })
}

/** PUT /api/category/{slug} (admin). */
export function useUpdateCategory() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ slug, body }: { slug: string; body: CategoryUpdateBody }) =>
      api.call(categoryContract.update, { params: { slug }, body }),
    meta: bearerMeta,
    onSuccess: refresh,
  })
}

/** DELETE /api/category/{slug} (admin); 409 with the count while it has tools. */
export function useDeleteCategory() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (slug: string) => api.call(categoryContract.remove, { params: { slug } }),
    meta: bearerMeta,
    onSuccess: refresh,
  })
}
