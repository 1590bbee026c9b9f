import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core'
import { createFileRoute, Link } from '@tanstack/react-router'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { ResponsiveGrid } from '../components/responsive-grid'
import { deferredPart } from '../lib/deferred-part'
import { routeHead } from '../lib/seo'

export const Route = createFileRoute('/share-your-experience')({
  head: routeHead({
    title: 'Share Your Experience',
    description:
      'Tell the mHBOT Standards Council about your experience of mild hyperbaric sessions. Every testimonial is reviewed before it appears on the site.',
    path: '/share-your-experience',
  }),
  // ?sent=1: where a testimonial posted without JavaScript lands (docs/decisions/030-forms-without-javascript.md).
  validateSearch: (search: Record<string, unknown>): { sent?: 1 } => (String(search.sent) === '1' ? { sent: 1 } : {}),
  component: ShareExperiencePage,
})

// The form's code comes when the visitor approaches it (docs/decisions/059-forms-hydrate-on-approach.md).
const ShareFormPart = deferredPart('share', () =>
  import('../components/share-form').then((module) => module.ShareExperienceForm),
)

function ShareExperiencePage() {
  return (
    <>
      <PageHero title="Share Your Experience">
        Have you used mild hyperbaric sessions? Tell the council what they were like for you.
      </PageHero>
      <Container size="lg" py={56}>
        <ResponsiveGrid template={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }} spacing={40}>
          <div>
            <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="before-heading">
              <Title order={2} size="h3" id="before-heading">
                Before You Write
              </Title>
              <Stack gap="sm" mt="md">
                <Text>
                  Every testimonial is read by the council before it appears. Only approved testimonials are published
                  on the site, with the name and location you give. A first name alone is enough, and the location is
                  optional.
                </Text>
                <Text>
                  The council publishes people’s experiences of mild hyperbaric sessions as a wellness practice, not
                  medical claims. Please describe your own experience rather than a diagnosis, treatment or cure.
                </Text>
                <Text>
                  If you later want your testimonial taken down, write to us through the{' '}
                  <Anchor component={Link} to="/contact">
                    contact page
                  </Anchor>
                  .
                </Text>
              </Stack>
            </Card>
          </div>
          <div>
            <ShareFormPart />
          </div>
        </ResponsiveGrid>
      </Container>
      <DisclaimerBox />
    </>
  )
}
