import { Anchor, Container, Group, NativeSelect, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { STUDY_CATEGORIES, STUDY_PLACEHOLDER_CARDS } from '../../shared/constants'
import { CategoryLibrary, LibraryCard } from '../components/category-library'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { studiesFound } from '../lib/count-line'
import { doiOf, isCategory, type LibrarySearch, readLibrarySearch, sortStudies } from '../lib/library'
import { loadOnServerPrefetchInBrowser } from '../lib/route-data'
import { routeHead } from '../lib/seo'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/research')({
  validateSearch: readLibrarySearch,
  loader: ({ context }) =>
    loadOnServerPrefetchInBrowser(context.queryClient, context.trpc.researchStudies.list.queryOptions()),
  head: routeHead({
    title: 'Research Library',
    description:
      'Published studies on mild hyperbaric exposure, with plain summaries of what each study examined, most of them animal studies.',
    path: '/research',
  }),
  component: ResearchPage,
})

function ResearchPage() {
  const trpc = useTRPC()
  const studies = useQuery(trpc.researchStudies.list.queryOptions())
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  // Each choice is a new history entry: Back returns to the previous category.
  const choose = (next: Partial<LibrarySearch>) =>
    navigate({ search: (previous) => readLibrarySearch({ ...previous, ...next }), resetScroll: false })

  return (
    <>
      <PageHero title="Research Library">
        Published work on mild hyperbaric exposure (about 1.25-1.5 ATA). Each summary says what the study examined; most
        are animal studies, and none shows that mild sessions treat or prevent any condition.
      </PageHero>
      <Container size="lg" py={48}>
        <CategoryLibrary
          items={studies.data ? sortStudies(studies.data, search.sort) : undefined}
          category={search.category ?? 'all'}
          onCategoryChange={(category) => choose({ category: isCategory(category) ? category : undefined })}
          toolbar={
            <NativeSelect
              label="Sort"
              mt="md"
              maw={260}
              value={search.sort ?? 'year'}
              onChange={(event) => choose({ sort: event.currentTarget.value === 'title' ? 'title' : undefined })}
              data={[
                { value: 'year', label: 'Newest year first' },
                { value: 'title', label: 'Title (A–Z)' },
              ]}
            />
          }
          loading={studies.isPending}
          categories={STUDY_CATEGORIES}
          tabsLabel="Study categories"
          allLabel="All Studies"
          countLine={studiesFound}
          placeholders={STUDY_PLACEHOLDER_CARDS}
          columns={{ base: 1, md: 2 }}
          empty={{ title: 'No Studies Found', text: 'No research studies found in this category.' }}
          renderItem={(study) => (
            <LibraryCard key={study.id} category={study.category} title={study.title} data-testid="study-card">
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
              {doiOf(study.url) ? (
                <Text size="sm" c="dark.6">
                  DOI: {doiOf(study.url)}
                </Text>
              ) : null}
              <Group mt="auto" pt="xs" gap="lg">
                {study.url ? (
                  <Anchor href={study.url} target="_blank" rel="noopener noreferrer" fw={600} size="sm">
                    View Study (publisher’s page)
                    <VisuallyNewTab />
                  </Anchor>
                ) : null}
                {study.attachmentUrl ? (
                  <Anchor href={study.attachmentUrl} target="_blank" rel="noopener noreferrer" fw={600} size="sm">
                    Full Study (full-text file)
                    <VisuallyNewTab />
                  </Anchor>
                ) : null}
              </Group>
            </LibraryCard>
          )}
        />
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
