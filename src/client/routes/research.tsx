import { Anchor, Container, Group, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { STUDY_CATEGORIES, STUDY_PLACEHOLDER_CARDS } from '../../shared/constants'
import { CategoryLibrary, LibraryCard } from '../components/category-library'
import { CiteStudy } from '../components/cite-study'
import { DisclaimerBox } from '../components/disclaimer-box'
import { studiesFound } from '../lib/count-line'
import { deferredPart } from '../lib/deferred-part'
import { doiOf, isCategory, type LibrarySearch, readLibrarySearch, sortStudies } from '../lib/library'
import { contentPage, usePageContent } from '../lib/page-content'
import { loadOnServerPrefetchInBrowser } from '../lib/route-data'
import { useTRPC } from '../lib/trpc'
import { ResearchIntro } from '../pages/libraries'

// The opening line is the council's, as published in the admin (docs/decisions/055-pages-as-content.md).
const WORDS = contentPage('research', { title: 'Research Library', path: '/research' })

export const Route = createFileRoute('/research')({
  validateSearch: readLibrarySearch,
  // A search of the library is rendered for its visitor and never kept; a tab or a sort is.
  staticData: { freeText: ['q'] },
  loaderDeps: ({ search }) => ({ q: readLibrarySearch(search).q }),
  // The words first, on their own: asked together, the browser's batch would hold them until the list
  // arrived, and a client-side visit would not show its loading state (docs/product.md#pages).
  loader: async ({ context, deps }) => {
    const words = await WORDS.loader({ context })
    await Promise.all([
      loadOnServerPrefetchInBrowser(context.queryClient, context.trpc.researchStudies.list.queryOptions()),
      deps.q
        ? loadOnServerPrefetchInBrowser(
            context.queryClient,
            context.trpc.researchStudies.search.queryOptions({ q: deps.q }),
          )
        : undefined,
    ])
    return words
  },
  head: WORDS.head,
  component: ResearchPage,
})

// The search box and the sort come when the visitor approaches them (docs/decisions/059-forms-hydrate-on-approach.md).
const ResearchToolbarPart = deferredPart('research-toolbar', () =>
  import('../components/research-toolbar').then((module) => module.ResearchToolbar),
)

function ResearchPage() {
  const trpc = useTRPC()
  const studies = useQuery(trpc.researchStudies.list.queryOptions())
  const words = usePageContent('research')
  const search = readLibrarySearch(Route.useSearch())
  const navigate = Route.useNavigate()
  // A tab is a new history entry (Back returns to it). The search box and the sort are the toolbar's.
  const choose = (next: Partial<LibrarySearch>) =>
    navigate({ search: (previous) => readLibrarySearch({ ...previous, ...next }), resetScroll: false })
  const found = useQuery({
    ...trpc.researchStudies.search.queryOptions({ q: search.q ?? '' }),
    enabled: Boolean(search.q),
  })
  const matching = search.q ? (found.data ? new Set(found.data) : undefined) : null
  const items =
    studies.data && matching !== undefined
      ? sortStudies(
          studies.data.filter((study) => matching === null || matching.has(study.id)),
          search.sort,
        )
      : undefined

  return (
    <>
      {words ? <ResearchIntro page={words} /> : null}
      <Container size="lg" py={48}>
        <CategoryLibrary
          items={items}
          category={search.category ?? 'all'}
          onCategoryChange={(category) => choose({ category: isCategory(category) ? category : undefined })}
          carry={{ q: search.q, sort: search.sort }}
          toolbar={<ResearchToolbarPart />}
          loading={items === undefined}
          categories={STUDY_CATEGORIES}
          tabsLabel="Study categories"
          allLabel="All Studies"
          countLine={studiesFound}
          placeholders={STUDY_PLACEHOLDER_CARDS}
          columns={{ base: 1, md: 2 }}
          empty={{ title: 'No Studies Found', text: 'No research studies found in this category.' }}
          renderItem={(study) => (
            <LibraryCard
              key={study.id}
              id={`study-${study.id}`}
              category={study.category}
              title={study.title}
              data-testid="study-card"
            >
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
              <StudyDoi url={study.url} />
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
                <CiteStudy study={study} />
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

/** The DOI of a study whose link is one; nothing otherwise. */
function StudyDoi({ url }: { url: string }) {
  const doi = doiOf(url)
  return doi ? (
    <Text size="sm" c="dark.6">
      DOI: {doi}
    </Text>
  ) : null
}
