import { Paper, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import {
  CHAMBER_STANDARD,
  CONCENTRATOR_OXYGEN,
  MILD_COMMON_ATA,
  MILD_MAX_ATA,
  NO_ALCOHOL_BEFORE,
  QUALITY_STANDARD,
  SESSION_LENGTH,
} from '../../content/facts'
import { CONTRAINDICATIONS } from '../../content/passages'
import { BulletList } from '../components/bullet-list'
import { DisclaimerBox } from '../components/disclaimer-box'
import { FeatureCard, FeatureGrid } from '../components/feature-card'
import { PageHero } from '../components/page-hero'
import { PageLinks } from '../components/page-links'
import { PageSection } from '../components/page-section'
import { RegulatoryNote } from '../components/regulatory-note'
import { ResponsiveGrid } from '../components/responsive-grid'
import { routeHead } from '../lib/seo'

export const Route = createFileRoute('/safety')({
  head: routeHead({
    title: 'Safety & Standards',
    description: `Council safety protocols for mild hyperbaric sessions: screening, supervision, pressure limits, session guidelines, contraindications and equipment standards (${CHAMBER_STANDARD}, ${QUALITY_STANDARD}).`,
    path: '/safety',
  }),
  component: SafetyPage,
})

const PROTOCOLS = [
  {
    title: 'Client Screening',
    text: 'Every client completes a written screening questionnaire before a first session and reports any change in health before later ones. Anyone with a listed contraindication consults a healthcare provider first.',
  },
  {
    title: 'Trained Supervision',
    text: 'A trained operator is present for the whole of every session, stays in contact with the client, and knows and practises the chamber’s emergency depressurisation procedure.',
  },
  {
    title: 'Pressure Limits',
    text: `Wellness sessions never exceed ${MILD_MAX_ATA}; most run at ${MILD_COMMON_ATA}. Pressurisation and depressurisation are gradual, and pause whenever a client has ear discomfort.`,
  },
  {
    title: 'Fire & Oxygen Safety',
    text: `Oxygen, where offered, comes from a concentrator (about ${CONCENTRATOR_OXYGEN}) placed as the manufacturer specifies, never from compressed cylinders in a wellness chamber. No electronics, heat sources or oil-based products go inside.`,
  },
]

const GUIDELINES = [
  {
    title: 'Before a Session',
    items: [
      'Complete the screening questionnaire and consult a healthcare provider if any contraindication applies.',
      `Avoid alcohol for ${NO_ALCOHOL_BEFORE} before a session.`,
      'Arrive hydrated and avoid a heavy meal just beforehand.',
      'Wear loose cotton clothing; avoid lotions, oils and oil-based hair or skin products.',
      'Leave phones, electronics, lighters, hand warmers and other heat sources outside the chamber.',
      'Learn how to equalise your ears and how to signal the operator.',
      'Reschedule if you have a cold, congestion or any new symptom.',
    ],
  },
  {
    title: 'During a Session',
    items: [
      'Equalise your ears by swallowing, yawning or gently pinching your nose and blowing as the pressure rises.',
      'Tell the operator straight away about ear pain, dizziness, anxiety or anything unusual; the operator can slow, pause or end the session.',
      'Breathe normally and rest; if using oxygen, keep the mask or cannula positioned as shown.',
      `Stay within the usual session length of ${SESSION_LENGTH}.`,
    ],
  },
  {
    title: 'After a Session',
    items: [
      'Let the chamber depressurise gradually, and keep equalising your ears as it does.',
      'Rest for a few minutes before getting up and leaving.',
      'Drink water and notice how you feel.',
      'Tell the operator about anything unusual so it can be noted in the session record.',
      'If ear pain, dizziness or other symptoms persist, contact a healthcare provider.',
    ],
  },
]

const FACILITY_STANDARDS = [
  {
    title: CHAMBER_STANDARD,
    subtitle: 'Safety Standard for Pressure Vessels for Human Occupancy',
    text: 'An American National Standard covering the design, fabrication, inspection, testing, marking and stamping of chambers and their piping. It applies above a 2 psi pressure difference, so even a 1.3 ATA chamber (about 4.4 psi above sea level) is in scope. The council expects chambers to be built to PVHO-1; its companion, PVHO-2, covers in-service operation and maintenance.',
  },
  {
    title: QUALITY_STANDARD,
    subtitle: 'Medical devices: quality management systems',
    text: `${QUALITY_STANDARD}:2016 sets requirements for a manufacturer’s quality management system. The council expects chamber manufacturers to hold ${QUALITY_STANDARD} certification. Note what it means: certification shows that the manufacturer’s design, production and record-keeping processes are controlled. It is not an approval of any particular product’s safety.`,
  },
  {
    title: 'NFPA 99, Chapter 14',
    subtitle: 'Hyperbaric facilities',
    text: 'The Health Care Facilities Code’s chapter on hyperbaric facilities sorts chambers into classes: A (several people), B (one person) and C (animals), and sets fire-safety, electrical and ventilation requirements. It is useful background for any facility planning its room, equipment and emergency procedures.',
  },
  {
    title: 'Facility Operations',
    subtitle: 'What the council expects day to day',
    text: 'A written emergency procedure that staff practise; a documented inspection and maintenance schedule with records of every service; a session record for each client visit; a ventilated, uncluttered room around the chamber; and operators trained on the specific chamber in use.',
  },
]

function SafetyPage() {
  return (
    <>
      <PageHero title="Safety & Standards">
        The protocols, session guidelines and equipment standards the council expects of every mild hyperbaric wellness
        provider.
      </PageHero>

      <PageSection headingId="protocols-heading" heading="Core Safety Protocols">
        <FeatureGrid
          items={PROTOCOLS}
          cols={{ base: 1, sm: 2, md: 4 }}
          icon={(index) => index + 1}
          cardTestId="protocol-card"
        />
      </PageSection>

      <PageSection headingId="guidelines-heading" heading="Session Guidelines" bg="gray.0">
        <ResponsiveGrid cols={{ base: 1, md: 3 }} mt="xl" spacing="lg">
          {GUIDELINES.map((group) => (
            <FeatureCard key={group.title} title={group.title}>
              <BulletList items={group.items} mt="md" spacing="xs" size="md" c="dark.6" />
            </FeatureCard>
          ))}
        </ResponsiveGrid>
      </PageSection>

      <PageSection headingId="contraindications-heading" heading="Contraindications">
        <Text mt="md" size="lg" c="dark.6" lh={1.7} maw={820}>
          Do not begin mild hyperbaric sessions without a healthcare provider’s advice if any of the following apply:
        </Text>
        <Paper mt="lg" p="lg" radius="md" withBorder bg="red.0" maw={820}>
          <BulletList items={CONTRAINDICATIONS} spacing="xs" size="lg" c="dark.8" data-testid="contraindications" />
        </Paper>
        <Text mt="md" c="dark.6" lh={1.7} maw={820}>
          Tell the operator about any other health condition or medication before a session, and about any change in
          your health before each later one.
        </Text>
      </PageSection>

      <PageSection headingId="standards-heading" heading="Facility & Equipment Standards" bg="gray.0">
        <Text mt="md" size="lg" c="dark.7" lh={1.7} maw={820}>
          The council points providers to recognised standards rather than inventing its own. These are the ones we
          reference, and what each actually covers.
        </Text>
        <ResponsiveGrid cols={{ base: 1, md: 2 }} mt="xl" spacing="lg">
          {FACILITY_STANDARDS.map((standard) => (
            <FeatureCard key={standard.title} title={standard.title}>
              <Text mt={4} fw={600} c="ocean.9" size="sm">
                {standard.subtitle}
              </Text>
              <Text mt="sm" c="dark.6" lh={1.6}>
                {standard.text}
              </Text>
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
