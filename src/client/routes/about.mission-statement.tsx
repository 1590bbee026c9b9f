import { Box, Paper, Stack, Text, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { CHAMBER_STANDARD, MILD_COMMON_ATA, MILD_MAX_ATA, QUALITY_STANDARD } from '../../content/facts'
import { DisclaimerBox } from '../components/disclaimer-box'
import { FeatureGrid } from '../components/feature-card'
import { PageHero } from '../components/page-hero'
import { PageLinks } from '../components/page-links'
import { PageSection } from '../components/page-section'
import { routeHead } from '../lib/seo'
import { useSite } from '../lib/site'

export const Route = createFileRoute('/about/mission-statement')({
  head: routeHead({
    title: 'Mission Statement',
    description:
      'The council’s mission, its three pillars of safety, education and integrity, and its commitments to the public, practitioners and the wider field.',
    path: '/about/mission-statement',
  }),
  component: MissionStatementPage,
})

const PILLARS = [
  {
    title: 'Safety',
    text: `Clear limits and protocols for every session: pressure up to ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}; screening for contraindications before a first session; a trained operator present throughout; and chambers built to ${CHAMBER_STANDARD} by manufacturers with ${QUALITY_STANDARD}-certified quality systems.`,
  },
  {
    title: 'Education',
    text: 'Accurate, plain-language information about what mild hyperbaric sessions are, how they differ from medical hyperbaric oxygen therapy, and what people can reasonably expect, so that everyone can make informed choices.',
  },
  {
    title: 'Integrity',
    text: 'Honest wellness framing. We describe possible benefits as general wellness support, we say where the research is limited, and we do not endorse claims that mild sessions treat, cure or prevent disease.',
  },
]

const COMMITMENTS = [
  {
    title: 'To the Public',
    text: 'We will publish our standards openly, explain them in plain language, and always remind readers to consult a healthcare provider before starting a new wellness practice.',
  },
  {
    title: 'To Practitioners and Facility Operators',
    text: 'We will provide practical, usable guidance, from screening questionnaires to emergency procedures, and keep it current as equipment and understanding improve.',
  },
  {
    title: 'To Manufacturers and Researchers',
    text: 'We will base our equipment expectations on recognised standards, summarise research fairly, and welcome collaboration that strengthens the evidence and the safety record of the field.',
  },
]

function MissionStatementPage() {
  const site = useSite()

  return (
    <>
      <PageHero title="Mission Statement">
        Why the council exists, the pillars our work rests on, and the commitments we hold ourselves to.
      </PageHero>

      <PageSection headingId="mission-heading" heading="Our Mission">
        <Paper
          mt="lg"
          p={{ base: 'lg', sm: 'xl' }}
          radius="md"
          bg="ocean.0"
          maw={860}
          style={{ borderLeft: '4px solid var(--mantine-color-ocean-8)' }}
        >
          <Text fz={{ base: 'lg', sm: 'xl' }} c="dark.8" lh={1.6} fw={500}>
            The {site.name} exists to make mild hyperbaric oxygen a safe, well-understood wellness practice by setting
            clear standards, educating the public and practitioners, and keeping the practice honestly distinct from
            medical treatment.
          </Text>
        </Paper>
        <Text mt="lg" size="lg" c="dark.6" lh={1.7} maw={860}>
          Mild hyperbaric sessions have become widely available in wellness centres, studios and homes. We believe the
          people who use them deserve consistent safety practices and straightforward information, and that the practice
          is best served by modest, accurate claims.
        </Text>
      </PageSection>

      <PageSection headingId="pillars-heading" heading="Our Three Pillars" bg="gray.0">
        <FeatureGrid items={PILLARS} cols={{ base: 1, md: 3 }} icon={(index) => index + 1} />
      </PageSection>

      <PageSection headingId="commitments-heading" heading="Our Commitments">
        <Stack mt="xl" gap="lg" maw={860}>
          {COMMITMENTS.map((commitment) => (
            <Box key={commitment.title}>
              <Title order={3} size="h4">
                {commitment.title}
              </Title>
              <Text mt={6} c="dark.6" lh={1.7}>
                {commitment.text}
              </Text>
            </Box>
          ))}
        </Stack>
        <PageLinks from="/about/mission-statement" />
      </PageSection>

      <DisclaimerBox />
    </>
  )
}
