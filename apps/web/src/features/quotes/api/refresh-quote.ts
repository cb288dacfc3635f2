import type { QueryClient } from '@tanstack/react-query'

import { queryKeys, type QuoteRequest } from '@toolworks/shared'

/** A step changed a request: its page shows the answer at once, and every quote list asks again. */
export function refreshQuote(queryClient: QueryClient, quote: QuoteRequest) {
  queryClient.setQueryData(queryKeys.quote(quote._id), quote)
  return queryClient.invalidateQueries({ queryKey: queryKeys.anyQuotes })
}
