import { createFileRoute } from '@tanstack/react-router'
import { contentPage, usePageContent } from '../lib/page-content'
import { MissionPageBody } from '../pages/mission'

// The page's words are the council's, as published in the admin (docs/decisions/055-pages-as-content.md).
export const Route = createFileRoute('/about/mission-statement')({
  ...contentPage('mission', { title: 'Mission Statement', path: '/about/mission-statement' }),
  component: MissionStatementPage,
})

function MissionStatementPage() {
  const page = usePageContent('mission')
  return page ? <MissionPageBody page={page} /> : null
}
