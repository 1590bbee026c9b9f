/*
 * What the registry's routes need in the router's own bundle, which every page loads: how they
 * read their address. Nothing here imports the registry's words (src/shared/registry.ts) or its zod
 * schemas: a chunk takes a module whole (docs/decisions/021-first-load-budget.md), and the server
 * parses what the page asks for with RegistrySearchSchema anyway, answering a refusal the page shows.
 */

/** What /registry's address holds. Absent means the default: words none, every kind, listed, page 1. */
export type RegistryAddress = {
  q?: string
  kind?: 'facility' | 'chamber'
  standard?: string
  status?: 'suspended' | 'withdrawn' | 'expired' | 'all'
  near?: string
  page?: number
  /** The "Check a listing" box: a listing number as it was typed. */
  number?: string
}

/** Longer than any field the server takes: past this a value is not worth sending to be refused. */
const TYPED_MAX = 1000

/**
 * A typed field as written, or undefined when blank: a form without JavaScript sends an empty field
 * for one left blank. The router reads `?near=78701` as a number; it is the text it was. Never
 * rewritten (trimmed, cut): the server redirects an address whose search its route rewrites.
 */
function typed(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value
  if (typeof text !== 'string' || text.trim() === '' || text.length > TYPED_MAX) return undefined
  return text
}

const STATUSES = ['suspended', 'withdrawn', 'expired', 'all'] as const

/** What was typed, kept as written for the server to judge (words, a standard, a ZIP code, a listing number). */
const TYPED_FIELDS = ['q', 'standard', 'near', 'number'] as const

/**
 * The address's search. A kind or a status the page does not know is dropped (odd addresses share
 * the plain page); what someone typed is kept as written and the server says what is wrong with it,
 * beside its field. `status=listed` is the default and is dropped, so /registry and
 * /registry?status=listed are one page.
 */
export function readRegistrySearch(raw: Record<string, unknown>): RegistryAddress {
  const read: RegistryAddress = {}
  for (const name of TYPED_FIELDS) {
    const text = typed(raw[name])
    if (text !== undefined) read[name] = text
  }
  if (raw.kind === 'facility' || raw.kind === 'chamber') read.kind = raw.kind
  const status = STATUSES.find((known) => known === raw.status)
  if (status) read.status = status
  const page = Number(raw.page)
  if (Number.isInteger(page) && page > 1 && page <= 10_000) read.page = page
  return read
}

/** The search the list is asked for: the address without the listing-number box. */
export function listSearch(address: RegistryAddress): Omit<RegistryAddress, 'number'> {
  const { number: _checked, ...search } = address
  return search
}
