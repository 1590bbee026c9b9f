import {
  RESOURCE_CATEGORIES,
  type ResourceCategory,
  STUDY_CATEGORIES,
  type StudyCategory,
} from '../../shared/constants'
import { readStudySearch } from '../../shared/text-rules'

/** What the library's address holds: the chosen category and the sort, so a view can be linked. */
export type LibrarySearch = { category?: StudyCategory; sort?: 'title'; q?: string }

/** A check that a value is one of `list`'s categories (the library tabs' address parameter). */
const oneOf =
  <T extends string>(list: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (list as readonly string[]).includes(value)

export const isCategory = oneOf<StudyCategory>(STUDY_CATEGORIES)

/** What the resources page's address holds: the chosen category, as on the research library. */
export type ResourceSearch = { category?: ResourceCategory }

export const isResourceCategory = oneOf<ResourceCategory>(RESOURCE_CATEGORIES)

/** Anything but a known category is dropped, so odd addresses share the plain page and its cache entry. */
export const readResourceSearch = (raw: Record<string, unknown>): ResourceSearch =>
  isResourceCategory(raw.category) ? { category: raw.category } : {}

/**
 * Anything else in the query is dropped, so odd addresses share the plain page (and its cache
 * entry). Read the page's search through this again, not straight from the router: the router lays
 * a route's validated search over the raw query, so a key refused here still holds its raw value
 * there (a NUL or a blank `q` reached the search procedure, which refused it, and the page answered
 * 503). Naming refused keys as undefined here instead would make the server redirect to the
 * address without them.
 */
export function readLibrarySearch(raw: Record<string, unknown>): LibrarySearch {
  const q = readStudySearch(raw.q)
  return {
    ...(isCategory(raw.category) ? { category: raw.category } : {}),
    ...(raw.sort === 'title' ? { sort: 'title' as const } : {}),
    ...(q === undefined ? {} : { q }),
  }
}

/** The sort field's value as the address holds it: only a title sort is named; the newest year is the default. */
export const sortFromField = (value: unknown): LibrarySearch['sort'] => (value === 'title' ? 'title' : undefined)

type StudyRow = { title: string; year: string | null }

/** Newest year first (studies without a year last, in the order they came), or by title. */
export function sortStudies<T extends StudyRow>(studies: T[], sort: LibrarySearch['sort']): T[] {
  const byTitle = (a: T, b: T) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' })
  if (sort === 'title') return [...studies].sort(byTitle)
  const year = (study: T) => (study.year && /^\d{4}$/.test(study.year) ? Number(study.year) : -1)
  return [...studies].sort((a, b) => year(b) - year(a))
}

/** A study link that is a DOI (https://doi.org/10.x/…), as its DOI, for the card to show. */
export function doiOf(url: string): string | null {
  let decoded: string
  try {
    decoded = decodeURI(url).replace(/%2F/gi, '/')
  } catch {
    return null
  }
  const match = /^https?:\/\/(?:dx\.)?doi\.org\/(10\.\d{4,9}\/\S+)$/i.exec(decoded)
  return match?.[1] ?? null
}
