import { z } from 'zod'

import { isBangladeshiPhone, isBangladeshiPlace } from './bangladesh-places.js'
import { exportWords } from './messages-exports.js'
import { isExportTo, type OrderCurrency } from './tax-pricing.js'

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

/** The document recorded on an order (its two columns), or null while it has none. */
export function exportDocumentOf(row: {
  exportDocumentKind: ExportDocumentKind | null
  exportDocumentNumber: string | null
}): ExportDocumentBody | null {
  return row.exportDocumentKind !== null && row.exportDocumentNumber !== null
    ? { kind: row.exportDocumentKind, number: row.exportDocumentNumber }
    : null
}

/** A document as people read it: "Airway bill 176-12345675". */
export const exportDocumentText = (document: ExportDocumentBody) =>
  exportWords.documentText(exportWords.documentKinds[document.kind], document.number)

/** Where an order goes and how it is paid, as the export rule reads it. */
export type ExportRuleInput = {
  country: string
  currency: OrderCurrency
  /** The delivery block's city; null or left out when the order has only an address string. */
  city?: string | null | undefined
  /** The seed's one address string: read part by part when there is no city. */
  address?: string | null | undefined
}

/** A refusal on the field it is about, as Zod issues and the API's `fields` carry them. */
export type ExportRefusal = { path: 'currency' | 'city' | 'address'; message: string }

/**
 * The place an address string names a Bangladeshi district or city in, if any: each
 * comma-separated part is compared whole (postcodes and house numbers drop out as non-letters),
 * so "Road 3, Gazipur" is caught and "12 Comilla Street" is not.
 */
function bangladeshiPartOf(address: string): string | undefined {
  return address
    .split(',')
    .map((part) => part.trim())
    .find(isBangladeshiPlace)
}

/**
 * Why an order may not be placed as an export, or none: a delivery abroad is zero-rated only
 * when it is paid in US dollars and its delivery block is not in Bangladesh. A domestic order
 * is never refused here. The server's checkout and the web's form both ask this.
 */
export function exportRefusals(input: ExportRuleInput): ExportRefusal[] {
  if (!isExportTo(input.country)) return []
  const refusals: ExportRefusal[] = []
  if (input.currency !== 'USD')
    refusals.push({ path: 'currency', message: exportWords.exportNeedsUsd })
  const city = input.city?.trim()
  if (city) {
    if (isBangladeshiPlace(city))
      refusals.push({ path: 'city', message: exportWords.exportToBangladeshiCity(city) })
  } else {
    const place = input.address ? bangladeshiPartOf(input.address) : undefined
    if (place)
      refusals.push({ path: 'address', message: exportWords.exportToBangladeshiCity(place) })
  }
  return refusals
}

/**
 * An export whose delivery phone is Bangladeshi is accepted but flagged: an admin checks that
 * it really leaves the country before it ships zero-rated.
 */
export function needsExportCheck(order: { country: string; phone: string }): boolean {
  return isExportTo(order.country) && isBangladeshiPhone(order.phone)
}
