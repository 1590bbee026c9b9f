import { Paper, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { MILD_COMMON_ATA, MILD_MAX_ATA, NO_ALCOHOL_BEFORE } from '../../content/facts'
import { BulletList } from '../components/bullet-list'
import { IconCardGrid } from '../components/card-icons'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { PageLinks } from '../components/page-links'
import { PageSection } from '../components/page-section'
import { routeHead } from '../lib/seo'

export const Route = createFileRoute('/benefits')({
  head: routeHead({
    title: 'Benefits',
    description:
      'The wellness benefits people report from mild hyperbaric sessions, how to fit sessions into a healthy routine, and what to keep in mind.',
    path: '/benefits',
  }),
  component: BenefitsPage,
})

const BENEFITS = [
  {
    title: 'Oxygen Enrichment',
    text: 'Under gentle pressure, more oxygen dissolves into the body’s fluids. Many people value sessions as a way to support their everyday sense of wellbeing.',
  },
  {
    title: 'Energy & Vitality',
    text: 'Many people report feeling refreshed and more energised after a session.',
  },
  {
    title: 'Recovery Support',
    text: 'Athletes and active people often include sessions in their rest and recovery routine; it may support how they feel between workouts.',
  },
  {
    title: 'Mental Clarity',
    text: 'A quiet, unplugged hour that many people describe as clearing their head and helping them refocus.',
  },
  {
    title: 'Relaxation & Calm',
    text: 'Resting in a still, enclosed space away from screens may support relaxation and a sense of calm.',
  },
  {
    title: 'Restful Sleep',
    text: 'Some people report sleeping well after a session, and use sessions as part of a restful evening routine.',
  },
  {
    title: 'Active Lifestyle',
    text: 'Sessions may support an active lifestyle when combined with regular movement, good nutrition and rest.',
  },
  {
    title: 'Overall Wellness',
    text: 'Many people report that regular sessions are a worthwhile part of a balanced, healthy lifestyle.',
  },
]

const INTEGRATION_ADVICE = [
  'Talk to your healthcare provider first, and complete the facility’s screening questionnaire before your first session.',
  'Start gently: a lower pressure, such as 1.3 ATA, lets you get used to equalising your ears.',
  'Choose a consistent schedule you can keep, rather than many sessions at once.',
  `Arrive hydrated, avoid alcohol for ${NO_ALCOHOL_BEFORE} before a session, and skip heavy meals just beforehand.`,
  'Pair sessions with the basics that matter most: sleep, nutrition, movement and stress management.',
  'Keep a simple journal of how you feel, and adjust your routine with your provider and operator.',
  'Choose a facility that follows council standards: screening, a trained operator and certified equipment.',
]

const IMPORTANT_NOTES = [
  'Mild hyperbaric sessions are a wellness practice. They are not intended to diagnose, treat, cure or prevent any disease.',
  'Experiences vary from person to person, and reported benefits are not guaranteed.',
  'Research on mild hyperbaric pressure is still early and limited; many published studies were carried out in animals.',
  'Never stop or delay medical care, or change prescribed treatment, because of a wellness practice.',
  'Check the contraindications on our Safety & Standards page before your first session.',
]

function BenefitsPage() {
  return (
    <>
      <PageHero title="Wellness Benefits">
        What people report from mild hyperbaric sessions, described honestly as general wellness support.
      </PageHero>

      <PageSection headingId="benefits-heading" heading="Potential Wellness Benefits">
        <Text mt="md" size="lg" c="dark.6" lh={1.7} maw={820}>
          {`Mild hyperbaric sessions, at up to ${MILD_MAX_ATA} and commonly ${MILD_COMMON_ATA}, are used by many people as a restful wellness practice. These are the benefits people most often describe.`}
        </Text>
        <IconCardGrid items={BENEFITS} cols={{ base: 1, sm: 2, md: 4 }} cardTestId="benefit-card" />
      </PageSection>

      <PageSection headingId="integration-heading" heading="Integrating mHBOT into Your Wellness Routine" bg="gray.0">
        <BulletList items={INTEGRATION_ADVICE} mt="lg" spacing="sm" size="lg" c="dark.7" maw={860} />
      </PageSection>

      <PageSection headingId="notes-heading" heading="Important Notes">
        <Paper mt="lg" p="lg" radius="md" bg="ocean.0" maw={860} withBorder>
          <BulletList items={IMPORTANT_NOTES} spacing="sm" size="md" c="dark.8" />
        </Paper>
        <PageLinks from="/benefits" />
      </PageSection>

      <DisclaimerBox />
    </>
  )
}
