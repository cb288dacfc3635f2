/** Every in-app link comes from here, so a route change is one edit (STYLE.md §2). */
export const paths = {
  home: () => '/',
  /** `search` as made by `productsSearchString`, e.g. `?page=2`. */
  products: (search = '') => `/products${search}`,
  purchase: (toolId: string) => `/purchase/${encodeURIComponent(toolId)}`,
  cart: () => '/cart',
  /** Request a Quote (issue 15). */
  quote: () => '/quote',
  blogs: () => '/blogs',
  about: () => '/myportfolio',
  login: () => '/login',
  signup: () => '/signup',
  resetPassword: () => '/reset-password',
  dashboard: {
    root: () => '/dashboard',
    myOrders: () => '/dashboard/myorder',
    payment: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
    addReview: () => '/dashboard/addreview',
    users: () => '/dashboard/users',
    addProduct: () => '/dashboard/addproduct',
    manageOrders: () => '/dashboard/manageorders',
    manageProducts: () => '/dashboard/manageproduct',
    messages: () => '/dashboard/messages',
    promotions: () => '/dashboard/promotions',
    // Custom manufacturing quotes (issue 15): the buyer's and the shop's.
    myQuotes: () => '/dashboard/myquotes',
    myQuote: (id: string) => `/dashboard/myquotes/${encodeURIComponent(id)}`,
    quotes: (status?: string) =>
      status ? `/dashboard/quotes?status=${encodeURIComponent(status)}` : '/dashboard/quotes',
    quoteRequest: (id: string) => `/dashboard/quotes/${encodeURIComponent(id)}`,
  },
} as const
