import { Anchor, Badge, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { STUDY_CATEGORIES, STUDY_PLACEHOLDER_CARDS } from '../../shared/constants'
import { CategoryTabs } from '../components/category-tabs'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { loadOnServerPrefetchInBrowser } from '../lib/route-data'
import { pageHead } from '../lib/seo'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/research')({
  loader: ({ context }) =>
    loadOnServerPrefetchInBrowser(context.queryClient, context.trpc.researchStudies.list.queryOptions()),
  head: ({ match }) =>
    pageHead(
      {
        title: 'Research Library',
        description:
          'Published studies on mild hyperbaric exposure, with plain summaries of what each study examined, most of them animal studies.',
        path: '/research',
      },
      match.context.site,
    ),
  component: ResearchPage,
})

/** Stable keys for the loading placeholders. */
const PLACEHOLDERS = Array.from({ length: STUDY_PLACEHOLDER_CARDS }, (_, n) => `study-placeholder-${n + 1}`)

function ResearchPage() {
  const trpc = useTRPC()
  const studies = useQuery(trpc.researchStudies.list.queryOptions())
  const [category, setCategory] = useState('all')
  const shown = (studies.data ?? []).filter((study) => category === 'all' || study.category === category)
  const loading = studies.isPending

  return (
    <>
      <PageHero title="Research Library">
        Published work on mild hyperbaric exposure (about 1.25-1.5 ATA). Each summary says what the study examined; most
        are animal studies, and none shows that mild sessions treat or prevent any condition.
      </PageHero>
      <Container size="lg" py={48}>
        <CategoryTabs
          label="Study categories"
          allLabel="All Studies"
          categories={STUDY_CATEGORIES}
          value={category}
          onChange={setCategory}
        />
        <Text mt="lg" fw={600} aria-live="polite" data-testid="count-line">
          {loading ? 'Loading...' : `${shown.length} Studies Found`}
        </Text>
        {loading ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} mt="md" spacing="lg" aria-hidden="true">
            {PLACEHOLDERS.map((key) => (
              <Card key={key} withBorder padding="lg" radius="md" data-testid="placeholder-card">
                <Skeleton height={22} width="80%" />
                <Skeleton height={14} mt="md" width="60%" />
                <Skeleton height={14} mt="xs" width="40%" />
                <Skeleton height={60} mt="md" />
              </Card>
            ))}
          </SimpleGrid>
        ) : shown.length === 0 ? (
          <Stack align="center" py={64} gap="xs" data-testid="empty-state">
            <Title order={2} size="h3">
              No Studies Found
            </Title>
            <Text c="dark.6">No research studies found in this category.</Text>
          </Stack>
        ) : (
          <SimpleGrid
            cols={{ base: 1, md: 2 }}
            mt="md"
            spacing="lg"
            component="ul"
            style={{ listStyle: 'none', padding: 0 }}
          >
            {shown.map((study) => (
              <Card key={study.id} withBorder padding="lg" radius="md" component="li" data-testid="study-card">
                <Stack gap="xs" h="100%">
                  <Badge variant="light" color="ocean" style={{ alignSelf: 'flex-start' }}>
                    {study.category}
                  </Badge>
                  <Title order={2} size="h4" lh={1.35}>
                    {study.title}
                  </Title>
                  {study.authors ? (
                    <Text size="sm" c="dark.6">
                      {study.authors}
                    </Text>
                  ) : null}
                  {study.journal || study.year ? (
                    <Text size="sm" c="dark.6" fs="italic">
                      {[study.journal, study.year].filter(Boolean).join(', ')}
                    </Text>
                  ) : null}
                  {study.summary ? (
                    <Text size="sm" lh={1.6} c="dark.7">
                      {study.summary}
                    </Text>
                  ) : null}
                  <Group mt="auto" pt="xs" gap="lg">
                    {study.url ? (
                      <Anchor href={study.url} target="_blank" rel="noopener noreferrer" fw={600} size="sm">
                        View Study
                        <VisuallyNewTab />
                      </Anchor>
                    ) : null}
                    {study.attachmentUrl ? (
                      <Anchor href={study.attachmentUrl} target="_blank" rel="noopener noreferrer" fw={600} size="sm">
                        Full Study
                        <VisuallyNewTab />
                      </Anchor>
                    ) : null}
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Container>
      <DisclaimerBox />
    </>
  )
}

function VisuallyNewTab() {
  return (
    <>
      <span aria-hidden="true"> ↗</span>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </>
  )
}
