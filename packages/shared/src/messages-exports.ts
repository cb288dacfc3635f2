/**
 * The words of export orders: the checkout's refusals, Manage Orders' badges and the export
 * document's form, its API's refusals and the invoice's line.
 */
export const exportWords = {
  /** Why a delivery abroad cannot be placed (POST /api/checkout and the checkout form). */
  exportNeedsUsd: 'An order delivered outside Bangladesh is an export and is paid in US dollars.',
  exportToBangladeshiCity: (city: string) =>
    `${city} is in Bangladesh: choose Bangladesh as the country, or give the address abroad.`,
  /** Manage Orders' badges and the CSV's export column. */
  badge: 'Export',
  checkBadge: 'Check export',
  checkHint:
    'Delivered abroad, but the phone number is Bangladeshi: check that it is a real export.',
  /** The export document an admin records before the order ships. */
  documentKinds: { 'airway-bill': 'Airway bill', 'shipping-bill': 'Shipping bill' },
  documentTitle: 'Export document',
  documentKind: 'Document',
  documentNumber: 'Number',
  documentNone: 'No export document yet',
  documentRecord: 'Record export document',
  documentFor: (order: string) => `Record export document: ${order}`,
  documentSave: 'Save document',
  documentSaved: 'Export document recorded.',
  documentCancel: 'Cancel',
  documentText: (kind: string, number: string) => `${kind} ${number}`,
  /** Refusals of PUT /api/purchase/{id}/export-document and of Mark shipped. */
  notAnExport: 'Only an export order has an export document.',
  documentOnCancelled: 'A cancelled order needs no export document.',
  shipNeedsDocument:
    'An export order ships only once its airway bill or shipping bill number is recorded.',
  /** The invoice's line for an export. */
  invoiceDocument: 'Export document',
  /** The audit log's summary of recording a document. */
  documentRecorded: (order: string, text: string) =>
    `Recorded the export document of order ${order}: ${text}`,
} as const
