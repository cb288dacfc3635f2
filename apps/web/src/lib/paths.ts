/** Every in-app link comes from here, so a route change is one edit (docs/conventions.md §2). */
export const paths = {
  home: () => '/',
  /** `search` as made by `productsSearchString`, e.g. `?page=2`. */
  products: (search = '') => `/products${search}`,
  /** A tool's public page. */
  product: (toolId: string) => `/products/${encodeURIComponent(toolId)}`,
  purchase: (toolId: string) => `/purchase/${encodeURIComponent(toolId)}`,
  cart: () => '/cart',
  /** Quick order: part numbers and quantities, pasted or from a CSV. */
  quickOrder: () => '/quick-order',
  /** Request a Quote. */
  quote: () => '/quote',
  blogs: () => '/blogs',
  about: () => '/myportfolio',
  login: () => '/login',
  signup: () => '/signup',
  resetPassword: () => '/reset-password',
  /** The home page's contact form, its message started about an order. */
  contactAbout: (orderNumber: string) => `/?order=${encodeURIComponent(orderNumber)}#contact`,
  dashboard: {
    root: () => '/dashboard',
    myOrders: () => '/dashboard/myorder',
    payment: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
    addReview: () => '/dashboard/addreview',
    users: () => '/dashboard/users',
    addProduct: () => '/dashboard/addproduct',
    manageOrders: () => '/dashboard/manageorders',
    /** With a tool's id, Manage Products opens that tool's edit dialog (the overview's links). */
    manageProducts: (edit?: string) =>
      edit
        ? `/dashboard/manageproduct?edit=${encodeURIComponent(edit)}`
        : '/dashboard/manageproduct',
    messages: () => '/dashboard/messages',
    promotions: () => '/dashboard/promotions',
    // Custom manufacturing quotes: the buyer's and the shop's.
    myQuotes: () => '/dashboard/myquotes',
    myQuote: (id: string) => `/dashboard/myquotes/${encodeURIComponent(id)}`,
    quotes: (status?: string) =>
      status ? `/dashboard/quotes?status=${encodeURIComponent(status)}` : '/dashboard/quotes',
    quoteRequest: (id: string) => `/dashboard/quotes/${encodeURIComponent(id)}`,
    // Running the shop: the figures and the audit log.
    overview: () => '/dashboard/overview',
    activity: () => '/dashboard/activity',
    exchangeRate: () => '/dashboard/exchange-rate',
    // The catalogue's categories and the search's synonyms.
    categories: () => '/dashboard/categories',
    synonyms: () => '/dashboard/synonyms',
  },
} as const
