import { ContactInquiryBlock } from '../components/contact-inquiry-block'
import { ContentCards } from '../components/content-cards'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { PageLinks } from '../components/page-links'
import { PageSection } from '../components/page-section'
import { Prose } from '../components/prose'
import { type PageView, sectionOf } from '../lib/page-content'

/** /about, its words the council's (docs/decisions/055-pages-as-content.md); a value's icon is its title's. */
export function AboutPageBody({ page }: { page: PageView }) {
  const intro = sectionOf(page, 'intro')
  const who = sectionOf(page, 'who')
  const values = sectionOf(page, 'values')
  const what = sectionOf(page, 'what')
  const commitment = sectionOf(page, 'commitment')
  const inquiry = sectionOf(page, 'inquiry')
  return (
    <>
      <PageHero title="About Us" html={intro.html} />

      <PageSection headingId="who-heading" heading={who.heading}>
        <Prose html={who.html} variant="lead" mt="lg" />
      </PageSection>

      <PageSection headingId="values-heading" heading={values.heading} bg="gray.0">
        <ContentCards items={values.items} cols={{ base: 1, sm: 2, md: 4 }} icon="title" />
      </PageSection>

      <PageSection headingId="what-heading" heading={what.heading}>
        <Prose html={what.html} variant="lead" mt="lg" />
      </PageSection>

      <PageSection headingId="commitment-heading" heading={commitment.heading} flushTop>
        <Prose html={commitment.html} variant="lead" mt="lg" />
        <PageLinks from="/about" />
      </PageSection>

      <ContactInquiryBlock heading={inquiry.heading} html={inquiry.html} />

      <DisclaimerBox />
    </>
  )
}
