import { Paper, Title } from '@mantine/core'
import { PageHero } from '../components/page-hero'
import { PageSection } from '../components/page-section'
import { Prose } from '../components/prose'
import { ResponsiveGrid } from '../components/responsive-grid'
import { type PageView, sectionOf } from '../lib/page-content'

/** /privacy, its words the council's (docs/decisions/055-pages-as-content.md). */
export function PrivacyPageBody({ page }: { page: PageView }) {
  const intro = sectionOf(page, 'intro')
  const stored = sectionOf(page, 'stored')
  const removal = sectionOf(page, 'removal')
  return (
    <>
      <PageHero title="Privacy" html={intro.html} />

      <PageSection headingId="stored-heading" heading={stored.heading}>
        <Prose html={stored.html} variant="lead" fz="md" mt="md" maw={760} c="dark.7" />
        <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="lg" data-testid="privacy-items">
          {stored.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the records have no id of their own
            <Paper key={index} withBorder radius="md" p="lg" component="section" aria-label={item.title}>
              <Title order={3} size="h4">
                {item.title}
              </Title>
              <Prose html={item.html} variant="card" fz="sm" c="dark.7" mt={8} />
            </Paper>
          ))}
        </ResponsiveGrid>
      </PageSection>

      <PageSection headingId="removal-heading" heading={removal.heading} bg="ocean.0">
        <Prose html={removal.html} variant="lead" fz="md" mt="md" maw={760} c="dark.7" />
      </PageSection>
    </>
  )
}
