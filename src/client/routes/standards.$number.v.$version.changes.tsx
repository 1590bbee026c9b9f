import { Container, Paper, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { DisclaimerBox } from '../components/disclaimer-box'
import { DiffLegend, StandardDiff } from '../components/standard-diff'
import { StandardDate, StandardHero, VersionLinks } from '../components/standard-parts'
import { isStandardNumber, isVersionLabel } from '../components/standard-routing'
import { type PageMeta, pageHead } from '../lib/seo'
import { useTRPC } from '../lib/trpc'

/**
 * What changed in a version's text during its public review: the text the review opened with
 * against the text now (issue 40, item 2). Due process in the open: a reader, and every commenter,
 * can see that the text they commented on was changed, and how.
 */
export const Route = createFileRoute('/standards/$number/v/$version/changes')({
  // The loader and the page travel together, after the first load of any other page
  // (docs/decisions/021-first-load-budget.md): its helpers stay out of the router's bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context, params }) => {
    if (!isStandardNumber(params.number) || !isVersionLabel(params.version)) throw notFound()
    const changes = await context.queryClient.ensureQueryData(
      context.trpc.standards.changes.queryOptions({ number: params.number, version: params.version }),
    )
    if (!changes) throw notFound()
    if (changes.key !== params.number) {
      throw redirect({
        to: '/standards/$number/v/$version/changes',
        params: { number: changes.key, version: changes.version },
        statusCode: 301,
      })
    }
    const meta: PageMeta = {
      title: `${changes.number} version ${changes.version}: changes during its review`,
      description: `How the text of version ${changes.version} of ${changes.title} changed during its public review, word by word.`,
      path: `/standards/${changes.key}/v/${changes.version}/changes`,
    }
    return { meta }
  },
  head: ({ match, loaderData }) => (loaderData ? pageHead(loaderData.meta, match.context.site) : {}),
  component: ChangesPage,
})

function ChangesPage() {
  const trpc = useTRPC()
  const params = Route.useParams()
  const changes = useQuery(trpc.standards.changes.queryOptions({ number: params.number, version: params.version })).data
  if (!changes) return null
  const unchanged = changes.inserted === 0 && changes.deleted === 0

  return (
    <>
      <StandardHero title={`Changes to ${changes.number} version ${changes.version} during its review`}>
        {changes.title}
      </StandardHero>
      <Container size="lg" py={56}>
        <Text size="lg" c="dark.7" lh={1.7} maw={860}>
          The public review opened on <StandardDate value={changes.reviewOpenedAt} />.{' '}
          {changes.textChangedAt ? (
            <>
              The council changed the text since ({changes.textRevision} {changes.textRevision === 1 ? 'time' : 'times'}
              , last on <StandardDate value={changes.textChangedAt} />
              ). Below, the text the review opened with is compared with the text as it stands now.
            </>
          ) : (
            'The text has not changed since.'
          )}
        </Text>
        <VersionLinks documentKey={changes.key} number={changes.number} version={changes.version} />
        <Title order={2} mt={48} id="changes-heading">
          The text as the review opened, compared with the text now
        </Title>
        <DiffLegend />
        <Text fw={700} mt="md" data-testid="diff-counts">
          {unchanged
            ? 'The two texts are the same.'
            : `${changes.inserted} ${changes.inserted === 1 ? 'word' : 'words'} inserted, ${changes.deleted} ${changes.deleted === 1 ? 'word' : 'words'} deleted.`}
        </Text>
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} mt="md">
          <StandardDiff blocks={changes.blocks} />
        </Paper>
      </Container>
      <DisclaimerBox />
    </>
  )
}
