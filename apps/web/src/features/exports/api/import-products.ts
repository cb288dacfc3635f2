import { useMutation, useQueryClient } from '@tanstack/react-query'

import {
  exportsContract,
  IMPORT_FILE_FIELD,
  ImportPreviewSchema,
  ImportResultSchema,
  queryKeys,
} from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

const path = exportsContract.importProducts.path

const previewEndpoint = {
  method: 'POST',
  path: `${path}?dryRun=true`,
  response: ImportPreviewSchema,
} as const
const importEndpoint = { method: 'POST', path, response: ImportResultSchema } as const

const formOf = (file: File) => {
  const body = new FormData()
  body.append(IMPORT_FILE_FIELD, file)
  return body
}

/** POST /api/import/products?dryRun=true: each row as new, update or error; nothing written. */
export const previewImport = (file: File) => api.upload(previewEndpoint, { body: formOf(file) })

/** POST /api/import/products: every row in one transaction, or none. */
export const importProducts = (file: File) => api.upload(importEndpoint, { body: formOf(file) })

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport, meta: bearerMeta })
}

/** The import itself; the catalogue's lists and tools are refreshed after it. */
export function useImportProducts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importProducts,
    meta: bearerMeta,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.anyTools }),
        queryClient.invalidateQueries({ queryKey: queryKeys.anyTool }),
      ]),
  })
}
