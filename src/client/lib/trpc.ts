import type { QueryClient } from '@tanstack/react-query'
import { createTRPCClient, type TRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client'
import type { inferRouterOutputs } from '@trpc/server'
import { observable, type Unsubscribable } from '@trpc/server/observable'
import { createTRPCContext, createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { AppRouter } from '../../server/trpc/router'
import { whenApproached } from './intent'

export type Trpc = TRPCOptionsProxy<AppRouter>
export type TrpcClient = TRPCClient<AppRouter>

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>()

/** The browser's client: same-origin HTTP with cookies (lib/trpc-http.ts), fetched on the first call or approach. */
export function createBrowserTrpcClient(): TrpcClient {
  return createTRPCClient<AppRouter>({ links: [deferredHttpLink()] })
}

type HttpLinkModule = typeof import('./trpc-http')
let httpLinkModule: Promise<HttpLinkModule> | null = null
const loadHttpLink = (): Promise<HttpLinkModule> => {
  httpLinkModule ??= import('./trpc-http').catch((error: unknown) => {
    // Offline, say: the next call tries again.
    httpLinkModule = null
    throw error
  })
  return httpLinkModule
}

/**
 * Hands every call to the HTTP link of lib/trpc-http.ts, which (with superjson) stays out of the
 * pages' first load: it is fetched when the visitor approaches a form (lib/intent.ts), or by the
 * first call (a link's preload on hover, a navigation), whichever comes first.
 * Calls made together still go out as one batch. A link that cannot be fetched fails the call as a
 * network failure would.
 */
function deferredHttpLink(): TRPCLink<AppRouter> {
  if (typeof window !== 'undefined') whenApproached(() => void loadHttpLink().catch(() => {}))
  return (runtime) => {
    let link: ReturnType<TRPCLink<AppRouter>> | null = null
    return ({ op, next }) =>
      observable((observer) => {
        let subscription: Unsubscribable | null = null
        let cancelled = false
        loadHttpLink().then(
          (module) => {
            if (cancelled) return
            link ??= module.browserHttpLink()(runtime)
            subscription = link({ op, next }).subscribe(observer)
          },
          (error: unknown) => {
            if (!cancelled)
              observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error))))
          },
        )
        return () => {
          cancelled = true
          subscription?.unsubscribe()
        }
      })
  }
}

export function createTrpcProxy(client: TrpcClient, queryClient: QueryClient): Trpc {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient })
}

/** What each procedure answers, inferred from the router: the client never restates a shape. */
export type RouterOutputs = inferRouterOutputs<AppRouter>
