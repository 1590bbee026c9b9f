import { Anchor, Box, Container, List, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Fragment } from 'react'
import type { SearchGroup, SiteSearchAnswer, SnippetSegment } from '../../shared/search'
import { checkText, SITE_SEARCH_RULE } from '../../shared/text-rules'
import { PageHero } from '../components/page-hero'
import { SearchForm } from '../components/search-form'
import { loadOnServerPrefetchInBrowser } from '../lib/route-data'
import { pageHead } from '../lib/seo'
import { useTRPC } from '../lib/trpc'
import classes from './search.module.css'

type SiteSearch = { q?: string }

/** The address's search as typed: any text (the page says what is wrong with it), else none. */
const readSiteSearch = (raw: Record<string, unknown>): SiteSearch => (typeof raw.q === 'string' ? { q: raw.q } : {})

/** The search to run, or undefined when there is none to run (blank, too long, a character it refuses). */
const runnable = (q: string | undefined) => (q !== undefined && checkText(q, SITE_SEARCH_RULE) === null ? q : undefined)

const DESCRIPTION =
  'Search the council’s pages, questions and answers, standards, research studies, resources and news.'

export const Route = createFileRoute('/search')({
  validateSearch: readSiteSearch,
  // Each search is rendered for its visitor and never kept (docs/decisions/029-site-search.md).
  staticData: { freeText: ['q'] },
  loaderDeps: ({ search }) => ({ q: runnable(search.q) }),
  loader: ({ context, deps }) =>
    deps.q
      ? loadOnServerPrefetchInBrowser(context.queryClient, context.trpc.search.query.queryOptions({ q: deps.q }))
      : undefined,
  head: ({ match }) => {
    const q = runnable(match.search.q)?.trim()
    return pageHead(
      {
        title: q ? `Search results for “${q}”` : 'Search',
        description: DESCRIPTION,
        path: '/search',
        // A page of results is the visitor's own, not a page for search engines; the empty page,
        // the site's search form, is (docs/decisions/029-site-search.md).
        noindex: q ? 'follow' : false,
      },
      match.context.site,
    )
  },
  component: SearchPage,
})

function SearchPage() {
  const trpc = useTRPC()
  const typed = Route.useSearch().q ?? ''
  const q = runnable(typed)
  const found = useQuery({ ...trpc.search.query.queryOptions({ q: q ?? '' }), enabled: q !== undefined })
  // A blank search is not a mistake: the prompt stands in for results. Anything else refused is.
  const blank = typed.trim() === ''
  const problem = q === undefined && !blank ? (checkText(typed, SITE_SEARCH_RULE) ?? undefined) : undefined

  return (
    <>
      <PageHero title="Search">{DESCRIPTION}</PageHero>
      <Container size="md" py={48}>
        <SearchForm value={typed} problem={problem} />
        <Box mt="xl" data-testid="search-outcome">
          {q === undefined ? (
            blank ? (
              <Text size="lg">{SITE_SEARCH_RULE.min.message}</Text>
            ) : null
          ) : found.isPending ? (
            <Text>Searching...</Text>
          ) : found.isError ? (
            <Text>The search could not be run. Please try again in a moment.</Text>
          ) : (
            <SearchResults answer={found.data} />
          )}
        </Box>
      </Container>
    </>
  )
}

const quoted = (q: string) => `“${q.trim()}”`

function SearchResults({ answer }: { answer: SiteSearchAnswer }) {
  const count = answer.groups.reduce((total, group) => total + group.results.length, 0)
  if (count === 0) return <NoResults q={answer.q} />
  return (
    <>
      <Text size="lg" role="status">
        {`${count === 1 ? '1 result' : `${count} results`} for ${quoted(answer.q)}`}
      </Text>
      {answer.groups.map((group) => (
        <ResultGroup key={group.kind} group={group} />
      ))}
    </>
  )
}

function ResultGroup({ group }: { group: SearchGroup }) {
  const headingId = `results-${group.kind}`
  return (
    <Box component="section" aria-labelledby={headingId} mt={40} data-testid={`results-${group.kind}`}>
      <Title order={2} size="h3" id={headingId}>
        {group.label}
      </Title>
      <ol className={classes.results}>
        {group.results.map((result) => (
          <li key={result.url}>
            <Title order={3} size="h5" lh={1.4}>
              <Anchor href={result.url} c="ocean.8" inherit underline="always">
                {result.title}
              </Anchor>
            </Title>
            {result.snippet.length > 0 ? (
              <Text mt={4} lh={1.6} c="dark.7" className={classes.snippet}>
                <Snippet segments={result.snippet} />
              </Text>
            ) : null}
          </li>
        ))}
      </ol>
    </Box>
  )
}

/** The snippet's words as text; the matching ones in <mark>. Never HTML from the server. */
function Snippet({ segments }: { segments: SnippetSegment[] }) {
  return segments.map((segment, index) =>
    // The segments are a fixed list: their places are their keys.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    segment.marked ? <mark key={index}>{segment.text}</mark> : <Fragment key={index}>{segment.text}</Fragment>,
  )
}

const PLACES = [
  { to: '/faq', label: 'Frequently asked questions' },
  { to: '/education', label: 'Education' },
  { to: '/safety', label: 'Safety & Standards' },
  { to: '/research', label: 'Research Library' },
  { to: '/resources', label: 'Educational Resources' },
] as const

function NoResults({ q }: { q: string }) {
  return (
    <Box data-testid="no-results" role="status">
      <Title order={2} size="h3">
        {`No results for ${quoted(q)}`}
      </Title>
      <Text mt="sm" size="lg">
        Check the spelling, or try fewer or more general words. These pages cover most questions:
      </Text>
      <List mt="sm" spacing="xs" size="lg">
        {PLACES.map((place) => (
          <List.Item key={place.to}>
            <Anchor component={Link} to={place.to} underline="always">
              {place.label}
            </Anchor>
          </List.Item>
        ))}
      </List>
      <Text mt="md" size="lg">
        Still stuck?{' '}
        <Anchor component={Link} to="/contact" underline="always">
          Ask the council
        </Anchor>
        .
      </Text>
    </Box>
  )
}
