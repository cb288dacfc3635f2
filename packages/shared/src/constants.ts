/** Business constants of SPEC.md §9 and the limits we add to them. */
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
