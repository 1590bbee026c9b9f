import { useQuery } from '@tanstack/react-query'
import type { PageKey } from '../../shared/schemas/pages'
import type { PublicSite } from '../../shared/site'
import type { RouterContext } from '../routes/__root'
import { pageHead } from './seo'
import { type RouterOutputs, useTRPC } from './trpc'

/** A page's words as its component reads them: each section by its id (docs/decisions/055-pages-as-content.md). */
export type PageView = RouterOutputs['site']['page']
export type PageSectionView = PageView['sections'][string]

/**
 * The loader and head of a page whose words are content: the loader primes the page's words (the
 * server renders them into the page; the browser has them in the page's data), the head takes the
 * description the council wrote for it.
 */
export function contentPage(key: PageKey, meta: { title: string; path: string }) {
  return {
    loader: async ({ context }: { context: RouterContext }) => {
      const page = await context.queryClient.ensureQueryData(context.trpc.site.page.queryOptions({ key }))
      return { description: page.description }
    },
    head: ({
      match,
      loaderData,
    }: {
      match: { context: { site?: PublicSite } }
      loaderData?: { description: string } | undefined
    }) => pageHead({ ...meta, description: loaderData?.description ?? '' }, match.context.site),
  }
}

/** The page's words, as the loader left them in the cache. */
export function usePageContent(key: PageKey): PageView | undefined {
  const trpc = useTRPC()
  return useQuery(trpc.site.page.queryOptions({ key })).data
}

/** A section the page's code names; its definition (shared/schemas/pages.ts) guarantees it is there. */
export function sectionOf(page: PageView, id: string): PageSectionView {
  return page.sections[id] ?? { heading: '', html: '', items: [] }
}
