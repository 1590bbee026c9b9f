import { Anchor, Box, Button, Container, Flex, Group, Paper, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
// From the facts, which every page loads already (the footer's disclaimer), not from the documents,
// which a chunk would take whole (docs/decisions/021-first-load-budget.md).
import { POSITION_STATEMENT_NUMBER } from '../../content/facts'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { PrintButton } from '../components/print-button'
import { StandardBody } from '../components/standard-body'
import { ReviewCallout, StandardDate, standardDate } from '../components/standard-parts'
import { standardPdfPath } from '../components/standard-routing'
import { pageHead } from '../lib/seo'
import { useSite } from '../lib/site'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/about/position-statement')({
  // The loader goes with the page's chunk, not into every page's first load
  // (docs/decisions/021-first-load-budget.md).
  codeSplitGroupings: [['loader', 'component']],
  // The text is the version of MHBOT-SC/001 in effect (docs/decisions/028-standards-as-versioned-documents.md).
  loader: async ({ context }) => {
    const document = await context.queryClient.ensureQueryData(
      context.trpc.standards.document.queryOptions({ number: POSITION_STATEMENT_NUMBER }),
    )
    if (!document?.current) throw notFound()
    return { number: document.number, description: document.description }
  },
  head: ({ match, loaderData }) =>
    pageHead(
      {
        title: `Position Statement ${loaderData?.number ?? ''}`,
        description: loaderData?.description ?? '',
        path: '/about/position-statement',
      },
      match.context.site,
    ),
  component: PositionStatementPage,
})

/** "Position Statement MHBOT-SC/001: Mild Hyperbaric Oxygen as a Wellness Practice" → what follows the number. */
const subtitleOf = (title: string) => {
  const colon = title.indexOf(': ')
  return colon === -1 ? title : title.slice(colon + 2)
}

function PositionStatementPage() {
  const site = useSite()
  const trpc = useTRPC()
  const document = useQuery(trpc.standards.document.queryOptions({ number: POSITION_STATEMENT_NUMBER })).data
  const current = document?.current
  if (!document || !current) return null
  const issued = standardDate(current.effectiveDate)

  return (
    <>
      <PageHero title="Position Statement">
        {`${document.number} · Issued ${issued} · ${subtitleOf(document.title)}. The council’s foundational public reference.`}
      </PageHero>

      <Container size="lg" py={56} component="article" aria-label={document.title}>
        {document.review ? (
          <Box mb="xl" data-print-hide>
            <ReviewCallout documentKey={document.key} review={document.review} />
          </Box>
        ) : null}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="document-meta">
          <Text fw={700} size="xl" c="dark.8" lh={1.4}>
            {document.title}
          </Text>
          <Flex component="dl" mt="lg" mb={0} gap={{ base: 'md', sm: 48 }} direction={{ base: 'column', sm: 'row' }}>
            {[
              { label: 'Document number', value: document.number, testId: 'document-number' },
              {
                label: 'Date issued',
                value: <StandardDate value={current.effectiveDate} />,
                testId: 'document-date',
              },
              { label: 'Issued by', value: site.name, testId: 'document-issuer' },
            ].map((item) => (
              <div key={item.label}>
                <Text component="dt" size="sm" fw={600} tt="uppercase" c="dark.6" style={{ letterSpacing: 0.5 }}>
                  {item.label}
                </Text>
                <Text
                  component="dd"
                  m={0}
                  mt={4}
                  fz={{ base: 'lg', sm: 'xl' }}
                  fw={700}
                  c="dark.9"
                  data-testid={item.testId}
                >
                  {item.value}
                </Text>
              </div>
            ))}
          </Flex>
          <Group mt="xl" data-print-hide>
            <Button component="a" href={standardPdfPath(document.key, current.version)}>
              Download PDF
            </Button>
            <Anchor
              renderRoot={(props) => <Link {...props} to="/standards/$number" params={{ number: document.key }} />}
              underline="always"
            >
              Version history
            </Anchor>
            <PrintButton />
          </Group>
        </Paper>

        <Box mt={48}>
          <StandardBody html={current.html} tableNoun="comparison table" testId="standard-body" />
        </Box>
      </Container>

      <DisclaimerBox />
    </>
  )
}
