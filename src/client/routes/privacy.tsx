import { createFileRoute } from '@tanstack/react-router'
import { contentPage, usePageContent } from '../lib/page-content'
import { PrivacyPageBody } from '../pages/privacy'

// The page's words are the council's, as published in the admin (docs/decisions/055-pages-as-content.md).
export const Route = createFileRoute('/privacy')({
  ...contentPage('privacy', { title: 'Privacy', path: '/privacy' }),
  component: PrivacyPage,
})

function PrivacyPage() {
  const page = usePageContent('privacy')
  return page ? <PrivacyPageBody page={page} /> : null
}
