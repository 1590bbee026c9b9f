import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { ReviewCallout, StandardDate, VersionStateBadge } from '../components/standard-parts'
import { loadOnServerPrefetchInBrowser } from '../lib/route-data'
import { routeHead } from '../lib/seo'
import { type RouterOutputs, useTRPC } from '../lib/trpc'

const DESCRIPTION =
  'The council’s standards: its position statement and guides, each with its current version, its history, and any public review open for comment.'

export const Route = createFileRoute('/standards/')({
  loader: ({ context }) =>
    loadOnServerPrefetchInBrowser(context.queryClient, context.trpc.standards.list.queryOptions()),
  head: routeHead({ title: 'Standards', description: DESCRIPTION, path: '/standards' }),
  component: StandardsPage,
})

type Listed = RouterOutputs['standards']['list'][number]

const KIND_LABELS: Record<Listed['kind'], string> = { 'position statement': 'Position statement', guide: 'Guide' }

function StandardsPage() {
  const trpc = useTRPC()
  const list = useQuery(trpc.standards.list.queryOptions())
  const documents = list.data ?? []

  return (
    <>
      <PageHero title="Standards">
        The council’s standards are the documents it publishes for everyone who offers, builds or uses mild hyperbaric
        sessions: its position statement and its guides.
      </PageHero>
      <Container size="lg" py={56}>
        <Stack gap="sm" maw={860}>
          <Text size="lg" c="dark.6" lh={1.7}>
            Each document keeps its number for life. When the council revises one, the revision is a new version, and
            every earlier version stays here to read.
          </Text>
          <Text size="lg" c="dark.6" lh={1.7}>
            Before a new version takes effect, it goes through a public review: anyone can read the draft and send a
            comment. The council answers every comment in writing and publishes the comments with its answers when the
            version is published.
          </Text>
        </Stack>

        <Title order={2} mt={48} id="documents-heading">
          Documents
        </Title>
        {list.isPending ? (
          <Text mt="md">Loading...</Text>
        ) : list.isError ? (
          <Text mt="md">The standards could not be loaded. Please try again in a moment.</Text>
        ) : documents.length === 0 ? (
          <Text mt="md" size="lg" data-testid="standards-empty">
            No standards have been published yet.
          </Text>
        ) : (
          <Stack
            component="ul"
            gap="lg"
            mt="md"
            p={0}
            style={{ listStyle: 'none' }}
            aria-labelledby="documents-heading"
            data-testid="standards-list"
          >
            {documents.map((document) => (
              <li key={document.key}>
                <DocumentCard document={document} />
              </li>
            ))}
          </Stack>
        )}
      </Container>
      <DisclaimerBox />
    </>
  )
}

function DocumentCard({ document }: { document: Listed }) {
  const review = document.review
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="article"
      aria-labelledby={`document-${document.key}`}
      data-testid="standard-card"
      style={review?.open ? { borderColor: '#9a3412', borderWidth: 2 } : undefined}
    >
      <Text size="sm" fw={600} c="dark.6" tt="uppercase" style={{ letterSpacing: 0.5 }}>
        {document.number} · {KIND_LABELS[document.kind]}
      </Text>
      <Title order={3} mt={4} id={`document-${document.key}`}>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/standards/$number" params={{ number: document.key }} />}
          c="ocean.8"
          inherit
        >
          {document.title}
        </Anchor>
      </Title>
      <Group gap="xs" mt="xs" align="center">
        {document.current ? (
          <>
            <VersionStateBadge state="published" />
            <Text c="dark.7">
              Version {document.current.version}, in effect since{' '}
              <StandardDate value={document.current.effectiveDate} />
            </Text>
          </>
        ) : (
          <Text c="dark.7">No version in effect yet.</Text>
        )}
      </Group>
      {review ? (
        <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          <ReviewCallout documentKey={document.key} review={review} headingOrder={4} />
        </div>
      ) : null}
    </Paper>
  )
}
