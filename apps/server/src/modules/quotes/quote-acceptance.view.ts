import {
  fromCents,
  type QuoteDrawingKind,
  type QuoteOffer,
  type QuoteRequest,
} from '@toolworks/shared'

import type { OfferWithLines, QuoteRequestRow, drawingsOf } from './quote-acceptance.queries.js'

// quotes-core has its own mapper of a request; the lead folds the two together at merge, so
// this file is meant to be deleted then.

type DrawingRow = Awaited<ReturnType<typeof drawingsOf>>[number]

export function offerView(offer: OfferWithLines): QuoteOffer {
  return {
    _id: offer.id,
    revision: offer.revision,
    lines: offer.lines.map((line) => ({
      quantity: line.quantity,
      unitPrice: fromCents(line.unitPriceCents),
      lineTotal: fromCents(line.quantity * line.unitPriceCents),
    })),
    leadTimeDays: offer.leadTimeDays,
    validUntil: offer.validUntil,
    note: offer.note,
    createdAt: offer.createdAt.toISOString(),
  }
}

/** A request in the QuoteRequestSchema shape (GET /api/quote/{id}'s answer). */
export function requestView(
  row: QuoteRequestRow,
  drawings: readonly DrawingRow[],
  offers: readonly OfferWithLines[],
): QuoteRequest {
  const views = offers.map(offerView)
  const acceptedLine =
    row.acceptedOfferId !== null && row.acceptedQuantity !== null
      ? offers
          .find((o) => o.id === row.acceptedOfferId)
          ?.lines.find((l) => l.quantity === row.acceptedQuantity)
      : undefined
  return {
    _id: row.id,
    customer: row.customerEmail,
    customerName: row.customerName,
    process: row.process,
    partName: row.partName,
    quantities: row.quantities,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    material: row.material,
    neededBy: row.neededBy,
    tolerance: row.tolerance,
    finish: row.finish,
    notes: row.notes,
    phone: row.phone,
    address: row.address,
    drawings: drawings.map((d) => ({
      _id: d.id,
      name: d.name,
      type: d.contentType,
      // Stored only after sniffing as one of QUOTE_DRAWING_KINDS (quotes-core checks it).
      kind: d.kind as QuoteDrawingKind,
      size: d.byteSize,
    })),
    offer: views.at(-1) ?? null,
    offers: views,
    declineReason: row.declineReason,
    accepted: acceptedLine
      ? { quantity: acceptedLine.quantity, unitPrice: fromCents(acceptedLine.unitPriceCents) }
      : null,
    orderId: row.orderId,
    resentFrom: row.resentFromId,
  }
}
