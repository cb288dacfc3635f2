import {
  ORDER_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_SPEC_PREFIX,
  USER_CSV_COLUMNS,
  type Order,
  type OrderStatus,
  type Tool,
  activityWords,
  exportDocumentText,
  exportWords,
} from '@toolworks/shared'
import type { Readable } from 'node:stream'

import type { AccountsService } from '../accounts/accounts.service.js'
import type { AuditActor } from '../audit/audit.service.js'
import type { AuditService } from '../audit/audit.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { OrdersService } from '../orders/orders.service.js'
import { csvStream, dateCell, moneyCell, priceBreaksCell, yesNoCell } from './csv-cells.js'

/** The products file's columns: PRODUCT_CSV_COLUMNS, then `spec.<key>` for every key. */
export const productColumns = (specKeys: readonly string[]) => [
  ...PRODUCT_CSV_COLUMNS,
  ...specKeys.map((key) => `${PRODUCT_CSV_SPEC_PREFIX}${key}`),
]

/**
 * A products file's record: exactly the columns the import reads (productColumns), a spec's
 * cell empty when the tool has no value for it.
 */
export function productRecord(tool: Tool, specKeys: readonly string[] = []): string[] {
  return [
    tool._id,
    tool.name,
    tool.description,
    moneyCell(tool.price),
    String(tool.quantity),
    String(tool.minimum),
    String(tool.packSize),
    priceBreaksCell(tool.priceBreaks),
    yesNoCell(tool.madeToOrder),
    tool.leadTimeDays === null ? '' : String(tool.leadTimeDays),
    tool.image,
    tool.partNumber ?? '',
    tool.category ?? '',
    ...specKeys.map((key) => {
      const value = tool.specs?.[key]
      return value === undefined ? '' : String(value)
    }),
  ]
}

function orderRecord(order: Order): string[] {
  return [
    order._id,
    dateCell(order.createdAt),
    order.status,
    yesNoCell(order.paid),
    order.customer,
    order.customerName,
    order.phone,
    order.address,
    order.lines.map((l) => `${l.quantity} × ${l.name}`).join('; '),
    String(order.lines.reduce((sum, l) => sum + l.quantity, 0)),
    moneyCell(order.subtotal),
    order.discount ? moneyCell(Math.abs(order.discount.amount)) : '',
    moneyCell(order.totalMoney),
    order.transactionId ?? '',
    order.currency,
    order.exchangeRate === null ? '' : String(order.exchangeRate),
    order.country,
    String(order.vat.rate),
    moneyCell(order.vat.amount),
    order.mushakSerial ?? '',
    order.orderNumber,
    order.export ? exportWords.badge : '',
    yesNoCell(order.exportCheck),
    order.exportDocument ? exportDocumentText(order.exportDocument) : '',
  ]
}

type UserRow = { id: string; email: string; name: string; role: string; createdAt: Date }

function userRecord(user: UserRow): string[] {
  return [user.id, user.email, user.name, user.role, dateCell(user.createdAt)]
}

export type ExportsService = ReturnType<typeof createExportsService>

/** The admin's CSV files, each read from its domain a page at a time. */
export function createExportsService({
  orders,
  accounts,
  catalog,
  audit,
}: {
  orders: Pick<OrdersService, 'exportPages'>
  accounts: Pick<AccountsService, 'exportPages'>
  catalog: Pick<CatalogService, 'exportPages' | 'csvCategories'>
  audit: Pick<AuditService, 'record'>
}) {
  /**
   * An export of personal data leaves an audit row: who, the filter in force and
   * how many rows went out, written before the file's last bytes (or when it stopped early).
   */
  const audited =
    (actor: AuditActor, what: 'orders' | 'users', filter: Record<string, string>) =>
    ({ rows, complete }: { rows: number; complete: boolean }) =>
      audit.record(actor, {
        kind: `export.${what}`,
        subjectType: 'export',
        subjectId: what,
        summary: activityWords.summary.exported(what, rows, complete),
        before: null,
        after: { filter, rows, complete },
      })

  return {
    /** Manage Orders' list with its filters in force. */
    orders: (
      actor: AuditActor,
      filter: { status?: OrderStatus; q?: string },
      onError: (e: Error) => void,
    ): Readable => {
      const used: Record<string, string> = {}
      if (filter.status) used.status = filter.status
      if (filter.q) used.q = filter.q
      return csvStream(
        ORDER_CSV_COLUMNS,
        orders.exportPages(filter),
        orderRecord,
        onError,
        audited(actor, 'orders', used),
      )
    },
    users: (actor: AuditActor, onError: (e: Error) => void): Readable =>
      csvStream(
        USER_CSV_COLUMNS,
        accounts.exportPages(),
        userRecord,
        onError,
        audited(actor, 'users', {}),
      ),
    /** The catalogue in the import's format (a round trip keeps it); no personal data. */
    async products(onError: (e: Error) => void): Promise<Readable> {
      const { keys } = await catalog.csvCategories()
      return csvStream(
        productColumns(keys),
        catalog.exportPages(),
        (tool) => productRecord(tool, keys),
        onError,
      )
    },
  }
}
