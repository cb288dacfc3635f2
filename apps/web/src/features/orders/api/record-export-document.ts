import { useMutation, useQueryClient } from '@tanstack/react-query'

import { ordersContract, type ExportDocumentBody } from '@toolworks/shared'

import { api } from '@/lib/api-client'
import { bearerMeta } from '@/lib/sign-out-on-denied'

import { ordersKey } from './order-keys'

export type RecordExportDocument = { orderId: string; body: ExportDocumentBody }

export const recordExportDocument = ({ orderId, body }: RecordExportDocument) =>
  api.call(ordersContract.recordExportDocument, { params: { id: orderId }, body })

/**
 * PUT /api/purchase/{id}/export-document (admin, export orders only): the airway or shipping
 * bill that lets the export ship; refreshes the order lists.
 */
export function useRecordExportDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: recordExportDocument,
    meta: bearerMeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  })
}
