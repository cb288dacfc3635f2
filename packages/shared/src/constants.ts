/** Business constants of docs/product.md §9 and the limits we add to them. */
export const HOME_TOOLS_COUNT = 8
export const HOME_REVIEWS_COUNT = 8
export const TOOL_LIST_MAX_LIMIT = 100
export const TOOL_NAME_MAX = 120
export const TOOL_DESCRIPTION_MAX = 2000
export const PASSWORD_MIN = 6
export const TOAST_AUTO_CLOSE_MS = 5000
export const CURRENCY = 'USD'
export const ORDER_QUANTITY_MAX = 1_000_000
export const ORDER_PHONE_MAX = 40
export const ORDER_ADDRESS_MAX = 500
export const TOOL_QUANTITY_MAX = 10_000_000
export const REVIEW_TEXT_MAX = 1000
export const REVIEW_LIST_MAX_LIMIT = 100
export const REVIEW_STARS_MAX = 5
// Contact With Us, the newsletter and the admin's Messages page.
export const CONTACT_NAME_MAX = 100
export const CONTACT_MESSAGE_MAX = 2000
export const CONTACT_LIST_DEFAULT_LIMIT = 200
export const CONTACT_LIST_MAX_LIMIT = 500
/** docs/product.md §2 Home 3 and §9: the Business Summary counters, each shown followed by +. */
export const BUSINESS_SUMMARY = {
  customers: 1000,
  deliveries: 1200,
  reviews: 900,
  products: 300,
} as const
export const TOOL_SEARCH_MAX = 100
/** Tools per page of /products. */
export const PRODUCTS_PAGE_SIZE = 24
/** Unpaid orders one customer may have open at once: each holds stock. */
export const OPEN_UNPAID_ORDERS_MAX = 10
/** Starting a payment keeps the order's stock held at least this long from then. */
export const PAYMENT_HOLD_MINUTES = 30
/**
 * Orders one account may have awaiting a bank transfer at once: each holds stock for days
 * (BANK_TRANSFER_HOLD_DAYS), so a few are plenty for a real buyer.
 */
export const AWAITING_TRANSFER_ORDERS_MAX = 5
/** Orders one account may place in a minute, whatever its address. */
export const ORDERS_PER_MINUTE_MAX = 30

/** A made-to-order tool's lead time, in working days. */
export const LEAD_TIME_DAYS_MAX = 365
/** Lines one cart or checkout may hold; 200, so a whole quick order fits. */
export const CART_LINES_MAX = 200
/** A promotion's words on the home page. */
export const PROMOTION_TITLE_MAX = 100
export const PROMOTION_TEXT_MAX = 500
