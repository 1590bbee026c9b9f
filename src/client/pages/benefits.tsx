import { Paper } from '@mantine/core'
import { ContentCards } from '../components/content-cards'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { PageLinks } from '../components/page-links'
import { PageSection } from '../components/page-section'
import { Prose } from '../components/prose'
import { type PageView, sectionOf } from '../lib/page-content'

/** /benefits, its words the council's (docs/decisions/055-pages-as-content.md); a card's icon is its title's. */
export function BenefitsPageBody({ page }: { page: PageView }) {
  const intro = sectionOf(page, 'intro')
  const benefits = sectionOf(page, 'benefits')
  const integration = sectionOf(page, 'integration')
  const notes = sectionOf(page, 'notes')
  return (
    <>
      <PageHero title="Wellness Benefits" html={intro.html} />

      <PageSection headingId="benefits-heading" heading={benefits.heading}>
        <Prose html={benefits.html} variant="lead" mt="md" />
        <ContentCards items={benefits.items} cols={{ base: 1, sm: 2, md: 4 }} icon="title" cardTestId="benefit-card" />
      </PageSection>

      <PageSection headingId="integration-heading" heading={integration.heading} bg="gray.0">
        <Prose html={integration.html} variant="lead" mt="lg" c="dark.7" maw={860} />
      </PageSection>

      <PageSection headingId="notes-heading" heading={notes.heading}>
        <Paper mt="lg" p="lg" radius="md" bg="ocean.0" maw={860} withBorder>
          <Prose html={notes.html} variant="lead" fz="md" c="dark.8" />
        </Paper>
        <PageLinks from="/benefits" />
      </PageSection>

      <DisclaimerBox />
    </>
  )
}
