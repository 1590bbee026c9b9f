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
      // A form sent without a network must say so at once and keep what was typed; by default
      // react-query would pause the mutation until the browser is back online, leaving "Sending...".
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}
