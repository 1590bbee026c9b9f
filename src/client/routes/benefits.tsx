import { createFileRoute } from '@tanstack/react-router'
import { contentPage, usePageContent } from '../lib/page-content'
import { BenefitsPageBody } from '../pages/benefits'

// The page's words are the council's, as published in the admin (docs/decisions/055-pages-as-content.md).
export const Route = createFileRoute('/benefits')({
  ...contentPage('benefits', { title: 'Benefits', path: '/benefits' }),
  component: BenefitsPage,
})

function BenefitsPage() {
  const page = usePageContent('benefits')
  return page ? <BenefitsPageBody page={page} /> : null
}
