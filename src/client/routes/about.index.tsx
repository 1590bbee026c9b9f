import { createFileRoute } from '@tanstack/react-router'
import { contentPage, usePageContent } from '../lib/page-content'
import { AboutPageBody } from '../pages/about'

// The page's words are the council's, as published in the admin (docs/decisions/055-pages-as-content.md).
export const Route = createFileRoute('/about/')({
  ...contentPage('about', { title: 'About Us', path: '/about' }),
  component: AboutPage,
})

function AboutPage() {
  const page = usePageContent('about')
  return page ? <AboutPageBody page={page} /> : null
}
