import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import type { FormPostState } from '../shared/form-post'
import { parseSearch, stringifySearch } from './lib/search-params'
import { createTrpcProxy, TRPCProvider, type TrpcClient } from './lib/trpc'
import { routeTree } from './routeTree.gen'

/** One router per request on the server, one for the page's lifetime in the browser. */
export function createAppRouter({
  queryClient,
  trpcClient,
  scriptMark,
  formPost,
}: {
  queryClient: QueryClient
  trpcClient: TrpcClient
  /** A refused form post the page shows again: the server's render and the browser's hydration both get it. */
  formPost?: FormPostState
  /** Server only: written on every script the router emits, so the page's CSP can name exactly those. */
  scriptMark?: string
}) {
  const trpc = createTrpcProxy(trpcClient, queryClient)
  // The first render in the browser is the hydration of the page the visitor is already reading,
  // maybe already scrolled (decision 032 starts the code at their first reach): the router must not
  // restore or reset the scroll for it. Every later render is a navigation and gets the router's
  // restoration as usual.
  let hydrated = false
  const router = createRouter({
    routeTree,
    context: { queryClient, trpc, formPost },
    defaultPreload: 'intent',
    // Loaders only prime the query cache; react-query decides freshness (never stale: docs/product.md#states-and-data-loading).
    defaultPreloadStaleTime: 0,
    scrollRestoration: () => {
      if (hydrated) return true
      hydrated = true
      return false
    },
    parseSearch,
    stringifySearch,
    ...(scriptMark ? { ssr: { nonce: scriptMark } } : {}),
    Wrap: ({ children }) => (
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    ),
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /** The page (and every page under it) depends on who asks: the server never caches its HTML. */
    private?: boolean
    /**
     * The page's free-text query parameters (a search box's words). An address with one of them is
     * rendered for its request and never kept: each distinct text would be a new entry, pushing the
     * site's pages out. Its other parameters (a tab, a sort) are few and keep their pages
     * (docs/decisions/029-site-search.md, 035).
     */
    freeText?: readonly string[]
    /** The heading an admin screen shows, also while the sign-in is being checked. */
    adminTitle?: string
  }
}
