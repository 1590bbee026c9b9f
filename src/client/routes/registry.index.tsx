import { Anchor, Box, Container, Paper, Text, Title } from '@mantine/core'
import { createFileRoute, Link, redirect } from '@tanstack/react-router'
import {
  normalizeListingNumber,
  REGISTRY_FEED_PATH,
  REGISTRY_MEANING,
  REGISTRY_NOT_MEANING,
} from '../../shared/registry'
import { APPLY_INVITATION } from '../../shared/registry-applications'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { listSearch, readRegistrySearch } from '../components/registry-routing'
import { RegistryResults, registryAnswerOptions, useRegistryView } from '../components/registry-search'
import { ResponsiveGrid } from '../components/responsive-grid'
import { deferredPart } from '../lib/deferred-part'
import { loadOnServerPrefetchInBrowser } from '../lib/route-data'
import { type PageMeta, pageHead } from '../lib/seo'

const DESCRIPTION =
  'The council’s registry of facilities and chamber models that declare they follow its published standards: check a listing number, search by name or place, and read each listing’s status.'

export const Route = createFileRoute('/registry/')({
  validateSearch: readRegistrySearch,
  // Words, a ZIP code and a typed number are rendered for their visitor and never kept: each
  // distinct text would be an entry (docs/decisions/029-site-search.md). A kind or a status is kept.
  staticData: { freeText: ['q', 'near', 'number'] },
  // The loader and the page travel together, after the first load of any other page
  // (docs/decisions/021-first-load-budget.md): the registry's words stay out of the router's bundle.
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => readRegistrySearch(search),
  loader: async ({ context, deps }) => {
    // "Check a listing": a number that is a listing's goes to its page (a 303, as a form's answer
    // is); one that is not stays here and says so, without a list of numbers that are near it.
    if (deps.number !== undefined) {
      const wanted = normalizeListingNumber(deps.number)
      if (wanted !== null) {
        const listing = await context.queryClient.ensureQueryData(
          context.trpc.registry.listing.queryOptions({ number: wanted }),
        )
        if (listing) throw redirect({ to: '/registry/$number', params: { number: listing.key }, statusCode: 303 })
      }
    }
    await Promise.all([
      loadOnServerPrefetchInBrowser(context.queryClient, context.trpc.registry.standards.queryOptions()),
      deps.number === undefined
        ? loadOnServerPrefetchInBrowser(context.queryClient, registryAnswerOptions(context.trpc, deps))
        : undefined,
    ])
    const { page: _page, ...asked } = listSearch(deps)
    const meta: PageMeta = {
      title: 'Registry',
      description: DESCRIPTION,
      path: '/registry',
      // A search's results are the visitor's own; the registry itself is for search engines.
      noindex: Object.keys(asked).length > 0 || deps.number !== undefined ? 'follow' : false,
    }
    return { meta }
  },
  // The title and description come from the loader's chunk: the page's words stay out of the
  // router's bundle, which every page loads (docs/decisions/021-first-load-budget.md).
  head: ({ match, loaderData }) => (loaderData ? pageHead(loaderData.meta, match.context.site) : {}),
  component: RegistryPage,
})

// The two forms come when the visitor approaches one (docs/decisions/059-forms-hydrate-on-approach.md).
const CheckListingPart = deferredPart('registry-check', () =>
  import('../components/registry-forms').then((module) => module.CheckListingForm),
)
const RegistrySearchPart = deferredPart('registry-search', () =>
  import('../components/registry-forms').then((module) => module.RegistrySearchForm),
)

function RegistryPage() {
  const { address, checked, answer } = useRegistryView()

  return (
    <>
      <PageHero title="Registry">
        Facilities that give mild hyperbaric sessions, and chamber models, whose makers or operators declare that they
        follow the council’s published standards: each with its listing number, its status and its dates.
      </PageHero>
      <Container size="lg" py={48}>
        <ResponsiveGrid template={{ base: 'minmax(0, 1fr)', md: '7fr 5fr' }} spacing={40}>
          <Box component="section" aria-labelledby="meaning-heading">
            <Title order={2} id="meaning-heading">
              What a listing means
            </Title>
            <Text mt="md" size="lg" lh={1.7} c="dark.7" data-testid="registry-meaning">
              {REGISTRY_MEANING}
            </Text>
            <Text mt="md" size="lg" lh={1.7} c="dark.7" data-testid="registry-not-meaning">
              {REGISTRY_NOT_MEANING}
            </Text>
            <Text mt="md" c="dark.7">
              A facility or a chamber maker that follows the council’s standards may{' '}
              <Anchor component={Link} to="/registry/apply" underline="always" fw={600}>
                {APPLY_INVITATION.toLowerCase()}
              </Anchor>
              .
            </Text>
            <Text mt="md" c="dark.7">
              Every change of status is published with the council’s reason:{' '}
              <Anchor href={REGISTRY_FEED_PATH} underline="always">
                follow the changes (Atom feed)
              </Anchor>
              .
            </Text>
          </Box>
          <Paper
            component="section"
            aria-labelledby="check-listing-heading"
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            style={{ alignSelf: 'start' }}
          >
            <Title order={2} size="h3" id="check-listing-heading">
              Check a listing
            </Title>
            <Text mt="xs" mb="md" c="dark.7">
              Type the number a facility or a maker shows you to see its listing and its current status.
            </Text>
            <CheckListingPart />
          </Paper>
        </ResponsiveGrid>

        {/* The listings are searched in their own table, each linked to its page (the site search);
            this page's own words are its meaning and its boxes (docs/decisions/029-site-search.md). */}
        <Box component="section" aria-labelledby="search-heading" mt={56} data-nosearch>
          <Title order={2} id="search-heading" mb="md">
            Search the registry
          </Title>
          <RegistrySearchPart />
          {checked === undefined ? (
            answer.isError ? (
              <Text mt="lg" fw={600} role="status" data-testid="count-line">
                The registry could not be searched. Please try again in a moment.
              </Text>
            ) : (
              <RegistryResults answer={answer.data} address={address} loading={answer.isPending} />
            )
          ) : null}
        </Box>
      </Container>
      <DisclaimerBox />
    </>
  )
}
