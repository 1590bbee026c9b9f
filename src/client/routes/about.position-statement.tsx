import { Box, Button, Container, Flex, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import {
  COUNCIL_DOCUMENTS,
  type CouncilDocument,
  type DocumentBlock,
  documentUrl,
  POSITION_STATEMENT_DATE,
  POSITION_STATEMENT_NUMBER,
} from '../../content/documents'
import { BulletList } from '../components/bullet-list'
import { ComparisonTable } from '../components/comparison-table'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { pageHead } from '../lib/seo'
import { useSite } from '../lib/site'

const POSITION_STATEMENT_SLUG = 'position-statement-mhbot-sc-001'

function findPositionStatement(): CouncilDocument {
  const document = COUNCIL_DOCUMENTS.find((entry) => entry.slug === POSITION_STATEMENT_SLUG)
  if (!document) throw new Error(`Council document ${POSITION_STATEMENT_SLUG} is missing from src/content/documents.ts`)
  return document
}

const POSITION_STATEMENT = findPositionStatement()

/** ISO form of the issue date, for <time dateTime>. */
const POSITION_STATEMENT_ISO_DATE = '2025-10-31'

export const Route = createFileRoute('/about/position-statement')({
  // The council's documents are this page's alone: the loader that reads the description from them
  // goes with the page's chunk, not into every page's first load (docs/decisions/021-first-load-budget.md).
  codeSplitGroupings: [['loader', 'component']],
  loader: () => ({ number: POSITION_STATEMENT_NUMBER, description: POSITION_STATEMENT.description }),
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

function DocumentBlockView({ block, heading }: { block: DocumentBlock; heading: string }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <Text c="dark.6" size="lg" lh={1.7}>
          {block.text}
        </Text>
      )
    case 'bullets':
      return <BulletList items={block.items} spacing="xs" size="lg" c="dark.6" />
    case 'table':
      return (
        <ComparisonTable
          header={block.header}
          rows={block.rows}
          label={`${heading}: comparison table`}
          testId="comparison-table"
        />
      )
  }
}

function PositionStatementPage() {
  const site = useSite()
  const sections = POSITION_STATEMENT.sections(site)

  return (
    <>
      <PageHero title="Position Statement">
        {`${POSITION_STATEMENT_NUMBER} · Issued ${POSITION_STATEMENT_DATE} · Mild Hyperbaric Oxygen as a Wellness Practice. The council’s foundational public reference.`}
      </PageHero>

      <Container size="lg" py={56} component="article" aria-label={POSITION_STATEMENT.title}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="document-meta">
          <Text fw={700} size="xl" c="dark.8" lh={1.4}>
            {POSITION_STATEMENT.title}
          </Text>
          <Flex component="dl" mt="lg" mb={0} gap={{ base: 'md', sm: 48 }} direction={{ base: 'column', sm: 'row' }}>
            {[
              { label: 'Document number', value: POSITION_STATEMENT_NUMBER, testId: 'document-number' },
              {
                label: 'Date issued',
                value: <time dateTime={POSITION_STATEMENT_ISO_DATE}>{POSITION_STATEMENT_DATE}</time>,
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
            <Button component="a" href={documentUrl(POSITION_STATEMENT.slug)}>
              Download PDF
            </Button>
            <Button variant="light" onClick={() => window.print()}>
              Print
            </Button>
          </Group>
        </Paper>

        <Stack gap={48} mt={48}>
          {sections.map((section, sectionIndex) => {
            const headingId = `section-${sectionIndex + 1}`
            return (
              <Box key={section.heading} component="section" aria-labelledby={headingId}>
                <Title order={2} id={headingId}>
                  {section.heading}
                </Title>
                <Stack gap="md" mt="md" maw={section.blocks.some((block) => block.kind === 'table') ? undefined : 860}>
                  {section.blocks.map((block, blockIndex) => (
                    // Blocks are static content in a fixed order; their position is their identity.
                    // biome-ignore lint/suspicious/noArrayIndexKey: static document content
                    <DocumentBlockView key={blockIndex} block={block} heading={section.heading} />
                  ))}
                </Stack>
              </Box>
            )
          })}
        </Stack>
      </Container>

      <DisclaimerBox />
    </>
  )
}
