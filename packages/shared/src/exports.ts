import { z } from 'zod'

/**
 * CSV export and import. The products file is exactly the import format, so a
 * file exported here can be edited and imported again (a round trip keeps the catalogue).
 */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'name',
  'description',
  'price',
  'quantity',
  'minimum',
  'pack_size',
  'price_breaks',
  'made_to_order',
  'lead_time_days',
  'image',
  // The part number, the category's slug, then one `spec.<key>` column per attribute
  // key of the category tree (PRODUCT_CSV_SPEC_PREFIX), in key order.
  'partNumber',
  'category',
] as const
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number]
/** A products file's specification column: `spec.<attribute key>`. */
export const PRODUCT_CSV_SPEC_PREFIX = 'spec.'

/** Columns an import file must have; the others may be left out (their defaults apply). */
export const PRODUCT_CSV_REQUIRED = ['name', 'description', 'price', 'quantity', 'minimum'] as const

export const ORDER_CSV_COLUMNS = [
  'id',
  'created_at',
  'status',
  'paid',
  'customer_email',
  'customer_name',
  'phone',
  'address',
  'items',
  'quantity',
  'subtotal',
  'discount',
  'total',
  'transaction_id',
  // The amounts above are in the order's currency.
  'currency',
  'exchange_rate',
  'country',
  'vat_rate',
  'vat',
  'mushak_serial',
  // The order's name for people (TW-10482).
  'order_number',
  // "Export" on a delivery abroad; whether it awaits an admin's check; its airway or shipping bill.
  'export',
  'export_check',
  'export_document',
] as const

export const USER_CSV_COLUMNS = ['id', 'email', 'name', 'role', 'created_at'] as const

/** The multipart field of `POST /api/import/products`. */
export const IMPORT_FILE_FIELD = 'file'
export const IMPORT_MAX_ROWS = 5_000
export const IMPORT_CSV_MAX_BYTES = 5 * 1024 * 1024
export const IMPORT_ZIP_MAX_BYTES = 50 * 1024 * 1024
/** A zip's files once inflated, all together (a small zip can inflate to gigabytes). */
export const IMPORT_ZIP_MAX_UNZIPPED_BYTES = 100 * 1024 * 1024
export const IMPORT_ZIP_MAX_ENTRIES = 1_000
export const IMPORTS_PER_MINUTE_MAX = 10

export const ImportActionSchema = z.enum(['new', 'update', 'error'])
export type ImportAction = z.infer<typeof ImportActionSchema>

/** One row of the file as the preview shows it; `row` is the spreadsheet's row (header = 1). */
export const ImportRowSchema = z.object({
  row: z.number().int(),
  action: ImportActionSchema,
  /** Why the row is refused ("price: price must be at least 1"); null for new and update. */
  reason: z.string().nullable(),
  /** The column the reason is about, when it is about one. */
  column: z.string().nullable(),
  /** The tool an update changes. */
  toolId: z.string().nullable(),
  name: z.string(),
  price: z.string(),
  quantity: z.string(),
  minimum: z.string(),
  image: z.string(),
})
export type ImportRow = z.infer<typeof ImportRowSchema>

export const ImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false', '1', '0']).optional(),
})

export const ImportPreviewSchema = z.object({
  rows: z.array(ImportRowSchema),
  counts: z.object({ new: z.number().int(), update: z.number().int(), error: z.number().int() }),
})
export type ImportPreview = z.infer<typeof ImportPreviewSchema>

export const ImportResultSchema = z.object({
  acknowledged: z.literal(true),
  created: z.number().int(),
  updated: z.number().int(),
  rows: z.array(ImportRowSchema),
})
export type ImportResult = z.infer<typeof ImportResultSchema>

export const exportsContract = {
  orders: { method: 'GET', path: '/api/export/orders.csv' },
  users: { method: 'GET', path: '/api/export/users.csv' },
  products: { method: 'GET', path: '/api/export/products.csv' },
  importProducts: { method: 'POST', path: '/api/import/products', query: ImportQuerySchema },
} as const
