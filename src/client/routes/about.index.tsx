import { Anchor, Text } from '@mantine/core'
import { createFileRoute, Link } from '@tanstack/react-router'
import { CHAMBER_STANDARD, MILD_COMMON_ATA, MILD_MAX_ATA, QUALITY_STANDARD } from '../../content/facts'
import { BulletList } from '../components/bullet-list'
import { IconCardGrid } from '../components/card-icons'
import { ContactInquiryBlock } from '../components/contact-inquiry-block'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { PageLinks } from '../components/page-links'
import { PageSection } from '../components/page-section'
import { routeHead } from '../lib/seo'
import { useSite } from '../lib/site'

export const Route = createFileRoute('/about/')({
  head: routeHead({
    title: 'About Us',
    description:
      'Who we are: an independent council that sets safety standards and publishes education for mild hyperbaric oxygen as a wellness practice.',
    path: '/about',
  }),
  component: AboutPage,
})

const CORE_VALUES = [
  {
    title: 'Safety First',
    text: 'Screening, pressure limits, trained supervision and sound equipment come before anything else we publish.',
  },
  {
    title: 'Integrity',
    text: 'We describe mild hyperbaric sessions honestly, as a wellness practice, and we do not endorse treatment or cure claims.',
  },
  {
    title: 'Education',
    text: 'Plain-language, balanced information helps the public and practitioners make informed choices.',
  },
  {
    title: 'Collaboration',
    text: 'We work with practitioners, facility operators, manufacturers and researchers to raise standards together.',
  },
]

const ACTIVITIES = [
  'Publish safety protocols for mild hyperbaric wellness sessions, from client screening to emergency procedures.',
  `Set equipment expectations: chambers built to ${CHAMBER_STANDARD} by manufacturers with ${QUALITY_STANDARD}-certified quality systems.`,
  'Provide guidance and checklists for facility operators and their staff.',
  'Maintain a research library that summarises what published studies examined, including their limits.',
  'Produce educational resources that explain what mild hyperbaric sessions are, and what they are not.',
  'Issue public position statements that define terms and keep mild sessions distinct from medical HBOT.',
]

function AboutPage() {
  const site = useSite()

  return (
    <>
      <PageHero title="About Us">
        An independent council setting standards for mild hyperbaric oxygen as a safe, honest wellness practice.
      </PageHero>

      <PageSection headingId="who-heading" heading="Who We Are">
        <Text mt="lg" size="lg" c="dark.6" lh={1.7} maw={820}>
          {`The ${site.name} is a standards body for mild hyperbaric oxygen (mHBOT), the practice of resting in a chamber pressurised up to ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}. We bring together wellness practitioners, facility operators, manufacturers, researchers and members of the public who want the practice to be safe, clearly explained and kept separate from medical hyperbaric oxygen therapy.`}
        </Text>
        <Text mt="md" size="lg" c="dark.6" lh={1.7} maw={820}>
          We do not sell chambers or sessions, and we do not certify medical treatments. Our role is to publish
          standards, guidance and education that anyone can use.
        </Text>
      </PageSection>

      <PageSection headingId="values-heading" heading="Our Core Values" bg="gray.0">
        <IconCardGrid items={CORE_VALUES} cols={{ base: 1, sm: 2, md: 4 }} />
      </PageSection>

      <PageSection headingId="what-heading" heading="What We Do">
        <BulletList items={ACTIVITIES} mt="lg" spacing="sm" size="lg" c="dark.6" maw={820} />
      </PageSection>

      <PageSection headingId="commitment-heading" heading="Our Commitment" flushTop>
        <Text mt="lg" size="lg" c="dark.6" lh={1.7} maw={820}>
          We are committed to accuracy over enthusiasm. The figures we publish are stated plainly, our benefit language
          stays within general wellness, and we acknowledge that the research on mild hyperbaric pressure is still early
          and limited. When the evidence or the standards change, we update our guidance.
        </Text>
        <Text mt="md" size="lg" c="dark.6" lh={1.7} maw={820}>
          Read our{' '}
          <Anchor component={Link} to="/about/mission-statement" underline="always">
            Mission Statement
          </Anchor>{' '}
          and our{' '}
          <Anchor component={Link} to="/about/position-statement" underline="always">
            Position Statement
          </Anchor>{' '}
          for the principles behind our work.
        </Text>
        <PageLinks from="/about" />
      </PageSection>

      <ContactInquiryBlock />

      <DisclaimerBox />
    </>
  )
}
