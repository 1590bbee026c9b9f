import { Badge, Button, Card, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { RESOURCE_CATEGORIES, RESOURCE_PLACEHOLDER_CARDS } from '../../shared/constants'
import { CategoryTabs } from '../components/category-tabs'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { loadOnServerPrefetchInBrowser } from '../lib/route-data'
import { pageHead } from '../lib/seo'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/resources')({
  loader: ({ context }) =>
    loadOnServerPrefetchInBrowser(context.queryClient, context.trpc.resources.list.queryOptions()),
  head: ({ match }) =>
    pageHead(
      {
        title: 'Educational Resources',
        description:
          'Download the council’s position statement, safety checklists, screening guide and educational documents on mild hyperbaric oxygen.',
        path: '/resources',
      },
      match.context.site,
    ),
  component: ResourcesPage,
})

/** Stable keys for the loading placeholders. */
const PLACEHOLDERS = Array.from({ length: RESOURCE_PLACEHOLDER_CARDS }, (_, n) => `resource-placeholder-${n + 1}`)

function ResourcesPage() {
  const trpc = useTRPC()
  const resources = useQuery(trpc.resources.list.queryOptions())
  const [category, setCategory] = useState('all')
  const shown = (resources.data ?? []).filter((resource) => category === 'all' || resource.category === category)
  const loading = resources.isPending

  return (
    <>
      <PageHero title="Educational Resources">
        Documents for practitioners, facility operators and the public: the council’s position statement, safety
        checklists and plain-language guides, free to download.
      </PageHero>
      <Container size="lg" py={48}>
        <CategoryTabs
          label="Resource categories"
          allLabel="All Resources"
          categories={RESOURCE_CATEGORIES}
          value={category}
          onChange={setCategory}
        />
        <Text mt="lg" fw={600} aria-live="polite" data-testid="count-line">
          {loading ? 'Loading...' : `${shown.length} Resources Available`}
        </Text>
        {loading ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="md" spacing="lg" aria-hidden="true">
            {PLACEHOLDERS.map((key) => (
              <Card key={key} withBorder padding="lg" radius="md" data-testid="placeholder-card">
                <Skeleton height={22} width="70%" />
                <Skeleton height={50} mt="md" />
                <Skeleton height={34} mt="md" width="40%" />
              </Card>
            ))}
          </SimpleGrid>
        ) : shown.length === 0 ? (
          <Stack align="center" py={64} gap="xs" data-testid="empty-state">
            <Title order={2} size="h3">
              No Resources Found
            </Title>
            <Text c="dark.6">No resources available in this category.</Text>
          </Stack>
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: 2, md: 3 }}
            mt="md"
            spacing="lg"
            component="ul"
            style={{ listStyle: 'none', padding: 0 }}
          >
            {shown.map((resource) => (
              <Card key={resource.id} withBorder padding="lg" radius="md" component="li" data-testid="resource-card">
                <Stack gap="xs" h="100%">
                  <Badge variant="light" color="ocean" style={{ alignSelf: 'flex-start' }}>
                    {resource.category}
                  </Badge>
                  <Title order={2} size="h4" lh={1.35}>
                    {resource.title}
                  </Title>
                  {resource.description ? (
                    <Text size="sm" lh={1.6} c="dark.7">
                      {resource.description}
                    </Text>
                  ) : null}
                  <Button
                    component="a"
                    href={resource.fileUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    mt="auto"
                    style={{ alignSelf: 'flex-start' }}
                    aria-label={`Download ${resource.fileType}: ${resource.title} (opens in a new window)`}
                  >
                    Download {resource.fileType}
                  </Button>
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
