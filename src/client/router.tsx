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
  const router = createRouter({
    routeTree,
    context: { queryClient, trpc, formPost },
    defaultPreload: 'intent',
    // Loaders only prime the query cache; react-query decides freshness (never stale: docs/product.md#states-and-data-loading).
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
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
     * The page's HTML is kept only for its address without a query (the empty search page); with
     * one, it is rendered for each request and never kept (docs/decisions/029-site-search.md).
     */
    keptOnlyWithoutQuery?: boolean
    /** The heading an admin screen shows, also while the sign-in is being checked. */
    adminTitle?: string
  }
}
