import type { QueryClient } from '@tanstack/react-query'
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client'
import type { inferRouterOutputs } from '@trpc/server'
import { createTRPCContext, createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import superjson from 'superjson'
import type { AppRouter } from '../../server/trpc/router'
import { REQUEST_TIMEOUT_MS, TRPC_MAX_BATCH } from '../../shared/constants'

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
        fetch: (input, init) => fetchWithin(REQUEST_TIMEOUT_MS, input, { ...init, credentials: 'include' }),
      }),
    ],
  })
}

/**
 * A request the server has not answered within `ms` is given up, so a form stops saying
 * "Sending..." and shows its failure instead of waiting for ever on a dead connection. A timer, not
 * AbortSignal.timeout, so the browser tests' fake clock can run it.
 */
function fetchWithin(ms: number, input: RequestInfo | URL, init: RequestInit): Promise<Response> {
  const controller = new AbortController()
  const timer = setTimeout(
    () => controller.abort(new DOMException('The server did not answer in time', 'TimeoutError')),
    ms,
  )
  init.signal?.addEventListener('abort', () => controller.abort(init.signal?.reason), { once: true })
  return fetch(input, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer))
}

export function createTrpcProxy(client: TrpcClient, queryClient: QueryClient): Trpc {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient })
}

/** What each procedure answers, inferred from the router: the client never restates a shape. */
export type RouterOutputs = inferRouterOutputs<AppRouter>
