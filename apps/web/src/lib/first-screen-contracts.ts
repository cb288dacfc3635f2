// The contracts of the first screen's lists, loaded on their first call (lazyEndpoint in
// api-client.ts): with them comes zod, which the server-rendered first screen does not need.
// Only import() this module; a static import would pull zod into the first load.
export {
  accountsContract,
  catalogContract,
  exchangeRateContract,
  categoryContract,
  promotionsContract,
  reviewsContract,
  searchContract,
  siteConfigContract,
} from '@toolworks/shared'
