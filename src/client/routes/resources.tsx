import { Button, Container, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { RESOURCE_CATEGORIES, RESOURCE_PLACEHOLDER_CARDS } from '../../shared/constants'
import { CategoryLibrary, LibraryCard } from '../components/category-library'
import { DisclaimerBox } from '../components/disclaimer-box'
import { resourcesAvailable } from '../lib/count-line'
import { isResourceCategory, readResourceSearch } from '../lib/library'
import { contentPage, usePageContent } from '../lib/page-content'
import { loadOnServerPrefetchInBrowser } from '../lib/route-data'
import { useTRPC } from '../lib/trpc'
import { ResourcesIntro } from '../pages/libraries'

// The opening line is the council's, as published in the admin (docs/decisions/055-pages-as-content.md).
const WORDS = contentPage('resources', { title: 'Educational Resources', path: '/resources' })

export const Route = createFileRoute('/resources')({
  validateSearch: readResourceSearch,
  // The words first, on their own: asked together, the browser's batch would hold them until the list
  // arrived, and a client-side visit would not show its loading state (docs/product.md#pages).
  loader: async ({ context }) => {
    const words = await WORDS.loader({ context })
    await loadOnServerPrefetchInBrowser(context.queryClient, context.trpc.resources.list.queryOptions())
    return words
  },
  head: WORDS.head,
  component: ResourcesPage,
})

function ResourcesPage() {
  const trpc = useTRPC()
  const resources = useQuery(trpc.resources.list.queryOptions())
  const words = usePageContent('resources')
  // The category is in the address, as on the research library: linkable, and the tabs work as
  // plain links before the page's code runs. A tab is a new history entry (Back returns to it).
  const category = readResourceSearch(Route.useSearch()).category
  const navigate = Route.useNavigate()

  return (
    <>
      {words ? <ResourcesIntro page={words} /> : null}
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
