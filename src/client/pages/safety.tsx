import { Paper, Text } from '@mantine/core'
import { CONTRAINDICATIONS } from '../../content/passages'
import { BulletList } from '../components/bullet-list'
import { ContentCards } from '../components/content-cards'
import { DisclaimerBox } from '../components/disclaimer-box'
import { FeatureCard } from '../components/feature-card'
import { PageHero } from '../components/page-hero'
import { PageLinks } from '../components/page-links'
import { PageSection } from '../components/page-section'
import { Prose } from '../components/prose'
import { RegulatoryNote } from '../components/regulatory-note'
import { ResponsiveGrid } from '../components/responsive-grid'
import { type PageView, sectionOf } from '../lib/page-content'

/**
 * /safety, its words the council's (docs/decisions/055-pages-as-content.md): the page shows them,
 * and the admin's editor previews a draft with it. The layout, the title and the contraindications'
 * list (the position statement states the same list) stay in code.
 */
export function SafetyPageBody({ page }: { page: PageView }) {
  const intro = sectionOf(page, 'intro')
  const protocols = sectionOf(page, 'protocols')
  const guidelines = sectionOf(page, 'guidelines')
  const contraindications = sectionOf(page, 'contraindications')
  const after = sectionOf(page, 'contraindications-after')
  const standards = sectionOf(page, 'standards')
  return (
    <>
      <PageHero title="Safety & Standards" html={intro.html} />

      <PageSection headingId="protocols-heading" heading={protocols.heading}>
        <ContentCards
          items={protocols.items}
          cols={{ base: 1, sm: 2, md: 4 }}
          icon="number"
          cardTestId="protocol-card"
        />
      </PageSection>

      <PageSection headingId="guidelines-heading" heading={guidelines.heading} bg="gray.0">
        <ContentCards items={guidelines.items} cols={{ base: 1, md: 3 }} textGap="md" />
      </PageSection>

      <PageSection headingId="contraindications-heading" heading={contraindications.heading}>
        <Prose html={contraindications.html} variant="lead" mt="md" />
        <Paper mt="lg" p="lg" radius="md" withBorder bg="red.0" maw={820}>
          <BulletList items={CONTRAINDICATIONS} spacing="xs" size="lg" c="dark.8" data-testid="contraindications" />
        </Paper>
        <Prose html={after.html} variant="lead" mt="md" fz="md" />
      </PageSection>

      <PageSection headingId="standards-heading" heading={standards.heading} bg="gray.0">
        <Prose html={standards.html} variant="lead" mt="md" c="dark.7" />
        <ResponsiveGrid cols={{ base: 1, md: 2 }} mt="xl" spacing="lg">
          {standards.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: cards have no id of their own
            <FeatureCard key={index} title={item.title}>
              <Text mt={4} fw={600} c="ocean.9" size="sm">
                {item.subtitle}
              </Text>
              <Prose html={item.html} variant="card" mt="sm" />
            </FeatureCard>
          ))}
        </ResponsiveGrid>
        <RegulatoryNote mt="xl" />
        <PageLinks from="/safety" />
      </PageSection>

      <DisclaimerBox />
    </>
  )
}
