import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { TESTIMONIALS_ON_HOME } from '../../shared/constants'
import { ContentCards } from '../components/content-cards'
import { DisclaimerBox } from '../components/disclaimer-box'
import { LatestNews } from '../components/latest-news'
import { NewsletterFormPart } from '../components/newsletter-part'
import { PageSection } from '../components/page-section'
import { Prose } from '../components/prose'
import { ResponsiveGrid } from '../components/responsive-grid'
import { ReviewNotice } from '../components/review-notice'
import { TestimonialCard } from '../components/testimonial-card'
import { HEADER_HEIGHT_PX } from '../layout'
import { type PageView, sectionOf } from '../lib/page-content'
import { useTRPC } from '../lib/trpc'

/**
 * The home page, its words below the hero the council's (docs/decisions/055-pages-as-content.md): the
 * hero's title and buttons, the testimonials, the news and the forms stay in code.
 */
export function HomePageBody({ page }: { page: PageView }) {
  const mission = sectionOf(page, 'mission')
  const what = sectionOf(page, 'what')
  const benefits = sectionOf(page, 'benefits')
  const people = sectionOf(page, 'testimonials')
  const cta = sectionOf(page, 'cta')
  const trpc = useTRPC()
  const testimonials = useQuery(trpc.testimonials.list.queryOptions())
  const shown = (testimonials.data ?? []).slice(0, TESTIMONIALS_ON_HOME)

  return (
    <>
      <Box
        component="section"
        mih="85vh"
        c="white"
        display="flex"
        style={{
          alignItems: 'center',
          background: 'radial-gradient(circle at 20% 20%, #006daf 0%, #00538b 35%, #002b4a 100%)',
        }}
        pt={HEADER_HEIGHT_PX}
        data-testid="hero"
      >
        {/* Full width: as a flex child the container would shrink to its text and centre it, off the grid. */}
        <Container size="lg" py={64} w="100%">
          <Title order={1} fz={{ base: 36, sm: 52 }} lh={1.15} maw={820}>
            Setting Standards for Mild Hyperbaric Wellness
          </Title>
          <Text size="xl" mt="lg" maw={680} lh={1.6}>
            Independent safety standards, education and research for mild hyperbaric oxygen, practised as wellness,
            never as medicine.
          </Text>
          <Group mt={36}>
            <Button component={Link} to="/education" size="lg" color="white" c="ocean.9">
              Learn About mHBOT
            </Button>
            <Button component={Link} to="/safety" size="lg" variant="outline" color="white">
              Safety Standards
            </Button>
          </Group>
        </Container>
      </Box>

      <ReviewNotice />

      <PageSection headingId="mission-heading" heading={mission.heading} rhythm="home">
        <Prose html={mission.html} variant="lead" mt="lg" c="inherit" maw="none" />
      </PageSection>

      <PageSection headingId="what-heading" heading={what.heading} bg="gray.0" rhythm="home">
        <Prose html={what.html} variant="lead" mt="lg" c="inherit" />
        <Button component={Link} to="/education" variant="light" mt="lg">
          Read the Education Guide
        </Button>
      </PageSection>

      <PageSection headingId="benefits-heading" heading={benefits.heading} rhythm="home">
        <ContentCards items={benefits.items} cols={{ base: 1, sm: 2, md: 3 }} icon="title" />
        <Button component={Link} to="/benefits" variant="light" mt="xl">
          Explore All Benefits
        </Button>
      </PageSection>

      <LatestNews />

      <PageSection headingId="testimonials-heading" heading={people.heading} bg="gray.0" rhythm="home">
        {/* With nothing approved yet, or a failed load, no empty grid is left to leave a gap. */}
        {shown.length > 0 ? (
          // Visitors' words, not the council's: not searched (docs/decisions/029-site-search.md).
          <ResponsiveGrid cols={{ base: 1, md: 3 }} mt="xl" spacing="lg" data-nosearch data-testid="testimonial-grid">
            {shown.map((item) => (
              <TestimonialCard key={item.id} name={item.name} location={item.location} testimonial={item.testimonial} />
            ))}
          </ResponsiveGrid>
        ) : null}
        <Group mt="xl" gap="md" align="center">
          <Prose html={people.html} variant="lead" fz="lg" c="inherit" lh="inherit" />
          <Button component={Link} to="/share-your-experience" variant="light">
            Share your experience
          </Button>
        </Group>
      </PageSection>

      <NewsletterFormPart />

      <DisclaimerBox />

      <PageSection headingId="cta-heading" bg="ocean.9" c="white" rhythm="home">
        <Stack align="flex-start">
          <Title order={2} id="cta-heading">
            {cta.heading}
          </Title>
          <Prose html={cta.html} variant="hero" fz="lg" maw={680} />
          <Group>
            <Button component={Link} to="/education" color="white" c="ocean.9">
              Start Learning
            </Button>
            <Button component={Link} to="/contact" variant="outline" color="white">
              Contact Us
            </Button>
          </Group>
        </Stack>
      </PageSection>
    </>
  )
}
