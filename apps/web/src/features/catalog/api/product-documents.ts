import { useMutation, useQueryClient } from '@tanstack/react-query'

import {
  PRODUCT_DOCUMENT_FIELD,
  productDocumentsContract,
  type ToolDocument,
} from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { anyToolKey } from './get-tool'
import { anyToolsKey } from './get-tools'

export type UploadDocumentInput = {
  toolId: string
  kind: ToolDocument['kind']
  name: string
  file: File
  onProgress?: (percent: number) => void
}

export const uploadDocument = ({ toolId, kind, name, file, onProgress }: UploadDocumentInput) => {
  const body = new FormData()
  body.append('kind', kind)
  if (name.trim() !== '') body.append('name', name.trim())
  body.append(PRODUCT_DOCUMENT_FIELD, file)
  return api.upload(productDocumentsContract.upload, { params: { id: toolId }, body, onProgress })
}

export const deleteDocument = ({ toolId, documentId }: { toolId: string; documentId: string }) =>
  api.call(productDocumentsContract.remove, { params: { id: toolId, documentId } })

function useRefreshTools() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: anyToolsKey }),
      queryClient.invalidateQueries({ queryKey: anyToolKey }),
    ])
}

/** POST /api/tool/{id}/documents (admin): multipart `file` with its `kind` and `name`. */
export function useUploadDocument() {
  const refresh = useRefreshTools()
  return useMutation({ mutationFn: uploadDocument, meta: bearerMeta, onSuccess: refresh })
}

/** DELETE /api/tool/{id}/documents/{documentId} (admin). */
export function useDeleteDocument() {
  const refresh = useRefreshTools()
  return useMutation({ mutationFn: deleteDocument, meta: bearerMeta, onSuccess: refresh })
}
