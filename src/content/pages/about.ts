import type { PageContent } from '../../shared/schemas/pages'
import { CHAMBER_STANDARD, MILD_COMMON_ATA, MILD_MAX_ATA, QUALITY_STANDARD } from '../facts'

const card = (title: string, body: string) => ({ title, subtitle: '', body })

/**
 * /about's words as the site starts with them (revision 0; docs/decisions/055-pages-as-content.md),
 * in Markdown; `{council}` is the council's name from its settings.
 */
export const ABOUT_PAGE: PageContent = {
  description:
    'Who we are: an independent council that sets safety standards and publishes education for mild hyperbaric oxygen as a wellness practice.',
  sections: [
    {
      id: 'intro',
      heading: '',
      body: 'An independent council setting standards for mild hyperbaric oxygen as a safe, honest wellness practice.',
      items: [],
    },
    {
      id: 'who',
      heading: 'Who We Are',
      body: [
        `The {council} is a standards body for mild hyperbaric oxygen (mHBOT), the practice of resting in a chamber pressurised up to ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}. We bring together wellness practitioners, facility operators, manufacturers, researchers and members of the public who want the practice to be safe, clearly explained and kept separate from medical hyperbaric oxygen therapy.`,
        'We do not sell chambers or sessions, and we do not certify medical treatments. Our role is to publish standards, guidance and education that anyone can use.',
      ].join('\n\n'),
      items: [],
    },
    {
      id: 'values',
      heading: 'Our Core Values',
      body: '',
      items: [
        card(
          'Safety First',
          'Screening, pressure limits, trained supervision and sound equipment come before anything else we publish.',
        ),
        card(
          'Integrity',
          'We describe mild hyperbaric sessions honestly, as a wellness practice, and we do not endorse treatment or cure claims.',
        ),
        card(
          'Education',
          'Plain-language, balanced information helps the public and practitioners make informed choices.',
        ),
        card(
          'Collaboration',
          'We work with practitioners, facility operators, manufacturers and researchers to raise standards together.',
        ),
      ],
    },
    {
      id: 'what',
      heading: 'What We Do',
      body: [
        'Publish safety protocols for mild hyperbaric wellness sessions, from client screening to emergency procedures.',
        `Set equipment expectations: chambers built to ${CHAMBER_STANDARD} by manufacturers with ${QUALITY_STANDARD}-certified quality systems.`,
        'Provide guidance and checklists for facility operators and their staff.',
        'Maintain a research library that summarises what published studies examined, including their limits.',
        'Produce educational resources that explain what mild hyperbaric sessions are, and what they are not.',
        'Issue public position statements that define terms and keep mild sessions distinct from medical HBOT.',
      ]
        .map((line) => `- ${line}`)
        .join('\n'),
      items: [],
    },
    {
      id: 'commitment',
      heading: 'Our Commitment',
      body: [
        'We are committed to accuracy over enthusiasm. The figures we publish are stated plainly, our benefit language stays within general wellness, and we acknowledge that the research on mild hyperbaric pressure is still early and limited. When the evidence or the standards change, we update our guidance.',
        'Read our [Mission Statement](/about/mission-statement) and our [Position Statement](/about/position-statement) for the principles behind our work.',
      ].join('\n\n'),
      items: [],
    },
    {
      id: 'inquiry',
      heading: 'Questions or Inquiries?',
      body: 'We welcome questions about our standards, educational materials, facility guidance and partnership opportunities.',
      items: [],
    },
  ],
}
