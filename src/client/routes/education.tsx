import { createFileRoute } from '@tanstack/react-router'
import { contentPage, usePageContent } from '../lib/page-content'
import { EducationPageBody } from '../pages/education'

// The page's words are the council's, as published in the admin (docs/decisions/055-pages-as-content.md).
export const Route = createFileRoute('/education')({
  ...contentPage('education', { title: 'Education', path: '/education' }),
  component: EducationPage,
})

function EducationPage() {
  const page = usePageContent('education')
  return page ? <EducationPageBody page={page} /> : null
}
