import { type ListSearch, readListSearch } from '../ui/list-search'

/**
 * The news screen's address: its list's `q`, and `post`, a post to open in the editor (the draft a
 * standard's "Tell subscribers" made). Read by the route file, so it imports only the list search.
 */
export type NewsSearch = ListSearch & { post?: number }

export const readNewsSearch = (search: Record<string, unknown>): NewsSearch => {
  const post = Number(search.post)
  return { ...readListSearch(search), ...(Number.isInteger(post) && post > 0 && post < 2 ** 31 ? { post } : {}) }
}
