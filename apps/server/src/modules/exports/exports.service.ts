import {
  ORDER_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  USER_CSV_COLUMNS,
  type Order,
  type OrderStatus,
  type Tool,
} from '@toolworks/shared'
import type { Readable } from 'node:stream'

import type { AccountsService } from '../accounts/accounts.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { OrdersService } from '../orders/orders.service.js'
import { csvStream, dateCell, moneyCell, priceBreaksCell, yesNoCell } from './csv-cells.js'

/** A products file's record: exactly the columns the import reads (PRODUCT_CSV_COLUMNS). */
export function productRecord(tool: Tool): string[] {
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
  ]
}

type UserRow = { id: string; email: string; name: string; role: string; createdAt: Date }

function userRecord(user: UserRow): string[] {
  return [user.id, user.email, user.name, user.role, dateCell(user.createdAt)]
}

export type ExportsService = ReturnType<typeof createExportsService>

/** The admin's CSV files (issue 17), each read from its domain a page at a time. */
export function createExportsService({
  orders,
  accounts,
  catalog,
}: {
  orders: Pick<OrdersService, 'exportPages'>
  accounts: Pick<AccountsService, 'exportPages'>
  catalog: Pick<CatalogService, 'exportPages'>
}) {
  return {
    /** Manage Orders' list with its filters in force. */
    orders: (filter: { status?: OrderStatus; q?: string }, onError: (e: Error) => void): Readable =>
      csvStream(ORDER_CSV_COLUMNS, orders.exportPages(filter), orderRecord, onError),
    users: (onError: (e: Error) => void): Readable =>
      csvStream(USER_CSV_COLUMNS, accounts.exportPages(), userRecord, onError),
    /** The catalogue in the import's format (a round trip keeps it). */
    products: (onError: (e: Error) => void): Readable =>
      csvStream(PRODUCT_CSV_COLUMNS, catalog.exportPages(), productRecord, onError),
  }
}
