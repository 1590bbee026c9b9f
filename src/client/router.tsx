import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { createTrpcProxy, TRPCProvider, type TrpcClient } from './lib/trpc'
import { routeTree } from './routeTree.gen'

/** One router per request on the server, one for the page's lifetime in the browser. */
export function createAppRouter({ queryClient, trpcClient }: { queryClient: QueryClient; trpcClient: TrpcClient }) {
  const trpc = createTrpcProxy(trpcClient, queryClient)
  const router = createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    // Loaders only prime the query cache; react-query decides freshness (never stale: docs/product.md#states-and-data-loading).
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
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
}
