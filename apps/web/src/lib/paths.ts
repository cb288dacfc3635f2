/** Every in-app link comes from here, so a route change is one edit (STYLE.md §2). */
export const paths = {
  home: () => '/',
  /** `search` as made by `productsSearchString`, e.g. `?page=2`. */
  products: (search = '') => `/products${search}`,
  purchase: (toolId: string) => `/purchase/${encodeURIComponent(toolId)}`,
  cart: () => '/cart',
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
  },
} as const
