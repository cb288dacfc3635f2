import type { RouteObject } from 'react-router'

import { NestedRouteError, RouteError } from '@/components/errors/route-error'
import { PageLoader } from '@/components/ui/page-loader'
import { RequireAdmin } from '@/lib/require-admin'
import { RequireAuth } from '@/lib/require-auth'
import { HomeRoute } from '@/routes/home'
import { NotFoundRoute } from '@/routes/not-found'
import { ProductsRoute } from '@/routes/products'
import { RootLayout } from '@/routes/root-layout'

// Home, Products and 404 are in the main chunk; every other screen loads when first visited.
const dashboard: RouteObject = {
  path: 'dashboard',
  lazy: async () => ({
    Component: (await import('@/routes/dashboard/dashboard-layout')).DashboardLayout,
  }),
  children: [
    {
      ErrorBoundary: NestedRouteError,
      children: [
        {
          index: true,
          lazy: async () => ({
            Component: (await import('@/routes/dashboard/my-profile')).MyProfileRoute,
          }),
        },
        {
          path: 'myorder',
          lazy: async () => ({
            Component: (await import('@/routes/dashboard/my-orders')).MyOrdersRoute,
          }),
        },
        {
          path: 'payment/:id',
          lazy: async () => ({
            Component: (await import('@/routes/dashboard/payment')).PaymentRoute,
          }),
        },
        {
          path: 'myquotes',
          lazy: async () => ({
            Component: (await import('@/routes/dashboard/my-quotes')).MyQuotesRoute,
          }),
        },
        {
          path: 'myquotes/:id',
          lazy: async () => ({
            Component: (await import('@/routes/dashboard/my-quote')).MyQuoteRoute,
          }),
        },
        {
          path: 'addreview',
          lazy: async () => ({
            Component: (await import('@/routes/dashboard/add-review')).AddReviewRoute,
          }),
        },
        {
          // docs/product.md §2: admin only; a non-admin is signed out and sent to /login.
          Component: RequireAdmin,
          children: [
            // Running the shop: the admin's figures; uPlot loads inside this screen.
            {
              path: 'overview',
              lazy: async () => ({
                Component: (await import('@/routes/dashboard/overview')).OverviewRoute,
              }),
            },
            {
              path: 'users',
              lazy: async () => ({
                Component: (await import('@/routes/dashboard/users')).UsersRoute,
              }),
            },
            {
              path: 'addproduct',
              lazy: async () => ({
                Component: (await import('@/routes/dashboard/add-product')).AddProductRoute,
              }),
            },
            {
              path: 'manageorders',
              lazy: async () => ({
                Component: (await import('@/routes/dashboard/manage-orders')).ManageOrdersRoute,
              }),
            },
            {
              path: 'manageproduct',
              lazy: async () => ({
                Component: (await import('@/routes/dashboard/manage-products')).ManageProductsRoute,
              }),
            },
            {
              path: 'messages',
              lazy: async () => ({
                Component: (await import('@/routes/dashboard/messages')).MessagesRoute,
              }),
            },
            {
              path: 'promotions',
              lazy: async () => ({
                Component: (await import('@/routes/dashboard/promotions')).PromotionsRoute,
              }),
            },
            // Custom manufacturing quotes: the shop's side.
            {
              path: 'quotes',
              lazy: async () => ({
                Component: (await import('@/routes/dashboard/quote-requests')).QuoteRequestsRoute,
              }),
            },
            {
              path: 'quotes/:id',
              lazy: async () => ({
                Component: (await import('@/routes/dashboard/quote-request')).QuoteRequestRoute,
              }),
            },
            // The catalogue's categories and the search's synonyms.
            {
              path: 'categories',
              lazy: async () => ({
                Component: (await import('@/routes/dashboard/categories')).CategoriesRoute,
              }),
            },
            {
              path: 'synonyms',
              lazy: async () => ({
                Component: (await import('@/routes/dashboard/synonyms')).SynonymsRoute,
              }),
            },
            // Running the shop: the audit log.
            {
              path: 'activity',
              lazy: async () => ({
                Component: (await import('@/routes/dashboard/activity')).ActivityRoute,
              }),
            },
            // Taka prices: the rate and its history.
            {
              path: 'exchange-rate',
              lazy: async () => ({
                Component: (await import('@/routes/dashboard/exchange-rate')).ExchangeRateRoute,
              }),
            },
          ],
        },
      ],
    },
  ],
}

/** Every route of docs/product.md §2. Tests mount the same tree in a memory router. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // One boundary for the screen inside the layout, so header and footer stay usable.
        ErrorBoundary: RouteError,
        HydrateFallback: PageLoader,
        children: [
          { index: true, Component: HomeRoute },
          { path: 'home', Component: HomeRoute },
          { path: 'products', Component: ProductsRoute },
          {
            // Public: every tool's own page, server-rendered; ordering asks to sign in.
            path: 'products/:id',
            lazy: async () => ({ Component: (await import('@/routes/product')).ProductRoute }),
          },
          {
            path: 'blogs',
            lazy: async () => ({ Component: (await import('@/routes/blogs')).BlogsRoute }),
          },
          {
            path: 'myportfolio',
            lazy: async () => ({
              Component: (await import('@/routes/my-portfolio')).MyPortfolioRoute,
            }),
          },
          {
            // Public: a visitor's cart is kept in the browser.
            path: 'cart',
            lazy: async () => ({ Component: (await import('@/routes/cart')).CartRoute }),
          },
          {
            // Public: anyone may read and fill Request a Quote; sending asks to sign in.
            path: 'quote',
            lazy: async () => ({ Component: (await import('@/routes/quote')).QuoteRoute }),
          },
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('@/routes/login')).LoginRoute }),
          },
          {
            path: 'signup',
            lazy: async () => ({ Component: (await import('@/routes/signup')).SignupRoute }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('@/routes/reset-password')).ResetPasswordRoute,
            }),
          },
          {
            Component: RequireAuth,
            children: [
              {
                // It adds to the server's cart, so it needs an account.
                path: 'quick-order',
                lazy: async () => ({
                  Component: (await import('@/routes/quick-order')).QuickOrderRoute,
                }),
              },
              {
                path: 'purchase/:id',
                lazy: async () => ({
                  Component: (await import('@/routes/purchase')).PurchaseRoute,
                }),
              },
              dashboard,
            ],
          },
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
]
