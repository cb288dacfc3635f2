import {
  CANCEL_REASONS,
  ORDER_STATUSES,
  PROMOTION_KINDS,
  QUOTE_PROCESSES,
  QUOTE_STATUSES,
  ROLES,
} from '@toolworks/shared'
import { describe, expect, test } from 'vitest'

import { orders, promotions, quoteMessages, quoteRequests, users } from './index.js'

/**
 * The database's text enums come from the contract's lists: a value the API can
 * send is one the column's type takes, and the other way round. A column given its own copy of
 * a list that then drifts fails here.
 */
describe('database enums are the contract lists', () => {
  test.for([
    ['users.role', users.role.enumValues, ROLES],
    ['orders.status', orders.status.enumValues, ORDER_STATUSES],
    ['orders.cancel_reason', orders.cancelReason.enumValues, CANCEL_REASONS],
    ['promotions.kind', promotions.kind.enumValues, PROMOTION_KINDS],
    ['quote_requests.process', quoteRequests.process.enumValues, QUOTE_PROCESSES],
    ['quote_requests.status', quoteRequests.status.enumValues, QUOTE_STATUSES],
    ['quote_messages.author_role', quoteMessages.authorRole.enumValues, ROLES],
  ] as const)('%s', ([, column, contract]) => {
    expect([...column]).toEqual([...contract])
  })
})
