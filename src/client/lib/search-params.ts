import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router'

/**
 * Query parameters that hold what someone typed: a search, and the registry's ZIP code and listing
 * number. The router's default reads every value as JSON where it can, so `?q=2.0` would be the
 * number 2, `?q=true` a boolean and `?near=78701` a number it would write back quoted; these are
 * read and written as the text they are. Every other parameter keeps the router's default.
 */
const TEXT_PARAMETERS = ['q', 'near', 'number']

export function parseSearch(searchStr: string): Record<string, unknown> {
  const search: Record<string, unknown> = { ...defaultParseSearch(searchStr) }
  const raw = new URLSearchParams(searchStr)
  for (const name of TEXT_PARAMETERS) {
    const value = raw.get(name)
    if (value !== null) search[name] = value
  }
  return search
}

export function stringifySearch(search: Record<string, unknown>): string {
  const written = defaultStringifySearch(search)
  const texts = TEXT_PARAMETERS.filter((name) => typeof search[name] === 'string')
  if (texts.length === 0) return written
  const params = new URLSearchParams(written)
  // set() keeps the parameter where it stood, with its value as typed (not JSON-quoted).
  for (const name of texts) params.set(name, search[name] as string)
  return `?${params}`
}

/**
 * ?subscribed=1 (or =confirm): where the newsletter form posted without JavaScript lands, on every
 * page that shows the form (docs/decisions/030-forms-without-javascript.md). Here, not beside the
 * form, so a route's validateSearch does not bring the form's code into the router's bundle.
 */
export type SubscribedSearch = { subscribed?: 1 | 'confirm' }
export const readSubscribed = ({ subscribed }: Record<string, unknown>): SubscribedSearch =>
  String(subscribed) === '1' ? { subscribed: 1 } : subscribed === 'confirm' ? { subscribed } : {}
