import {
  activityWords,
  catalogAdminWords,
  exchangeRateWords,
  messages,
  overviewWords,
} from '@toolworks/shared'

import { paths } from '@/lib/paths'

type Audience = 'everyone' | 'customer' | 'admin'

// docs/product.md §2, Dashboard: My Profile for all; the rest depends on the role.
const items: { to: string; label: string; audience: Audience; end?: boolean }[] = [
  {
    to: paths.dashboard.root(),
    label: messages.dashboard.myProfile,
    audience: 'everyone',
    end: true,
  },
  { to: paths.dashboard.myOrders(), label: messages.dashboard.myOrders, audience: 'customer' },
  { to: paths.dashboard.addReview(), label: messages.dashboard.addReview, audience: 'customer' },
  // Custom manufacturing quotes.
  { to: paths.dashboard.myQuotes(), label: messages.dashboard.myQuotes, audience: 'customer' },
  // Running the shop: the admin's first item.
  { to: paths.dashboard.overview(), label: overviewWords.title, audience: 'admin' },
  { to: paths.dashboard.users(), label: messages.dashboard.allUsers, audience: 'admin' },
  { to: paths.dashboard.addProduct(), label: messages.dashboard.addProduct, audience: 'admin' },
  {
    to: paths.dashboard.manageProducts(),
    label: messages.dashboard.manageProduct,
    audience: 'admin',
  },
  // The catalogue's categories and the search's synonyms.
  { to: paths.dashboard.categories(), label: catalogAdminWords.categoriesTitle, audience: 'admin' },
  { to: paths.dashboard.synonyms(), label: catalogAdminWords.synonymsTitle, audience: 'admin' },
  { to: paths.dashboard.manageOrders(), label: messages.dashboard.manageOrders, audience: 'admin' },
  // Contact With Us messages.
  { to: paths.dashboard.messages(), label: messages.contact.messagesMenu, audience: 'admin' },
  // The home page's promotions.
  { to: paths.dashboard.promotions(), label: messages.promotions.title, audience: 'admin' },
  { to: paths.dashboard.quotes(), label: messages.dashboard.quoteRequests, audience: 'admin' },
  { to: paths.dashboard.activity(), label: activityWords.title, audience: 'admin' },
  // Taka prices.
  { to: paths.dashboard.exchangeRate(), label: exchangeRateWords.title, audience: 'admin' },
]

export function dashboardMenu(isAdmin: boolean) {
  return items.filter(
    (item) => item.audience === 'everyone' || item.audience === (isAdmin ? 'admin' : 'customer'),
  )
}
