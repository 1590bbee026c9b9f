import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import {
  LISTING_KIND_LABELS,
  normalizeListingNumber,
  REGISTRY_EMPTY,
  REGISTRY_HOW_TO_BE_LISTED,
  REGISTRY_NO_MATCH,
} from '../../shared/registry'
import type { ListingSummary, RegistryPage } from '../../shared/schemas/registry'
import { type Trpc, useTRPC } from '../lib/trpc'
import { distanceWords, ListingStatusBadge, placeLine } from './registry-parts'
import classes from './registry-parts.module.css'
import { listSearch, type RegistryAddress, readRegistrySearch } from './registry-routing'
import { StandardDate } from './standard-parts'

/*
 * The /registry page's parts: what the page shows (useRegistryView), the results and their pages.
 * Its two forms are in registry-forms.tsx.
 */

/** What the search form's fields may be told by the server: its sentence for each, or for the whole search. */
export type SearchProblem = { message: string; fields: Partial<Record<SearchField, string>> }
type SearchField = 'q' | 'kind' | 'standard' | 'status' | 'near' | 'page'
const SEARCH_FIELDS: readonly SearchField[] = ['q', 'kind', 'standard', 'status', 'near', 'page']

/** The list's answer: the page of listings, or the server's reason for refusing the search. */
export type RegistryAnswer = { page: RegistryPage; problem: null } | { page: null; problem: SearchProblem }

/** The 4xx a refused search is answered with, read from a tRPC client error without trusting its shape. */
function refusal(error: unknown): SearchProblem | null {
  if (!(error instanceof Error)) return null
  const data = (error as { data?: unknown }).data
  if (typeof data !== 'object' || data === null) return null
  const { httpStatus, fields } = data as { httpStatus?: unknown; fields?: unknown }
  if (typeof httpStatus !== 'number' || httpStatus < 400 || httpStatus >= 500 || httpStatus === 429) return null
  const known: SearchProblem['fields'] = {}
  if (typeof fields === 'object' && fields !== null) {
    for (const name of SEARCH_FIELDS) {
      const text = (fields as Record<string, unknown>)[name]
      if (typeof text === 'string') known[name] = text
    }
  }
  return { message: error.message, fields: known }
}

/**
 * The registry's list as the page reads it. A search the server refuses (a ZIP code it does not
 * know, words too long) is an answer to show beside its field, not a failed query: a failed query
 * would make the server's render a 503 (src/server/plugins/ssr.ts) where the visitor should read why.
 */
export function registryAnswerOptions(trpc: Trpc, address: RegistryAddress) {
  const search = listSearch(address)
  const list = trpc.registry.list.queryOptions(search)
  return queryOptions({
    queryKey: ['registry-answer', search] as const,
    queryFn: async (context): Promise<RegistryAnswer> => {
      const run = list.queryFn
      if (typeof run !== 'function') throw new Error('registry.list has no query function')
      try {
        // tRPC's function reads its input from the key it is given: it is given its own.
        const page = (await run({ ...context, queryKey: list.queryKey } as never)) as RegistryPage
        return { page, problem: null }
      } catch (error) {
        const problem = refusal(error)
        if (!problem) throw error
        // A refusal about the ZIP code itself, when the server named no field: the box it concerns.
        if (Object.keys(problem.fields).length === 0 && search.near !== undefined && /ZIP/.test(problem.message)) {
          problem.fields.near = problem.message
        }
        return { page: null, problem }
      }
    },
  })
}

/** Whether the address asks for anything but the default list (every listed listing, page 1). */
/**
 * What the /registry page shows, read from its address and the query cache: the page and its two
 * forms each call it (the forms are deferred parts that must not take the page's props:
 * docs/decisions/059-forms-hydrate-on-approach.md), and share its queries.
 */
export function useRegistryView() {
  const trpc = useTRPC()
  const address = readRegistrySearch(useSearch({ from: '/registry/' }))
  const navigate = useNavigate({ from: '/registry/' })
  const standards = useQuery(trpc.registry.standards.queryOptions())
  const checked = address.number
  const wanted = checked === undefined ? null : normalizeListingNumber(checked)
  const listing = useQuery({
    ...trpc.registry.listing.queryOptions({ number: wanted ?? '' }),
    enabled: wanted !== null,
  })
  const notFound = checked !== undefined && (wanted === null || listing.data === null)
  const answer = useQuery({ ...registryAnswerOptions(trpc, address), enabled: checked === undefined })
  return { address, navigate, standards, checked, notFound, answer }
}

export const isFiltered = (address: RegistryAddress) => {
  const { page: _page, ...search } = listSearch(address)
  return Object.keys(search).length > 0
}

// ---------------------------------------------------------------------------------------------
// The results

const listingsFound = (total: number) => `${total} ${total === 1 ? 'listing' : 'listings'} found`

/** The count line: how many, near where, which of them this page shows. */
export function countLine(page: RegistryPage): string {
  const near = page.near ? `, nearest first to ${page.near.place} (${page.near.zip})` : ''
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize))
  if (pages === 1) return `${listingsFound(page.total)}${near}`
  const first = (page.page - 1) * page.pageSize + 1
  const last = Math.min(page.total, page.page * page.pageSize)
  return `${listingsFound(page.total)}${near}; ${first} to ${last} shown`
}

export function RegistryResults({
  answer,
  address,
  loading,
}: {
  answer: RegistryAnswer | undefined
  address: RegistryAddress
  loading: boolean
}) {
  if (loading || answer === undefined) {
    return (
      <Text mt="lg" fw={600} aria-live="polite" data-testid="count-line">
        Loading...
      </Text>
    )
  }
  if (answer.problem) {
    // Each field's sentence is beside its field; one that names none stands here.
    const beside = Object.keys(answer.problem.fields).length > 0
    return (
      <Text mt="lg" fw={600} role="status" data-testid="count-line">
        {beside ? 'The search was not run: see the message beside the field.' : answer.problem.message}
      </Text>
    )
  }
  const page = answer.page
  return (
    <>
      <Text mt="lg" fw={600} aria-live="polite" data-testid="count-line">
        {countLine(page)}
      </Text>
      {page.items.length === 0 ? (
        <RegistryEmpty filtered={isFiltered(address)} />
      ) : (
        <ul className={classes.results} data-testid="registry-results">
          {page.items.map((listing) => (
            <li key={listing.key}>
              <ListingCard listing={listing} />
            </li>
          ))}
        </ul>
      )}
      <RegistryPager page={page} address={address} />
    </>
  )
}

function ListingCard({ listing }: { listing: ListingSummary }) {
  const headingId = `listing-${listing.key}`
  const place = listing.kind === 'facility' ? placeLine(listing) : null
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={headingId}
      data-testid="listing-card"
      className={classes.card}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} c="dark.6" tt="uppercase" className={classes.eyebrow}>
          {LISTING_KIND_LABELS[listing.kind]} · <span className={classes.number}>{listing.number}</span>
        </Text>
        <ListingStatusBadge status={listing.status} />
      </Group>
      <Title order={3} size="h4" mt={6} lh={1.35} id={headingId} className={classes.name}>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/registry/$number" params={{ number: listing.key }} />}
          c="ocean.8"
          inherit
        >
          {listing.name}
        </Anchor>
      </Title>
      <Stack gap={2} mt={6}>
        {place ? <Text c="dark.7">{place}</Text> : null}
        {listing.kind === 'chamber' && listing.organisationName !== listing.manufacturer ? (
          <Text c="dark.7">{listing.organisationName}</Text>
        ) : null}
        {listing.distanceKm !== null ? (
          <Text c="dark.7" data-testid="listing-distance">
            {distanceWords(listing.distanceKm)} away
          </Text>
        ) : null}
        <Text size="sm" c="dark.6">
          Listed on <StandardDate value={listing.listedOn} />, expires on <StandardDate value={listing.expiresOn} />
        </Text>
      </Stack>
    </Paper>
  )
}

/** No listing at all yet, or none that matches: what that means, and how to be listed. */
function RegistryEmpty({ filtered }: { filtered: boolean }) {
  return (
    <Stack gap="xs" py={40} data-testid="empty-state">
      <Text fw={700} size="lg" c="dark.8">
        {filtered ? REGISTRY_NO_MATCH : REGISTRY_EMPTY}
      </Text>
      {filtered ? (
        <Text c="dark.7">
          Try fewer words, another status or kind, or{' '}
          <Anchor component={Link} to="/registry" underline="always">
            every listed facility and chamber model
          </Anchor>
          .
        </Text>
      ) : (
        <>
          <Text c="dark.7">{REGISTRY_HOW_TO_BE_LISTED}</Text>
          <Anchor component={Link} to="/registry/apply" underline="always" fw={600}>
            Apply to be listed
          </Anchor>
        </>
      )}
    </Stack>
  )
}

/** Previous, next and where this page is, as links that keep the search. */
function RegistryPager({ page, address }: { page: RegistryPage; address: RegistryAddress }) {
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize))
  if (pages <= 1) return null
  const search = listSearch(address)
  const at = (n: number) => ({ ...search, page: n > 1 ? n : undefined })
  return (
    <nav aria-label="Registry pages" className={classes.pager}>
      {page.page > 1 ? (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/registry" search={at(page.page - 1)} />}
          underline="always"
          fw={600}
        >
          Previous page
        </Anchor>
      ) : null}
      <Text c="dark.7">
        Page {page.page} of {pages}
      </Text>
      {page.page < pages ? (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/registry" search={at(page.page + 1)} />}
          underline="always"
          fw={600}
        >
          Next page
        </Anchor>
      ) : null}
    </nav>
  )
}
