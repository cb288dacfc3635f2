import { z } from 'zod'

/**
 * The document that proves an export left the country: an airway bill for air freight, a
 * shipping bill for sea. An export order cannot be marked shipped until one is recorded, and
 * its number is printed on the invoice.
 */
export const EXPORT_DOCUMENT_KINDS = ['airway-bill', 'shipping-bill'] as const
export const ExportDocumentKindSchema = z.enum(EXPORT_DOCUMENT_KINDS, {
  error: 'kind must be "airway-bill" or "shipping-bill"',
})
export type ExportDocumentKind = z.infer<typeof ExportDocumentKindSchema>

/** `PUT /api/purchase/{id}/export-document` (admin). */
export const ExportDocumentBodySchema = z.object({
  kind: ExportDocumentKindSchema,
  number: z
    .string({ error: 'number is required' })
    .trim()
    .min(1, 'number is required')
    .max(64, 'number is at most 64 characters'),
})
export type ExportDocumentBody = z.infer<typeof ExportDocumentBodySchema>
