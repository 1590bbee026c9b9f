import type { PageContent } from '../../shared/schemas/pages'
import {
  CONCENTRATOR_OXYGEN,
  MEDICAL_ATA,
  MEDICAL_TYPICAL_ATA,
  MILD_COMMON_ATA,
  MILD_MAX_ATA,
  SEA_LEVEL_ATA,
  SESSION_LENGTH,
} from '../facts'

const card = (title: string, body: string, subtitle = '') => ({ title, subtitle, body })

/**
 * /education's words as the site starts with them (revision 0; docs/decisions/055-pages-as-content.md),
 * in Markdown. The pressure scale and the comparison table are drawn from the facts and stay in code.
 */
export const EDUCATION_PAGE: PageContent = {
  description:
    'What mild hyperbaric oxygen (mHBOT) is, how it works, key concepts such as ATA and oxygen concentrators, and how wellness sessions differ from medical HBOT.',
  sections: [
    {
      id: 'intro',
      heading: '',
      body: 'A plain-language guide to mild hyperbaric oxygen: what it is, how it works, and how it differs from medical hyperbaric oxygen therapy.',
      items: [],
    },
    {
      id: 'what',
      heading: 'What is Mild Hyperbaric Oxygen Therapy?',
      body: [
        `Mild hyperbaric oxygen, usually shortened to mHBOT, means resting in a chamber pressurised slightly above the air around us. Sea level is ${SEA_LEVEL_ATA}; mild sessions run at up to ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}. Chambers range from soft-sided units for one or two people to hard-shell models, and they are found in wellness centres, studios and homes.`,
        'The council treats mHBOT as a wellness practice: time set aside to rest in a quiet, pressurised space. It is not a medical treatment and is not a substitute for care from a qualified healthcare provider.',
      ].join('\n\n'),
      items: [],
    },
    {
      id: 'how',
      heading: 'How It Works',
      body: '',
      items: [
        card(
          'Pressurisation',
          `Once you are settled, the chamber is slowly filled with air until it reaches the set pressure, usually ${MILD_COMMON_ATA}. You equalise your ears as it fills, much as on a descending aeroplane.`,
        ),
        card(
          'More oxygen dissolves',
          'Gases dissolve more readily into liquids under higher pressure. In the chamber, more oxygen dissolves into the body’s fluids than at normal air pressure.',
        ),
        card(
          'Rest at pressure',
          'For most of the session you simply rest, read or sleep. Some chambers also supply oxygen-enriched air from a concentrator through a mask or cannula.',
        ),
        card(
          'Gradual release',
          `At the end the pressure is released gradually back to ${SEA_LEVEL_ATA}, and you rest for a few minutes before leaving.`,
        ),
      ],
    },
    {
      id: 'concepts',
      heading: 'Key Concepts',
      body: '',
      items: [
        card(
          'ATA (atmospheres absolute)',
          `ATA is the total pressure on your body, including the air around you. Sea level is ${SEA_LEVEL_ATA}.`,
          SEA_LEVEL_ATA,
        ),
        card(
          'Mild pressure',
          `Mild sessions run at up to ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}. At 1.3 ATA the extra pressure is about 4.4 psi, similar to being about 3 metres (10 feet) under water.`,
          `Up to ${MILD_MAX_ATA}`,
        ),
        card(
          'Oxygen concentrator',
          `A concentrator filters room air to deliver about ${CONCENTRATOR_OXYGEN} oxygen through a mask or cannula. It sits outside the chamber; compressed oxygen cylinders do not belong in a wellness chamber.`,
          `About ${CONCENTRATOR_OXYGEN}`,
        ),
        card(
          'Session length',
          `Sessions last ${SESSION_LENGTH}, including gradual pressurisation at the start and depressurisation at the end.`,
          SESSION_LENGTH,
        ),
      ],
    },
    {
      id: 'compare',
      heading: 'Wellness Versus Medical',
      body: [
        `Medical hyperbaric oxygen therapy (HBOT) is stated as ${MEDICAL_ATA} with 100% oxygen, a range that spans clinical treatment protocols. It is prescribed and supervised by physicians in hospitals and licensed clinical facilities for specific medical conditions.`,
        `The comparison below draws the line more simply: medical HBOT runs above ${MILD_MAX_ATA}, typically ${MEDICAL_TYPICAL_ATA}, while mild wellness sessions stay at or below ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}. Either way, the two are different practices with different purposes.`,
      ].join('\n\n'),
      items: [],
    },
    {
      id: 'next',
      heading: 'Next: Wellness Benefits',
      body: 'Learn what people report from mild hyperbaric sessions, how to fit them into a wellness routine, and what to keep in mind.',
      items: [],
    },
  ],
}
