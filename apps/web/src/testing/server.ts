import { setupServer } from 'msw/node'

import { accountsHandlers } from './handlers/accounts'
import { authHandlers } from './handlers/auth'
import { cartHandlers } from './handlers/cart'
import { catalogHandlers } from './handlers/catalog'
import { contactHandlers } from './handlers/contact'
import { ordersHandlers } from './handlers/orders'
import { paymentsHandlers } from './handlers/payments'
import { promotionsHandlers } from './handlers/promotions'
import { quotesHandlers } from './handlers/quotes'
import { reviewsHandlers } from './handlers/reviews'

/** The HTTP stand-in for every web test; a test swaps answers with `server.use(...)`. */
export const server = setupServer(
  ...authHandlers,
  ...cartHandlers,
  ...accountsHandlers,
  ...catalogHandlers,
  ...contactHandlers,
  ...ordersHandlers,
  ...paymentsHandlers,
  ...promotionsHandlers,
  ...quotesHandlers,
  ...reviewsHandlers,
)
