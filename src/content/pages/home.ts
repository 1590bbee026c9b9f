import type { PageContent } from '../../shared/schemas/pages'
import {
  CHAMBER_STANDARD,
  CONCENTRATOR_OXYGEN,
  MILD_COMMON_ATA,
  MILD_MAX_ATA,
  QUALITY_STANDARD,
  SEA_LEVEL_ATA,
  SESSION_LENGTH,
} from '../facts'

const card = (title: string, body: string) => ({ title, subtitle: '', body })

/**
 * The home page's words below its hero as the site starts with them (revision 0;
 * docs/decisions/055-pages-as-content.md), in Markdown. The hero's title and buttons, the
 * testimonials, the latest news and the newsletter form stay in code.
 */
export const HOME_PAGE: PageContent = {
  description:
    'The mHBOT Standards Council publishes safety standards, education and research for mild hyperbaric oxygen as a wellness practice.',
  sections: [
    {
      id: 'mission',
      heading: 'Our Mission',
      body: [
        'Publish clear, practical safety standards for mild hyperbaric wellness sessions.',
        'Educate the public and practitioners with accurate, balanced information.',
        `Set expectations for equipment built to ${CHAMBER_STANDARD} and ${QUALITY_STANDARD} quality systems.`,
        'Keep mild hyperbaric practice distinct from medical hyperbaric oxygen therapy.',
      ]
        .map((line) => `- ${line}`)
        .join('\n'),
      items: [],
    },
    {
      id: 'what',
      heading: 'What is Mild Hyperbaric Oxygen Therapy?',
      body: `Mild hyperbaric oxygen (mHBOT) means resting in a chamber pressurised slightly above the air around us: up to ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}, where sea level is ${SEA_LEVEL_ATA}. Some chambers add air from an oxygen concentrator, whose output is about ${CONCENTRATOR_OXYGEN} oxygen. Sessions last ${SESSION_LENGTH}.`,
      items: [],
    },
    {
      id: 'benefits',
      heading: 'Wellness Benefits',
      body: '',
      items: [
        card('Oxygen Enrichment', 'Gentle pressure lets more oxygen dissolve into the body’s fluids while you rest.'),
        card('Energy & Vitality', 'Many people report feeling refreshed and energised after a session.'),
        card('Recovery Support', 'Athletes and active people use sessions as part of their rest and recovery routine.'),
        card('Mental Clarity', 'A quiet, unplugged hour that many describe as calming and clarifying.'),
        card('Overall Wellness', 'A relaxing practice that may support a broader healthy lifestyle.'),
        card('Safety First', 'Council protocols for screening, equipment and supervision come before everything else.'),
      ],
    },
    {
      id: 'testimonials',
      heading: 'What People Say',
      body: 'Have you used mild hyperbaric sessions? Tell the council about it.',
      items: [],
    },
    {
      id: 'cta',
      heading: 'Learn More, Practise Safely',
      body: 'Read the council’s education guide, or contact us about standards, resources and partnerships.',
      items: [],
    },
  ],
}
