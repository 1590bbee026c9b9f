import { Stack, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import {
  CONCENTRATOR_OXYGEN,
  MEDICAL_ATA,
  MEDICAL_TYPICAL_ATA,
  MILD_COMMON_ATA,
  MILD_MAX_ATA,
  SEA_LEVEL_ATA,
  SESSION_LENGTH,
} from '../../content/facts'
import { COMPARISON_TABLE } from '../../content/passages'
import { ComparisonTable } from '../components/comparison-table'
import { DisclaimerBox } from '../components/disclaimer-box'
import { FeatureCard, FeatureGrid } from '../components/feature-card'
import { PageHero } from '../components/page-hero'
import { PageLinks } from '../components/page-links'
import { PageSection } from '../components/page-section'
import { PressureScale } from '../components/pressure-scale'
import { RegulatoryNote } from '../components/regulatory-note'
import { ResponsiveGrid } from '../components/responsive-grid'
import { routeHead } from '../lib/seo'

export const Route = createFileRoute('/education')({
  head: routeHead({
    title: 'Education',
    description:
      'What mild hyperbaric oxygen (mHBOT) is, how it works, key concepts such as ATA and oxygen concentrators, and how wellness sessions differ from medical HBOT.',
    path: '/education',
  }),
  component: EducationPage,
})

const HOW_IT_WORKS = [
  {
    title: 'Pressurisation',
    text: `Once you are settled, the chamber is slowly filled with air until it reaches the set pressure, usually ${MILD_COMMON_ATA}. You equalise your ears as it fills, much as on a descending aeroplane.`,
  },
  {
    title: 'More oxygen dissolves',
    text: 'Gases dissolve more readily into liquids under higher pressure. In the chamber, more oxygen dissolves into the body’s fluids than at normal air pressure.',
  },
  {
    title: 'Rest at pressure',
    text: 'For most of the session you simply rest, read or sleep. Some chambers also supply oxygen-enriched air from a concentrator through a mask or cannula.',
  },
  {
    title: 'Gradual release',
    text: `At the end the pressure is released gradually back to ${SEA_LEVEL_ATA}, and you rest for a few minutes before leaving.`,
  },
]

const KEY_CONCEPTS = [
  {
    title: 'ATA (atmospheres absolute)',
    figure: SEA_LEVEL_ATA,
    text: `ATA is the total pressure on your body, including the air around you. Sea level is ${SEA_LEVEL_ATA}.`,
  },
  {
    title: 'Mild pressure',
    figure: `Up to ${MILD_MAX_ATA}`,
    text: `Mild sessions run at up to ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}. At 1.3 ATA the extra pressure is about 4.4 psi, similar to being about 3 metres (10 feet) under water.`,
  },
  {
    title: 'Oxygen concentrator',
    figure: `About ${CONCENTRATOR_OXYGEN}`,
    text: `A concentrator filters room air to deliver about ${CONCENTRATOR_OXYGEN} oxygen through a mask or cannula. It sits outside the chamber; compressed oxygen cylinders do not belong in a wellness chamber.`,
  },
  {
    title: 'Session length',
    figure: SESSION_LENGTH,
    text: `Sessions last ${SESSION_LENGTH}, including gradual pressurisation at the start and depressurisation at the end.`,
  },
]

function EducationPage() {
  return (
    <>
      <PageHero title="Education">
        A plain-language guide to mild hyperbaric oxygen: what it is, how it works, and how it differs from medical
        hyperbaric oxygen therapy.
      </PageHero>

      <PageSection headingId="what-heading" heading="What is Mild Hyperbaric Oxygen Therapy?">
        <Text mt="lg" size="lg" c="dark.6" lh={1.7} maw={820}>
          {`Mild hyperbaric oxygen, usually shortened to mHBOT, means resting in a chamber pressurised slightly above the air around us. Sea level is ${SEA_LEVEL_ATA}; mild sessions run at up to ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}. Chambers range from soft-sided units for one or two people to hard-shell models, and they are found in wellness centres, studios and homes.`}
        </Text>
        <Text mt="md" size="lg" c="dark.6" lh={1.7} maw={820}>
          The council treats mHBOT as a wellness practice: time set aside to rest in a quiet, pressurised space. It is
          not a medical treatment and is not a substitute for care from a qualified healthcare provider.
        </Text>
        <PressureScale />
      </PageSection>

      <PageSection headingId="how-heading" heading="How It Works" bg="gray.0">
        <FeatureGrid items={HOW_IT_WORKS} cols={{ base: 1, sm: 2, md: 4 }} icon={(index) => index + 1} />
      </PageSection>

      <PageSection headingId="concepts-heading" heading="Key Concepts">
        <ResponsiveGrid cols={{ base: 1, sm: 2 }} mt="xl" spacing="lg">
          {KEY_CONCEPTS.map((concept) => (
            <FeatureCard key={concept.title} title={concept.title}>
              <Text mt={6} fz={28} fw={700} c="ocean.8" lh={1.2}>
                {concept.figure}
              </Text>
              <Text mt="sm" c="dark.6" lh={1.6}>
                {concept.text}
              </Text>
            </FeatureCard>
          ))}
        </ResponsiveGrid>
      </PageSection>

      <PageSection headingId="compare-heading" heading="Wellness Versus Medical" bg="gray.0">
        <Stack gap="md" mt="lg" maw={820}>
          <Text size="lg" c="dark.7" lh={1.7}>
            {`Medical hyperbaric oxygen therapy (HBOT) is stated as ${MEDICAL_ATA} with 100% oxygen, a range that spans clinical treatment protocols. It is prescribed and supervised by physicians in hospitals and licensed clinical facilities for specific medical conditions.`}
          </Text>
          <Text size="lg" c="dark.7" lh={1.7}>
            {`The comparison below draws the line more simply: medical HBOT runs above ${MILD_MAX_ATA}, typically ${MEDICAL_TYPICAL_ATA}, while mild wellness sessions stay at or below ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}. Either way, the two are different practices with different purposes.`}
          </Text>
        </Stack>
        <ComparisonTable
          header={COMPARISON_TABLE.header}
          rows={COMPARISON_TABLE.rows}
          label="Comparison table: mild versus medical hyperbaric oxygen"
          caption="Mild hyperbaric sessions compared with medical hyperbaric oxygen therapy"
          mt="xl"
        />
        <RegulatoryNote mt="xl" />
      </PageSection>

      <PageSection headingId="next-heading" heading="Next: Wellness Benefits">
        <Text mt="md" size="lg" c="dark.6" lh={1.7} maw={820}>
          Learn what people report from mild hyperbaric sessions, how to fit them into a wellness routine, and what to
          keep in mind.
        </Text>
        <PageLinks from="/education" mt="lg" />
      </PageSection>

      <DisclaimerBox />
    </>
  )
}
