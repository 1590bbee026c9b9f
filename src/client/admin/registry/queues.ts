import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'
import type { ListPage } from '../ui/list'
import type { ApplicationQueue, ApplicationSummary, ConcernQueue, ConcernSummary } from './types'
import type { ApplicationFilter, ConcernFilter } from './view-search'

type NumberedPage = { page: number; pageSize: number; total: number }
const nextPage = (last: NumberedPage) => (last.page * last.pageSize < last.total ? last.page + 1 : null)

/** A queue as the kit's AdminList reads it, with the first page's counts beside it. */
export type QueueData<Item, Counts> = InfiniteData<ListPage<Item>, unknown> & { counts: Counts | null }

const toKit = <Item, Counts>(
  data: InfiniteData<NumberedPage & { items: Item[]; counts: Counts }, unknown>,
): QueueData<Item, Counts> => ({
  pageParams: data.pageParams,
  pages: data.pages.map((page) => ({ items: page.items, nextCursor: nextPage(page) })),
  counts: data.pages[0]?.counts ?? null,
})

/**
 * The applications waiting, oldest activity first, paged by number as the listings are (list-query.ts
 * says why the pages are turned into the kit's shape). Its key starts with the procedure's own, so a
 * change that refreshes `registry` refreshes it too.
 */
export function useApplicationQueue(state: ApplicationFilter) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useInfiniteQuery({
    queryKey: [...trpc.registry.admin.applications.list.queryKey({ state }), 'pages'],
    initialPageParam: 1,
    queryFn: ({ pageParam }): Promise<ApplicationQueue> =>
      queryClient.fetchQuery({
        ...trpc.registry.admin.applications.list.queryOptions({ state, page: pageParam }),
        staleTime: 0,
      }),
    getNextPageParam: nextPage,
    select: (data) => toKit<ApplicationSummary, ApplicationQueue['counts']>(data),
  })
}

export function useConcernQueue(state: ConcernFilter) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useInfiniteQuery({
    queryKey: [...trpc.registry.admin.concerns.list.queryKey({ state }), 'pages'],
    initialPageParam: 1,
    queryFn: ({ pageParam }): Promise<ConcernQueue> =>
      queryClient.fetchQuery({
        ...trpc.registry.admin.concerns.list.queryOptions({ state, page: pageParam }),
        staleTime: 0,
      }),
    getNextPageParam: nextPage,
    select: (data) => toKit<ConcernSummary, ConcernQueue['counts']>(data),
  })
}

/** The tabs' counts: applications waiting for the council, concerns not yet closed (null while unknown). */
export function useQueueCounts(): { applications: number | null; concerns: number | null } {
  const trpc = useTRPC()
  const applications = useQuery(trpc.registry.admin.applications.list.queryOptions({ state: 'open' }))
  const concerns = useQuery(trpc.registry.admin.concerns.list.queryOptions({ state: 'open' }))
  return { applications: applications.data?.counts.open ?? null, concerns: concerns.data?.counts.open ?? null }
}
