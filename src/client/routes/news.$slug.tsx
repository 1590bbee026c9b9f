import { Anchor, Box, Container, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { NewsBody } from '../components/news-body'
import { newsDate } from '../components/news-list'
import { NewsletterFormPart } from '../components/newsletter-part'
import { HEADER_HEIGHT_PX } from '../layout'
import { articleJsonLd } from '../lib/json-ld'
import { readSubscribed } from '../lib/search-params'
import { pageHead } from '../lib/seo'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/news/$slug')({
  validateSearch: readSubscribed,
  // A post that is not published (or never was) is the site's not-found page; a deleted one's
  // address answers 410 before this route is reached (src/server/routes/news.ts).
  loader: async ({ context, params }) => {
    const post = await context.queryClient.ensureQueryData(context.trpc.news.page.queryOptions({ slug: params.slug }))
    if (!post) throw notFound()
    return { title: post.title, summary: post.summary, publishedAt: post.publishedAt, updatedAt: post.updatedAt }
  },
  head: ({ match, loaderData, params }) => {
    if (!loaderData) return {}
    const site = match.context.site
    const path = `/news/${params.slug}`
    const head = pageHead({ title: loaderData.title, description: loaderData.summary, path }, site)
    return {
      ...head,
      meta: [
        ...head.meta.filter((tag) => !('property' in tag && tag.property === 'og:type')),
        { property: 'og:type', content: 'article' },
        { property: 'article:published_time', content: new Date(loaderData.publishedAt).toISOString() },
      ],
      scripts: [articleJsonLd(site, { ...loaderData, path })],
    }
  },
  component: NewsPostPage,
})

function NewsPostPage() {
  const trpc = useTRPC()
  const { slug } = Route.useParams()
  const post = useQuery(trpc.news.page.queryOptions({ slug })).data
  if (!post) return null
  return (
    <>
      <Box component="article" pt={HEADER_HEIGHT_PX + 48} pb={72}>
        <Container size="md">
          <Anchor component={Link} to="/news" size="sm">
            All news
          </Anchor>
          <Title order={1} mt="md">
            {post.title}
          </Title>
          <Text component="time" dateTime={new Date(post.publishedAt).toISOString()} c="gray.7" mt="xs" display="block">
            {newsDate(post.publishedAt)}
          </Text>
          {/* Rendered and sanitized on the server (src/server/services/markdown.ts). */}
          <NewsBody html={post.html} testId="news-body" />
        </Container>
      </Box>
      <NewsletterFormPart />
    </>
  )
}
