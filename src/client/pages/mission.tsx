import { Box, Paper, Stack, Title } from '@mantine/core'
import { ContentCards } from '../components/content-cards'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { PageLinks } from '../components/page-links'
import { PageSection } from '../components/page-section'
import { Prose } from '../components/prose'
import { type PageView, sectionOf } from '../lib/page-content'

/** /about/mission-statement, its words the council's (docs/decisions/055-pages-as-content.md). */
export function MissionPageBody({ page }: { page: PageView }) {
  const intro = sectionOf(page, 'intro')
  const mission = sectionOf(page, 'mission')
  const after = sectionOf(page, 'mission-after')
  const pillars = sectionOf(page, 'pillars')
  const commitments = sectionOf(page, 'commitments')
  return (
    <>
      <PageHero title="Mission Statement" html={intro.html} />

      <PageSection headingId="mission-heading" heading={mission.heading}>
        <Paper
          mt="lg"
          p={{ base: 'lg', sm: 'xl' }}
          radius="md"
          bg="ocean.0"
          maw={860}
          style={{ borderLeft: '4px solid var(--mantine-color-ocean-8)' }}
        >
          <Prose html={mission.html} variant="lead" fz={{ base: 'lg', sm: 'xl' }} c="dark.8" lh={1.6} fw={500} />
        </Paper>
        <Prose html={after.html} variant="lead" mt="lg" maw={860} />
      </PageSection>

      <PageSection headingId="pillars-heading" heading={pillars.heading} bg="gray.0">
        <ContentCards items={pillars.items} cols={{ base: 1, md: 3 }} icon="number" />
      </PageSection>

      <PageSection headingId="commitments-heading" heading={commitments.heading}>
        <Stack mt="xl" gap="lg" maw={860}>
          {commitments.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: commitments have no id of their own
            <Box key={index}>
              <Title order={3} size="h4">
                {item.title}
              </Title>
              <Prose html={item.html} variant="card" mt={6} lh={1.7} />
            </Box>
          ))}
        </Stack>
        <PageLinks from="/about/mission-statement" />
      </PageSection>

      <DisclaimerBox />
    </>
  )
}
