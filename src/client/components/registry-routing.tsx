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

/**
 * The address's search. A kind or a status the page does not know is dropped (odd addresses share
 * the plain page); what someone typed (words, a standard, a ZIP code, a listing number) is kept as
 * written and the server says what is wrong with it, beside its field. `status=listed` is the
 * default and is dropped, so /registry and /registry?status=listed are one page.
 */
export function readRegistrySearch(raw: Record<string, unknown>): RegistryAddress {
  const q = typed(raw.q)
  const standard = typed(raw.standard)
  const near = typed(raw.near)
  const number = typed(raw.number)
  const page = Number(raw.page)
  const status = STATUSES.find((known) => known === raw.status)
  return {
    ...(q === undefined ? {} : { q }),
    ...(raw.kind === 'facility' || raw.kind === 'chamber' ? { kind: raw.kind } : {}),
    ...(standard === undefined ? {} : { standard }),
    ...(status === undefined ? {} : { status }),
    ...(near === undefined ? {} : { near }),
    ...(Number.isInteger(page) && page > 1 && page <= 10_000 ? { page } : {}),
    ...(number === undefined ? {} : { number }),
  }
}

/** The search the list is asked for: the address without the listing-number box. */
export function listSearch(address: RegistryAddress): Omit<RegistryAddress, 'number'> {
  const { number: _checked, ...search } = address
  return search
}

/**
 * A listing's address key as the server writes it (MHBOT-SC-L-0001), or anything else typed in
 * the path. Only a shape check before asking the server: a longer or stranger path cannot be a
 * listing, so it is the not-found page without a call that would be refused.
 */
export const couldBeListingNumber = (value: string) => value.length <= 60 && /^[A-Za-z0-9 ._/-]+$/.test(value)
