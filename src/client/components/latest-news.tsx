import { Anchor } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTRPC } from '../lib/trpc'
import { NewsList } from './news-list'
import { PageSection } from './page-section'

/** The home page's newest posts; nothing at all while there are none (or they failed to load). */
export function LatestNews() {
  const trpc = useTRPC()
  const latest = useQuery(trpc.news.latest.queryOptions()).data ?? []
  if (latest.length === 0) return null
  return (
    // The posts are searched as news, not as part of the home page (docs/decisions/029-site-search.md).
    <PageSection headingId="news-heading" heading="Latest News" rhythm="home" data-testid="latest-news" data-nosearch>
      <div style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
        <NewsList items={latest} headingOrder={3} />
      </div>
      <Anchor component={Link} to="/news" mt="xl" display="inline-block" underline="always">
        All news
      </Anchor>
    </PageSection>
  )
}
