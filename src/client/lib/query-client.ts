import { QueryClient } from '@tanstack/react-query'

/**
 * docs/product.md#states-and-data-loading: no automatic retry of queries or mutations, no refetch on window focus, no
 * polling, and loaded data never goes stale. Every QueryClient of the app comes from here.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  })
}
