import { setupServer } from 'msw/node'

import { accountsHandlers } from './handlers/accounts'
import { authHandlers } from './handlers/auth'
import { cartHandlers } from './handlers/cart'
import { catalogHandlers } from './handlers/catalog'
import { contactHandlers } from './handlers/contact'
import { exchangeRateHandlers } from './handlers/exchange-rate'
import { ordersHandlers } from './handlers/orders'
import { paymentsHandlers } from './handlers/payments'
import { promotionsHandlers } from './handlers/promotions'
import { quotesHandlers } from './handlers/quotes'
import { reviewsHandlers } from './handlers/reviews'
import { searchHandlers } from './handlers/search'

/** The HTTP stand-in for every web test; a test swaps answers with `server.use(...)`. */
export const server = setupServer(
  // Before the catalogue's: /api/tool/facets and /suggest are not tool ids.
  ...searchHandlers,
  ...authHandlers,
  ...cartHandlers,
  ...accountsHandlers,
  ...catalogHandlers,
  ...contactHandlers,
  // No taka rate set: the currency switch offers US dollars only.
  ...exchangeRateHandlers(),
  ...ordersHandlers,
  ...paymentsHandlers,
  ...promotionsHandlers,
  ...quotesHandlers,
  ...reviewsHandlers,
)
