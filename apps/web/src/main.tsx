// Sets zod's options before any chunk loads zod (zod itself is not in the first load).
import './lib/zod-config'

import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { matchRoutes, type RouteObject } from 'react-router'

import { createApp } from './app/app'
import { routes } from './app/router'
import { addBengaliFont } from './lib/bengali-font'
import { nextTask } from './lib/next-task'
import { warmZod } from './lib/zod-warm'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

// This module loads after the first paint (boot.ts): so does the Bengali face.
addBengaliFont()

/**
 * The server rendered this page's screens: load the lazy ones first, so the first
 * render in the browser is the same tree and React can attach to the markup instead of
 * replacing it. Personal and dashboard pages come with an empty #root and render here.
 */
async function start(root: HTMLElement) {
  const render = (hydrating: boolean) => {
    const App = createApp({ hydrating })
    return (
      <StrictMode>
        <App />
      </StrictMode>
    )
  }
  if (!root.firstElementChild) {
    createRoot(root).render(render(false))
    return
  }
  const lazy = (matchRoutes(routes, window.location) ?? [])
    .map((match) => match.route)
    .filter(
      (route): route is RouteObject & { lazy: () => Promise<object> } =>
        typeof route.lazy === 'function',
    )
  // The screens' forms and contracts bring zod: evaluated first, in short tasks of its own.
  // A failed load (offline) must not stop the hydration of a page that may not need zod: the
  // screen's own import below, or its first contract, reports it.
  await warmZod().catch(() => undefined)
  await Promise.all(
    lazy.map(async (route) => {
      Object.assign(route, await route.lazy(), { lazy: undefined })
    }),
  )
  // Each step in a task of its own (loading the code, making the router and the cache,
  // hydrating): no one of them holds the main thread long enough to delay a tap.
  await nextTask()
  const app = render(true)
  await nextTask()
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree: the page stays scrollable and tappable while it hydrates
  // (the long task is what Lighthouse counts as blocking time). Next.js and Remix do the same.
  startTransition(() => {
    hydrateRoot(root, app, {
      // A mismatch is a bug (the server's markup was thrown away): say so where tests look.
      // eslint-disable-next-line no-console -- the one report of a bug the user cannot act on
      onRecoverableError: (error, info) => console.error('hydration:', error, info.componentStack),
    })
  })
}

void start(container)
