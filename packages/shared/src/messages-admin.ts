/**
 * The words of the admin's business tools: the overview, CSV export and import, the
 * activity log and invoices. A module of its own, like messages-quotes.ts, so the customers'
 * first load does not carry them (bundles split by module).
 */

import type { AuditKind } from './audit.js'

// Overview (/dashboard/overview).
export const overviewWords = {
  title: 'Overview',
  daysInvalid: 'Days must be 7, 30 or 90.',
  periodLabel: 'Period',
  period: (days: number) => `${days} days`,
  revenueTitle: 'Paid revenue',
  revenueTotal: (total: string, days: number) => `${total} in the last ${days} days`,
  revenueCaption: (days: number) => `Paid revenue per day, the last ${days} days`,
  revenueChartLabel: (days: number) => `Chart of paid revenue per day, the last ${days} days`,
  revenueDate: 'Date',
  revenueAmount: 'Revenue',
  showTable: 'Show the numbers',
  chartUnavailable: 'The chart could not be drawn; the numbers are in the table below.',
  ordersTitle: 'Orders by status',
  ordersNote: (days: number) => `Orders placed in the last ${days} days`,
  statusLabels: {
    unpaid: 'Unpaid',
    paid: 'Paid',
    shipped: 'Shipped',
    cancelled: 'Cancelled',
  } as Record<'unpaid' | 'paid' | 'shipped' | 'cancelled', string>,
  byMethodTitle: 'Revenue by payment method',
  byMethodCaption: (days: number) => `Paid revenue by payment method, the last ${days} days`,
  byMethodMethod: 'Method',
  byMethodRevenue: 'Revenue',
  topToolsTitle: 'Top 5 tools by revenue',
  topToolsCaption: (days: number) =>
    `The tools that brought the most revenue, the last ${days} days`,
  topToolsNote: 'Paid lines of stock tools, before order discounts; custom parts are not listed',
  topToolName: 'Tool',
  topToolUnits: 'Units',
  topToolRevenue: 'Revenue',
  deletedTool: '(deleted)',
  noSales: 'No paid orders in this period.',
  lowStockTitle: 'Low stock',
  lowStockNote: 'Tools with less than twice their minimum order in stock',
  lowStockItem: (quantity: number, minimum: number) =>
    `${quantity} in stock, minimum order ${minimum}`,
  lowStockEdit: (name: string) => `Edit ${name}`,
  lowStockNone: 'Every tool has at least twice its minimum order in stock.',
  quotesTitle: 'Quotes waiting',
  quotesNote: 'Quote requests waiting for a price',
  quotesLink: 'Open the quote requests',
  refundsTitle: 'Refunds',
  toRefund: 'Payments to refund',
  toRefundNote: 'Refunds a payment provider has not made yet, or refused',
  refundsDue: 'Refunds due',
  refundsDueNote: 'Money to send back by bank transfer',
  refundsLink: 'Open Manage Orders',
  loadFailed: 'The overview could not be loaded.',
  retry: 'Try again',
  loading: 'Loading the overview',
}

// CSV export and import (Manage Orders, All Users, Manage Products).
export const csvWords = {
  exportCsv: 'Export CSV',
  importCsv: 'Import CSV',
  exporting: 'Exporting…',
  exportFailed: 'The export could not be downloaded.',
  retry: 'Retry',
  importTitle: 'Import products from CSV',
  importHelp:
    'Choose a .csv file (up to 5 MB, 5,000 rows) or a .zip (up to 50 MB) with one .csv and its image files. Columns: id, name, description, price, quantity, minimum, pack_size, price_breaks (e.g. 10:9.50;50:8.00), made_to_order (yes/no), lead_time_days, image (a /media/... URL of this shop or an image file name in the zip). Export CSV gives a file in this format.',
  chooseFile: 'CSV or ZIP file',
  preview: 'Preview',
  checking: 'Checking…',
  importing: 'Importing…',
  confirmImport: 'Confirm import',
  cancel: 'Cancel',
  rowsWithErrors: (n: number) =>
    n === 1
      ? '1 row has an error; fix it and choose the file again.'
      : `${n} rows have errors; fix them and choose the file again.`,
  previewCounts: (c: { new: number; update: number; error: number }) =>
    `${c.new} new, ${c.update} to update, ${c.error} with errors`,
  imported: (created: number, updated: number) => `Imported: ${created} new, ${updated} updated.`,
  actionLabels: { new: 'new', update: 'update', error: 'error' } as const,
  columns: {
    row: 'Row',
    action: 'Action',
    name: 'Name',
    price: 'Price',
    quantity: 'Quantity',
    minimum: 'Minimum',
    reason: 'Reason',
  },
  // Server messages: whole-file refusals say the limit they hit.
  fileRequired: 'Choose a CSV file (or a ZIP with one CSV and its images) in the field "file".',
  wrongType:
    'This file is not a CSV or a ZIP. Choose a .csv file, or a .zip with one .csv and its images.',
  csvTooLarge: 'This CSV is larger than 5 MB. Split it into smaller files.',
  zipTooLarge: 'This ZIP is larger than 50 MB. Split it into smaller files.',
  zipUnzippedTooLarge: 'This ZIP unpacks to more than 100 MB. Split it into smaller files.',
  zipTooManyEntries: 'This ZIP holds more than 1,000 files. Split it into smaller files.',
  zipUnreadable: 'This ZIP could not be read. It may be damaged; please make it again.',
  zipNeedsOneCsv: 'The ZIP must hold exactly one .csv file (and its images).',
  zipOtherFile: (name: string) =>
    `The ZIP holds "${name}", which is neither the CSV nor an image (JPEG, PNG, WebP, GIF or AVIF).`,
  tooManyRows: 'This CSV has more than 5,000 rows. Split it into smaller files.',
  noRows: 'This CSV has no product rows under its header.',
  unreadableCsv: (detail: string) => `This CSV could not be read: ${detail}`,
  notUtf8: 'This CSV is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
  unknownColumn: (name: string) =>
    `Unknown column "${name}". The columns are: id, name, description, price, quantity, minimum, pack_size, price_breaks, made_to_order, lead_time_days, image.`,
  missingColumn: (name: string) => `The CSV has no "${name}" column.`,
  importHasErrors: (n: number) =>
    n === 1
      ? 'Nothing was imported: 1 row has an error.'
      : `Nothing was imported: ${n} rows have errors.`,
  notANumber: 'must be a number',
  notYesNo: 'must be yes or no',
  badBreaks: 'write price breaks as quantity:price pairs separated by ";" (e.g. 10:9.50;50:8.00)',
  imageMissingInZip: (name: string) => `the image file "${name}" is not in the ZIP`,
  imageNeedsZip: (name: string) =>
    `"${name}" is not an image URL of this shop; upload a ZIP with that file, or use a /media/... URL`,
  duplicateRow: (row: number) => `the same product as row ${row}`,
  changedMeanwhile: 'The catalogue changed while importing. Check the file again.',
}

// The audit log (/dashboard/activity).
export const activityWords = {
  title: 'Activity',
  intro: 'Every change an admin made to the shop: who, when, and the values before and after.',
  /** Each kind of entry in words (the kind select and the table's "What" column). */
  kinds: {
    'user.make-admin': 'Made admin',
    'product.create': 'Product added',
    'product.update': 'Product edited',
    'product.delete': 'Product deleted',
    'product.import': 'Products imported',
    'order.status': 'Order status changed',
    'order.delete': 'Order cancelled',
    'order.payment': 'Payment',
    'order.export-document': 'Export document recorded',
    'promotion.create': 'Promotion added',
    'promotion.update': 'Promotion edited',
    'promotion.delete': 'Promotion deleted',
    'quote.offer': 'Quote sent',
    'export.orders': 'Orders exported',
    'export.users': 'Users exported',
    'exchange-rate.set': 'Exchange rate set',
  } satisfies Record<AuditKind, string>,
  /** The one-line summaries the server stores with each entry. */
  summary: {
    madeAdmin: (email: string) => `${email} is now an admin`,
    productCreated: (name: string) => `Added “${name}”`,
    productUpdated: (name: string) => `Edited “${name}”`,
    productDeleted: (name: string) => `Took “${name}” off sale`,
    orderShipped: (order: string, buyer: string) => `Marked order ${order} of ${buyer} shipped`,
    orderCancelled: (order: string, buyer: string) => `Cancelled order ${order} of ${buyer}`,
    /** Payment events: `method` in the payment page's words. */
    paymentReceived: (order: string, method: string) =>
      `Payment received for order ${order} (${method})`,
    paymentUnderReview: (order: string) =>
      `SSLCommerz flagged the payment for order ${order} as risky: it waits for review`,
    paymentRefused: (order: string, what: string) =>
      `Refused a payment for order ${order}: ${what} did not match`,
    transferReceived: (order: string, reference: string) =>
      `Bank transfer ${reference} received for order ${order}`,
    reviewAccepted: (order: string) => `Accepted the payment under review for order ${order}`,
    paymentRefunded: (order: string, method: string) => `Refunded order ${order} (${method})`,
    refundDue: (order: string) => `A refund by bank transfer is due for order ${order}`,
    duplicatePayment: (order: string, method: string) =>
      `A second payment for order ${order} (${method}) was not needed: it is being refunded`,
    refundDone: (order: string, reference: string) =>
      `The provider refunded the payment for order ${order} (refund ${reference})`,
    refundFailed: (order: string, why: string) =>
      `The refund for order ${order} did not go through: ${why}`,
    exchangeRateSet: (perUsd: number, from: string) =>
      `Set the taka rate to ${perUsd} per US dollar from ${from}`,
    refundSent: (order: string, reference: string) =>
      `Refund for order ${order} sent by bank transfer, reference ${reference}`,
    promotionCreated: (title: string) => `Added the promotion “${title}”`,
    promotionUpdated: (title: string) => `Edited the promotion “${title}”`,
    promotionDeleted: (title: string) => `Deleted the promotion “${title}”`,
    quoteOffered: (part: string, buyer: string, revision: number) =>
      revision === 1
        ? `Quoted “${part}” for ${buyer}`
        : `Revised the quote for “${part}” of ${buyer} (revision ${revision})`,
    /** A CSV export of personal data: how many rows, and whether it ran to its end. */
    exported: (what: 'orders' | 'users', rows: number, complete: boolean) =>
      `${complete ? 'Exported' : 'Began exporting'} ${rows} ${rows === 1 ? what.slice(0, -1) : what} as CSV${complete ? '' : ' (the download stopped)'}`,
  },
  /** Field names in the change lines ("Price: $12.00 → $14.50"). */
  fields: {
    revision: 'Revision',
    lines: 'Lines',
    name: 'Name',
    title: 'Title',
    role: 'Role',
    status: 'Status',
    cancelReason: 'Cancel reason',
    kind: 'Kind',
    percent: 'Percent',
    capCents: 'Cap',
    startsAt: 'Starts',
    endsAt: 'Ends',
    text: 'Text',
    priceCents: 'Price',
    quantity: 'Stock',
    minimum: 'Minimum order',
    priceBreaks: 'Price breaks',
    packSize: 'Pack size',
    madeToOrder: 'Made to order',
    leadTimeDays: 'Lead time (days)',
    validUntil: 'Valid until',
    note: 'Note',
    description: 'Description',
    image: 'Image',
    totalCents: 'Total',
    customerEmail: 'Buyer',
    exportDocumentKind: 'Export document',
    exportDocumentNumber: 'Export document number',
  } as Record<string, string>,
  yes: 'yes',
  no: 'no',
  none: '(none)',
  empty: '(empty)',
  each: 'each',
  from: 'from',
  // The filters.
  filters: 'Filters',
  person: 'Person (e-mail)',
  personHint: 'Any part, any case',
  kind: 'Kind',
  anyKind: 'All kinds',
  fromDate: 'From',
  toDate: 'To',
  apply: 'Apply filters',
  clear: 'Clear filters',
  paging: 'Activity pages',
  // The table.
  when: 'When',
  who: 'Who',
  what: 'What',
  summaryColumn: 'Summary',
  changes: 'Changes',
  noChanges: 'No values recorded',
  nothingYet: 'Nothing recorded yet',
  nothingYetText: 'Changes made by admins appear here as they happen.',
  nothingMatches: 'No activity matches these filters',
  nothingMatchesText: 'Try a wider date range or another person or kind.',
  loading: 'Loading activity…',
  couldNotLoad: 'Could not load the activity',
  retry: 'Try again',
  previous: 'Previous',
  next: 'Next',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  count: (total: number) => (total === 1 ? '1 entry' : `${total} entries`),
  // Refusals of GET /api/audit.
  actorTooLong: 'The e-mail filter can be at most 254 characters.',
  kindUnknown: 'Choose one of the kinds of activity.',
  dateInvalid: 'Give the date as YYYY-MM-DD.',
  toBeforeFrom: 'The end date cannot be before the start date.',
  pageInvalid: 'The page must be a whole number from 1.',
}

// Order e-mails and invoices.
export const invoiceWords = {
  invoicePdf: 'Invoice (PDF)',
  downloading: 'Preparing the invoice…',
  downloadFailed: 'The invoice could not be downloaded.',
  retry: 'Try again',
  /** The button's accessible name: what the order is (its tool, and for admins its buyer). */
  invoiceFor: (order: string) => `Invoice (PDF): ${order}`,
  /** Invoice numbers: INV- and six digits at least (INV-000042; INV-1234567 past a million). */
  number: (n: number) => `INV-${String(n).padStart(6, '0')}`,
  fileName: (n: number) => `invoice-INV-${String(n).padStart(6, '0')}.pdf`,
  // The server's answers.
  notPaid: 'This order has no invoice yet: an invoice is made when the order is paid.',
  noInvoice: 'This order has no invoice: its payment was refunded.',
  // The PDF.
  pdf: {
    title: 'Invoice',
    invoiceNumber: 'Invoice number',
    invoiceDate: 'Invoice date',
    orderNumber: 'Order',
    billTo: 'Bill to',
    from: 'From',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    lineTotal: 'Line total',
    madeToOrder: (made: number) => `${made} made to order`,
    subtotal: 'Subtotal',
    discount: (label: string) => `Discount: ${label}`,
    total: 'Total',
    currency: (code: string) => `Currency: ${code}`,
    transaction: 'Transaction ID',
    paid: 'Paid in full by card. Thank you for your order.',
    /** Across the invoice of an order that no longer stands, in large type. */
    stamps: { cancelled: 'CANCELLED', refunded: 'REFUNDED' },
  },
  // The buyer's e-mails.
  mails: {
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    placedSubject: (order: string) => `Your Toolworks order ${order}`,
    placedText:
      'Thank you for your order. It holds its stock until it is paid; you can pay by card on the payment page.',
    payLink: 'Pay for the order',
    paidSubject: (invoice: string) => `Receipt for your Toolworks order (${invoice})`,
    paidText: 'We received your payment. This is your receipt.',
    invoiceLine: (invoice: string) => `Invoice number: ${invoice}`,
    transactionLine: (id: string) => `Transaction ID: ${id}`,
    shippedSubject: (order: string) => `Your Toolworks order ${order} has shipped`,
    shippedText: 'Your order is on its way.',
    ordersLink: 'See your orders',
    line: (name: string, quantity: number, unit: string, total: string) =>
      `${name}: ${quantity} × ${unit} = ${total}`,
    discountLine: (label: string, amount: string) => `Discount (${label}): −${amount}`,
    totalLine: (total: string) => `Total: ${total}`,
    orderLine: (order: string) => `Order: ${order}`,
  },
}
