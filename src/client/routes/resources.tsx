import { Button, Container, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { RESOURCE_CATEGORIES, RESOURCE_PLACEHOLDER_CARDS } from '../../shared/constants'
import { CategoryLibrary, LibraryCard } from '../components/category-library'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { resourcesAvailable } from '../lib/count-line'
import { isResourceCategory, readResourceSearch } from '../lib/library'
import { loadOnServerPrefetchInBrowser } from '../lib/route-data'
import { routeHead } from '../lib/seo'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/resources')({
  validateSearch: readResourceSearch,
  loader: ({ context }) =>
    loadOnServerPrefetchInBrowser(context.queryClient, context.trpc.resources.list.queryOptions()),
  head: routeHead({
    title: 'Educational Resources',
    description:
      'Download the council’s position statement, safety checklists, screening guide and educational documents on mild hyperbaric oxygen.',
    path: '/resources',
  }),
  component: ResourcesPage,
})

function ResourcesPage() {
  const trpc = useTRPC()
  const resources = useQuery(trpc.resources.list.queryOptions())
  // The category is in the address, as on the research library: linkable, and the tabs work as
  // plain links before the page's code runs. A tab is a new history entry (Back returns to it).
  const category = readResourceSearch(Route.useSearch()).category
  const navigate = Route.useNavigate()

  return (
    <>
      <PageHero title="Educational Resources">
        Documents for practitioners, facility operators and the public: the council’s position statement, safety
        checklists and plain-language guides, free to download.
      </PageHero>
      <Container size="lg" py={48}>
        <CategoryLibrary
          items={resources.data}
          loading={resources.isPending}
          category={category ?? 'all'}
          onCategoryChange={(next) =>
            navigate({ search: isResourceCategory(next) ? { category: next } : {}, resetScroll: false })
          }
          categories={RESOURCE_CATEGORIES}
          tabsLabel="Resource categories"
          allLabel="All Resources"
          countLine={resourcesAvailable}
          placeholders={RESOURCE_PLACEHOLDER_CARDS}
          columns={{ base: 1, sm: 2, md: 3 }}
          empty={{ title: 'No Resources Found', text: 'No resources available in this category.' }}
          renderItem={(resource) => (
            <LibraryCard
              key={resource.id}
              id={`resource-${resource.id}`}
              category={resource.category}
              title={resource.title}
              data-testid="resource-card"
            >
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
            </LibraryCard>
          )}
        />
      </Container>
      <DisclaimerBox />
    </>
  )
}
