import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import {
  CHAMBER_STANDARD,
  CONCENTRATOR_OXYGEN,
  MILD_COMMON_ATA,
  MILD_MAX_ATA,
  QUALITY_STANDARD,
  SEA_LEVEL_ATA,
  SESSION_LENGTH,
} from '../../content/facts'
import { TESTIMONIALS_ON_HOME } from '../../shared/constants'
import { BulletList } from '../components/bullet-list'
import { IconCardGrid } from '../components/card-icons'
import { DisclaimerBox } from '../components/disclaimer-box'
import { LatestNews } from '../components/latest-news'
import { NewsletterForm } from '../components/newsletter-form'
import { PageSection } from '../components/page-section'
import { ResponsiveGrid } from '../components/responsive-grid'
import { ReviewNotice } from '../components/review-notice'
import { TestimonialCard } from '../components/testimonial-card'
import { HEADER_HEIGHT_PX } from '../layout'
import { readSubscribed } from '../lib/search-params'
import { routeHead } from '../lib/seo'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/')({
  loader: async ({ context }) => {
    // A failed load must not break the page: the section then simply shows no cards
    // (docs/product.md#errors-the-user-sees).
    await Promise.all([
      context.queryClient.prefetchQuery(context.trpc.testimonials.list.queryOptions()),
      context.queryClient.prefetchQuery(context.trpc.news.latest.queryOptions()),
      // The notice of a standard in public review (components/review-notice.tsx).
      context.queryClient.prefetchQuery(context.trpc.standards.list.queryOptions()),
    ])
  },
  head: routeHead({
    title: 'Setting Standards for Mild Hyperbaric Wellness',
    description:
      'The mHBOT Standards Council publishes safety standards, education and research for mild hyperbaric oxygen as a wellness practice.',
    path: '/',
  }),
  validateSearch: readSubscribed,
  component: HomePage,
})

const BENEFITS = [
  {
    title: 'Oxygen Enrichment',
    text: 'Gentle pressure lets more oxygen dissolve into the body’s fluids while you rest.',
  },
  { title: 'Energy & Vitality', text: 'Many people report feeling refreshed and energised after a session.' },
  {
    title: 'Recovery Support',
    text: 'Athletes and active people use sessions as part of their rest and recovery routine.',
  },
  { title: 'Mental Clarity', text: 'A quiet, unplugged hour that many describe as calming and clarifying.' },
  { title: 'Overall Wellness', text: 'A relaxing practice that may support a broader healthy lifestyle.' },
  {
    title: 'Safety First',
    text: 'Council protocols for screening, equipment and supervision come before everything else.',
  },
]

const MISSION_POINTS = [
  'Publish clear, practical safety standards for mild hyperbaric wellness sessions.',
  'Educate the public and practitioners with accurate, balanced information.',
  `Set expectations for equipment built to ${CHAMBER_STANDARD} and ${QUALITY_STANDARD} quality systems.`,
  'Keep mild hyperbaric practice distinct from medical hyperbaric oxygen therapy.',
]

function HomePage() {
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

      <PageSection headingId="mission-heading" heading="Our Mission" rhythm="home">
        <BulletList items={MISSION_POINTS} mt="lg" spacing="sm" size="lg" />
      </PageSection>

      <PageSection headingId="what-heading" heading="What is Mild Hyperbaric Oxygen Therapy?" bg="gray.0" rhythm="home">
        <Text mt="lg" size="lg" lh={1.7} maw={820}>
          {`Mild hyperbaric oxygen (mHBOT) means resting in a chamber pressurised slightly above the air around us: up to ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}, where sea level is ${SEA_LEVEL_ATA}. Some chambers add air from an oxygen concentrator, whose output is about ${CONCENTRATOR_OXYGEN} oxygen. Sessions last ${SESSION_LENGTH}.`}
        </Text>
        <Button component={Link} to="/education" variant="light" mt="lg">
          Read the Education Guide
        </Button>
      </PageSection>

      <PageSection headingId="benefits-heading" heading="Wellness Benefits" rhythm="home">
        <IconCardGrid items={BENEFITS} cols={{ base: 1, sm: 2, md: 3 }} />
        <Button component={Link} to="/benefits" variant="light" mt="xl">
          Explore All Benefits
        </Button>
      </PageSection>

      <LatestNews />

      <PageSection headingId="testimonials-heading" heading="What People Say" bg="gray.0" rhythm="home">
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
          <Text size="lg">Have you used mild hyperbaric sessions? Tell the council about it.</Text>
          <Button component={Link} to="/share-your-experience" variant="light">
            Share your experience
          </Button>
        </Group>
      </PageSection>

      <NewsletterForm />

      <DisclaimerBox />

      <PageSection headingId="cta-heading" bg="ocean.9" c="white" rhythm="home">
        <Stack align="flex-start">
          <Title order={2} id="cta-heading">
            Learn More, Practise Safely
          </Title>
          <Text size="lg" maw={680}>
            Read the council’s education guide, or contact us about standards, resources and partnerships.
          </Text>
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
