import type { QueryClient } from '@tanstack/react-query'
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client'
import type { inferRouterOutputs } from '@trpc/server'
import { createTRPCContext, createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import superjson from 'superjson'
import type { AppRouter } from '../../server/trpc/router'
import { TRPC_MAX_BATCH } from '../../shared/constants'

export type Trpc = TRPCOptionsProxy<AppRouter>
export type TrpcClient = TRPCClient<AppRouter>

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>()

/** The browser's client: same-origin HTTP with cookies. */
export function createBrowserTrpcClient(): TrpcClient {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        maxItems: TRPC_MAX_BATCH,
        transformer: superjson,
        fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
      }),
    ],
  })
}

export function createTrpcProxy(client: TrpcClient, queryClient: QueryClient): Trpc {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient })
}

/** What each procedure answers, inferred from the router: the client never restates a shape. */
export type RouterOutputs = inferRouterOutputs<AppRouter>
