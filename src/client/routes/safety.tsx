import { createFileRoute } from '@tanstack/react-router'
import { contentPage, usePageContent } from '../lib/page-content'
import { SafetyPageBody } from '../pages/safety'

// The page's words are the council's, as published in the admin (docs/decisions/055-pages-as-content.md).
export const Route = createFileRoute('/safety')({
  ...contentPage('safety', { title: 'Safety & Standards', path: '/safety' }),
  component: SafetyPage,
})

function SafetyPage() {
  const page = usePageContent('safety')
  return page ? <SafetyPageBody page={page} /> : null
}
