import { PAGE_KEYS, type PageKey } from '../../../shared/page-definitions'

/**
 * The pages screen's address: `page`, the page open in the editor (none: the list of pages). Read
 * by the route file, so it imports only the pages' names.
 */
export type PagesSearch = { page?: PageKey }

export const readPagesSearch = (search: Record<string, unknown>): PagesSearch =>
  typeof search.page === 'string' && (PAGE_KEYS as string[]).includes(search.page)
    ? { page: search.page as PageKey }
    : {}
