// The server's renderer of the public pages: built by `vite build --ssr` into
// apps/web/dist-server and loaded by the API server (plugins/pages.ts). It renders the same
// route tree as the browser, which then hydrates the markup (main.tsx).
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'

import type { InitialQuery } from '@toolworks/shared'

import { AppProviders } from './app/providers'
import { routes } from './app/router'
import { createQueryClient } from './lib/query-client'
import { HydratedProvider } from './lib/use-hydrated'

const handler = createStaticHandler(routes)

export type RenderInput = { url: string; queries: InitialQuery[] }

/** The markup of `#root` for a URL, with the query cache seeded as the browser will seed it. */
export async function render({ url, queries }: RenderInput): Promise<string> {
  const context = await handler.query(new Request(url))
  // No route has a loader or action, so the handler never answers with a redirect.
  if (context instanceof Response) throw new Error(`unexpected redirect rendering ${url}`)
  const queryClient = createQueryClient()
  for (const { key, data } of queries) queryClient.setQueryData(key, data)
  const router = createStaticRouter(handler.dataRoutes, context)
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <HydratedProvider value={false}>
        <AppProviders queryClient={queryClient}>
          {/* hydrate=false: no inline script; the CSP forbids them (main.tsx hydrates without). */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </HydratedProvider>
    </StrictMode>,
  )
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(chunk as Buffer)
  queryClient.clear()
  return Buffer.concat(chunks).toString('utf8')
}
