import { Text } from '@mantine/core'
import { COMPARISON_TABLE } from '../../content/passages'
import { ComparisonTable } from '../components/comparison-table'
import { ContentCards } from '../components/content-cards'
import { DisclaimerBox } from '../components/disclaimer-box'
import { FeatureCard } from '../components/feature-card'
import { PageHero } from '../components/page-hero'
import { PageLinks } from '../components/page-links'
import { PageSection } from '../components/page-section'
import { PressureScale } from '../components/pressure-scale'
import { Prose } from '../components/prose'
import { RegulatoryNote } from '../components/regulatory-note'
import { ResponsiveGrid } from '../components/responsive-grid'
import { type PageView, sectionOf } from '../lib/page-content'

/**
 * /education, its words the council's (docs/decisions/055-pages-as-content.md). The pressure scale
 * and the comparison table are drawn from the facts and stay in code.
 */
export function EducationPageBody({ page }: { page: PageView }) {
  const intro = sectionOf(page, 'intro')
  const what = sectionOf(page, 'what')
  const how = sectionOf(page, 'how')
  const concepts = sectionOf(page, 'concepts')
  const compare = sectionOf(page, 'compare')
  const next = sectionOf(page, 'next')
  return (
    <>
      <PageHero title="Education" html={intro.html} />

      <PageSection headingId="what-heading" heading={what.heading}>
        <Prose html={what.html} variant="lead" mt="lg" />
        <PressureScale />
      </PageSection>

      <PageSection headingId="how-heading" heading={how.heading} bg="gray.0">
        <ContentCards items={how.items} cols={{ base: 1, sm: 2, md: 4 }} icon="number" />
      </PageSection>

      <PageSection headingId="concepts-heading" heading={concepts.heading}>
        <ResponsiveGrid cols={{ base: 1, sm: 2 }} mt="xl" spacing="lg">
          {concepts.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: cards have no id of their own
            <FeatureCard key={index} title={item.title}>
              <Text mt={6} fz={28} fw={700} c="ocean.8" lh={1.2}>
                {item.subtitle}
              </Text>
              <Prose html={item.html} variant="card" mt="sm" />
            </FeatureCard>
          ))}
        </ResponsiveGrid>
      </PageSection>

      <PageSection headingId="compare-heading" heading={compare.heading} bg="gray.0">
        <Prose html={compare.html} variant="lead" mt="lg" c="dark.7" />
        <ComparisonTable
          header={COMPARISON_TABLE.header}
          rows={COMPARISON_TABLE.rows}
          label="Comparison table: mild versus medical hyperbaric oxygen"
          caption="Mild hyperbaric sessions compared with medical hyperbaric oxygen therapy"
          mt="xl"
        />
        <RegulatoryNote mt="xl" />
      </PageSection>

      <PageSection headingId="next-heading" heading={next.heading}>
        <Prose html={next.html} variant="lead" mt="md" />
        <PageLinks from="/education" mt="lg" />
      </PageSection>

      <DisclaimerBox />
    </>
  )
}
