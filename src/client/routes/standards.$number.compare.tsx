import { Anchor, Box, Button, Container, Group, NativeSelect, Paper, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router'
import { VERSION_STATE_LABELS } from '../../shared/constants'
import { DisclaimerBox } from '../components/disclaimer-box'
import { DiffLegend, StandardDiff } from '../components/standard-diff'
import { StandardHero } from '../components/standard-parts'
import { type CompareSearch, comparePath, isStandardNumber, readCompareSearch } from '../components/standard-routing'
import { type PageMeta, pageHead } from '../lib/seo'
import { type RouterOutputs, useTRPC } from '../lib/trpc'

type StandardDocument = NonNullable<RouterOutputs['standards']['document']>

/**
 * The two versions compared: as asked, or else the version in effect (the newest public one when
 * none is) against the public version before it.
 */
function chosenVersions(document: StandardDocument, search: CompareSearch) {
  const labels = document.versions.map((entry) => entry.version)
  const to = search.to ?? document.current?.version ?? labels[0] ?? null
  const from = search.from ?? (to === null ? null : (labels[labels.indexOf(to) + 1] ?? null))
  return { from, to }
}

export const Route = createFileRoute('/standards/$number/compare')({
  // The loader and the page travel together, after the first load of any other page
  // (docs/decisions/021-first-load-budget.md): its helpers stay out of the router's bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: readCompareSearch,
  loaderDeps: ({ search }) => ({ from: search.from, to: search.to }),
  loader: async ({ context, params, deps }) => {
    if (!isStandardNumber(params.number)) throw notFound()
    const document = await context.queryClient.ensureQueryData(
      context.trpc.standards.document.queryOptions({ number: params.number }),
    )
    if (!document) throw notFound()
    const { from, to } = chosenVersions(document, deps)
    if (document.key !== params.number) {
      throw redirect({
        href: from && to ? comparePath(document.key, from, to) : `/standards/${document.key}/compare`,
        statusCode: 301,
      })
    }
    if (from && to) {
      const comparison = await context.queryClient.ensureQueryData(
        context.trpc.standards.compare.queryOptions({ number: document.key, from, to }),
      )
      if (!comparison) throw notFound()
    }
    const meta: PageMeta = {
      title:
        from && to ? `${document.number}: version ${from} compared with ${to}` : `${document.number}: compare versions`,
      description: `What changed between versions of ${document.title}, word by word.`,
      path: `/standards/${document.key}/compare`,
    }
    return { meta }
  },
  // The page's title and description come with its data, from the loader's chunk.
  head: ({ match, loaderData }) => (loaderData ? pageHead(loaderData.meta, match.context.site) : {}),
  component: ComparePage,
})

function ComparePage() {
  const trpc = useTRPC()
  const params = Route.useParams()
  const search = Route.useSearch()
  const document = useQuery(trpc.standards.document.queryOptions({ number: params.number })).data
  const { from, to } = document ? chosenVersions(document, search) : { from: null, to: null }
  const comparison = useQuery({
    ...trpc.standards.compare.queryOptions({ number: params.number, from: from ?? '', to: to ?? '' }),
    enabled: Boolean(from && to),
  })
  if (!document) return null
  const options = document.versions.map((entry) => ({
    value: entry.version,
    label: `${entry.version} (${VERSION_STATE_LABELS[entry.state].toLowerCase()})`,
  }))

  return (
    <>
      <StandardHero title={`Compare versions of ${document.number}`}>{document.title}</StandardHero>
      <Container size="lg" py={56}>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/standards/$number" params={{ number: document.key }} />}
          underline="always"
        >
          {document.number}: the version in effect and its history
        </Anchor>

        {from && to ? (
          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            mt="lg"
            component="section"
            aria-labelledby="choose-heading"
            data-print-hide
          >
            <Title order={2} size="h4" id="choose-heading">
              Choose two versions
            </Title>
            {/* A plain GET form: it works before the page's script has loaded, and without it. */}
            <form method="get" action={`/standards/${document.key}/compare`} data-testid="compare-form">
              <Group align="flex-end" gap="md" mt="sm">
                <NativeSelect
                  name="from"
                  label="From version"
                  size="md"
                  data={options}
                  defaultValue={from}
                  style={{ flex: '1 1 180px' }}
                />
                <NativeSelect
                  name="to"
                  label="To version"
                  size="md"
                  data={options}
                  defaultValue={to}
                  style={{ flex: '1 1 180px' }}
                />
                <Button type="submit" size="md">
                  Compare
                </Button>
              </Group>
            </form>
          </Paper>
        ) : null}

        <Box component="section" aria-labelledby="changes-heading" mt={48}>
          {from && to ? (
            <>
              <Title order={2} id="changes-heading">
                Version {from} compared with version {to}
              </Title>
              <DiffLegend />
              {comparison.data ? (
                <>
                  <Text fw={700} mt="md" data-testid="diff-counts">
                    {comparison.data.inserted === 0 && comparison.data.deleted === 0
                      ? 'The two versions have the same text.'
                      : `${comparison.data.inserted} ${comparison.data.inserted === 1 ? 'word' : 'words'} inserted, ${comparison.data.deleted} ${comparison.data.deleted === 1 ? 'word' : 'words'} deleted.`}
                  </Text>
                  <Text size="sm" c="dark.7" mt={4}>
                    The text is shown as you read it on the page: headings in bold, each list item on a line of its own
                    after “-”, and a table’s cells separated by “|”.
                  </Text>
                  <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} mt="md">
                    <StandardDiff blocks={comparison.data.blocks} />
                  </Paper>
                </>
              ) : comparison.isPending ? (
                <Text mt="md">Loading...</Text>
              ) : (
                <Text mt="md">The comparison could not be loaded. Please try again in a moment.</Text>
              )}
            </>
          ) : (
            <>
              <Title order={2} id="changes-heading">
                Nothing to compare yet
              </Title>
              <Text mt="sm" size="lg">
                {document.number} has one public version so far. Once the council publishes another, this page shows
                what changed.
              </Text>
            </>
          )}
        </Box>
      </Container>
      <DisclaimerBox />
    </>
  )
}
