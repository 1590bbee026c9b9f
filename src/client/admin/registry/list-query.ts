import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'
import type { ListPage } from '../ui/list'
import type { AdminListPage, ListingRow, RegistryCounts, RegistryFilters } from './types'

/** The procedure's input for the filters shown (the search comes from the address). */
export const listInput = (filters: RegistryFilters, q: string | undefined) => ({
  q,
  status: filters.status,
  kind: filters.kind === 'all' ? undefined : filters.kind,
  expiring: filters.expiringSoon ? ('soon' as const) : undefined,
  superseded: filters.superseded ? ('yes' as const) : undefined,
})

const nextPage = (last: AdminListPage) => (last.page * last.pageSize < last.total ? last.page + 1 : null)

/** The list as the kit's AdminList reads it, with the first page's total and counts beside it. */
export type RegistryListData = InfiniteData<ListPage<ListingRow>, unknown> & {
  total: number
  counts: RegistryCounts | null
}

/**
 * The registry's admin list pages by number (`page`, with the total), where the other lists page by
 * the last row shown: the pages are turned into the kit's shape here (`nextCursor` the next page's
 * number), so AdminList's "Load more", its focus and its states stay the kit's. Its key starts with
 * the procedure's own, so a change that refreshes `registry` refreshes it too.
 */
export function useRegistryList(filters: RegistryFilters, q: string | undefined) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const input = listInput(filters, q)
  return useInfiniteQuery({
    queryKey: [...trpc.registry.admin.list.queryKey(input), 'pages'],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      queryClient.fetchQuery({ ...trpc.registry.admin.list.queryOptions({ ...input, page: pageParam }), staleTime: 0 }),
    getNextPageParam: (last) => nextPage(last),
    select: (data): RegistryListData => ({
      pageParams: data.pageParams,
      pages: data.pages.map((page) => ({ items: page.items, nextCursor: nextPage(page) })),
      total: data.pages[0]?.total ?? 0,
      counts: data.pages[0]?.counts ?? null,
    }),
  })
}
