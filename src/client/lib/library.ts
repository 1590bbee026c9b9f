import { STUDY_CATEGORIES, type StudyCategory } from '../../shared/constants'
import { LONE_SURROGATE } from '../../shared/unicode'

/** What the library's address holds: the chosen category and the sort, so a view can be linked. */
export type LibrarySearch = { category?: StudyCategory; sort?: 'title'; q?: string }

export const isCategory = (value: unknown): value is StudyCategory =>
  typeof value === 'string' && (STUDY_CATEGORIES as readonly string[]).includes(value)

/** Text the database can search: not empty, no NUL, no lone surrogate (either would fail the query). */
const isSearchable = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && !value.includes('\u0000') && !LONE_SURROGATE.test(value)

/** Anything else in the query is dropped, so odd addresses share the plain page (and its cache entry). */
export function readLibrarySearch(raw: Record<string, unknown>): LibrarySearch {
  return {
    ...(isCategory(raw.category) ? { category: raw.category } : {}),
    ...(raw.sort === 'title' ? { sort: 'title' as const } : {}),
    ...(isSearchable(raw.q) ? { q: raw.q.trim().slice(0, 200) } : {}),
  }
}

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
