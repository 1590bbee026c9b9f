import { createFileRoute } from '@tanstack/react-router'
import { contentPage, usePageContent } from '../lib/page-content'
import { readSubscribed } from '../lib/search-params'
import { HomePageBody } from '../pages/home'

// The words below the hero are the council's, as published in the admin (docs/decisions/055-pages-as-content.md).
const HOME = contentPage('home', { title: 'Setting Standards for Mild Hyperbaric Wellness', path: '/' })

export const Route = createFileRoute('/')({
  loader: async ({ context }) => {
    // A failed load must not break the page: the section then simply shows no cards
    // (docs/product.md#errors-the-user-sees).
    const [words] = await Promise.all([
      // The page's own words it needs.
      HOME.loader({ context }),
      context.queryClient.prefetchQuery(context.trpc.testimonials.list.queryOptions()),
      context.queryClient.prefetchQuery(context.trpc.news.latest.queryOptions()),
      // The notice of a standard in public review (components/review-notice.tsx).
      context.queryClient.prefetchQuery(context.trpc.standards.list.queryOptions()),
    ])
    return words
  },
  head: HOME.head,
  validateSearch: readSubscribed,
  component: HomePage,
})

function HomePage() {
  const page = usePageContent('home')
  return page ? <HomePageBody page={page} /> : null
}
