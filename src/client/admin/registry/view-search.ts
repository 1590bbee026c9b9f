import { APPLICATION_STATES, CONCERN_STATES } from '../../../shared/registry-applications'
import { type ListSearch, readListSearch } from '../ui/list-search'

/**
 * The registry screen's address: which view is shown (listings by default), the queue's state and
 * the application or concern open in it, so that a link (the activity log's, a colleague's) opens
 * the same screen. Read by the route file, which the router's own bundle carries: it imports only
 * the shared words and the list search. Anything unknown is dropped, never trusted.
 */
export const REGISTRY_VIEWS = ['listings', 'applications', 'concerns'] as const
export type RegistryView = (typeof REGISTRY_VIEWS)[number]

export const APPLICATION_FILTERS = ['open', ...APPLICATION_STATES, 'all'] as const
export type ApplicationFilter = (typeof APPLICATION_FILTERS)[number]
export const CONCERN_FILTERS = ['open', ...CONCERN_STATES, 'all'] as const
export type ConcernFilter = (typeof CONCERN_FILTERS)[number]

export type RegistrySearch = ListSearch & {
  view?: Exclude<RegistryView, 'listings'>
  /** The queue's state; `open` (the default) is left out of the address. */
  state?: string
  application?: string
  concern?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const isId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value)
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value)

export function readRegistrySearch(search: Record<string, unknown>): RegistrySearch {
  const read: RegistrySearch = readListSearch(search)
  if (search.view === 'applications') {
    read.view = 'applications'
    if (oneOf(APPLICATION_FILTERS, search.state) && search.state !== 'open') read.state = search.state
    if (isId(search.application)) read.application = search.application.toLowerCase()
  } else if (search.view === 'concerns') {
    read.view = 'concerns'
    if (oneOf(CONCERN_FILTERS, search.state) && search.state !== 'open') read.state = search.state
    if (isId(search.concern)) read.concern = search.concern.toLowerCase()
  }
  return read
}

/** The state a queue shows: the address's, when it is one of the queue's, else the open ones. */
export const applicationFilter = (state: string | undefined): ApplicationFilter =>
  oneOf(APPLICATION_FILTERS, state) ? state : 'open'
export const concernFilter = (state: string | undefined): ConcernFilter =>
  oneOf(CONCERN_FILTERS, state) ? state : 'open'
