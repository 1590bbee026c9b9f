import { Anchor, Container, Group, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { NewsList } from '../components/news-list'
import { NewsletterFormPart } from '../components/newsletter-part'
import { PageHero } from '../components/page-hero'
import { loadOnServerPrefetchInBrowser } from '../lib/route-data'
import { readSubscribed, type SubscribedSearch } from '../lib/search-params'
import { routeHead } from '../lib/seo'
import { useTRPC } from '../lib/trpc'

type NewsSearch = { page?: number } & SubscribedSearch

/** ?page=N, a whole number from 2 (page 1 is /news itself); ?subscribed for the newsletter form. */
const readNewsSearch = (search: Record<string, unknown>): NewsSearch => {
  const page = Number(search.page)
  return {
    ...(Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {}),
    ...readSubscribed(search),
  }
}

export const Route = createFileRoute('/news/')({
  validateSearch: readNewsSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) =>
    loadOnServerPrefetchInBrowser(context.queryClient, context.trpc.news.list.queryOptions({ page: deps.page })),
  head: routeHead({
    title: 'News',
    description: 'News from the council: standards, publications and announcements.',
    path: '/news',
  }),
  component: NewsPage,
})

function NewsPage() {
  const trpc = useTRPC()
  const page = Route.useSearch().page ?? 1
  const news = useQuery(trpc.news.list.queryOptions({ page }))
  const items = news.data?.items ?? []
  const pages = news.data?.pages ?? 1

  return (
    <>
      <PageHero title="News">News from the council: standards, publications and announcements.</PageHero>
      <Container size="md" py={48}>
        {news.isPending ? (
          <Text>Loading...</Text>
        ) : news.isError ? (
          <Text>The news could not be loaded. Please try again in a moment.</Text>
        ) : items.length === 0 ? (
          <Text size="lg">No news yet.</Text>
        ) : (
          <NewsList items={items} />
        )}
        {pages > 1 ? (
          <nav aria-label="News pages">
            <Group component="ul" gap="sm" mt={48} p={0} style={{ listStyle: 'none' }}>
              {Array.from({ length: pages }, (_, index) => index + 1).map((n) => (
                <li key={n}>
                  <Anchor
                    renderRoot={(props) => <Link {...props} to="/news" search={n === 1 ? {} : { page: n }} />}
                    aria-current={n === page ? 'page' : undefined}
                    aria-label={`Page ${n}`}
                    fw={n === page ? 700 : 400}
                    underline={n === page ? 'never' : 'always'}
                    px="xs"
                  >
                    {n}
                  </Anchor>
                </li>
              ))}
            </Group>
          </nav>
        ) : null}
      </Container>
      <NewsletterFormPart />
    </>
  )
}
