import { ADMIN_SEARCH_MAX } from '../../../shared/constants'

/**
 * An admin list's search lives in the address (`?q=`), so the activity log can link to what it names.
 * Read by every admin route file, which the router's own bundle carries (only route components are
 * split off): so this module imports nothing but a constant, and no admin code reaches a public page.
 */
export type ListSearch = { q?: string }

/** Every admin route's validateSearch: a text `q`, or none. */
export const readListSearch = (search: Record<string, unknown>): ListSearch =>
  typeof search.q === 'string' && search.q.trim() ? { q: search.q.trim().slice(0, ADMIN_SEARCH_MAX) } : {}
