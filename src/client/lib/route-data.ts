import type { QueryClient, QueryKey } from '@tanstack/react-query'

type Fetchable = { queryKey: QueryKey }

/**
 * A list page's loader: on the server it waits, so the data is in the HTML of a direct load; in the
 * browser it only starts the fetch, so a client-side navigation shows the page at once in its
 * loading state ('Loading...' and placeholder cards: docs/product.md#pages).
 */
export async function loadOnServerPrefetchInBrowser(queryClient: QueryClient, options: Fetchable) {
  if (typeof document === 'undefined') {
    await queryClient.prefetchQuery(options)
  } else {
    void queryClient.prefetchQuery(options)
  }
}
