import type { PageContent } from '../../shared/schemas/pages'
import { MILD_COMMON_ATA, MILD_MAX_ATA, NO_ALCOHOL_BEFORE } from '../facts'

const list = (lines: string[]) => lines.map((line) => `- ${line}`).join('\n')
const card = (title: string, body: string) => ({ title, subtitle: '', body })

/** /benefits's words as the site starts with them (revision 0; docs/decisions/055-pages-as-content.md), in Markdown. */
export const BENEFITS_PAGE: PageContent = {
  description:
    'The wellness benefits people report from mild hyperbaric sessions, how to fit sessions into a healthy routine, and what to keep in mind.',
  sections: [
    {
      id: 'intro',
      heading: '',
      body: 'What people report from mild hyperbaric sessions, described honestly as general wellness support.',
      items: [],
    },
    {
      id: 'benefits',
      heading: 'Potential Wellness Benefits',
      body: `Mild hyperbaric sessions, at up to ${MILD_MAX_ATA} and commonly ${MILD_COMMON_ATA}, are used by many people as a restful wellness practice. These are the benefits people most often describe.`,
      items: [
        card(
          'Oxygen Enrichment',
          'Under gentle pressure, more oxygen dissolves into the body’s fluids. Many people value sessions as a way to support their everyday sense of wellbeing.',
        ),
        card('Energy & Vitality', 'Many people report feeling refreshed and more energised after a session.'),
        card(
          'Recovery Support',
          'Athletes and active people often include sessions in their rest and recovery routine; it may support how they feel between workouts.',
        ),
        card(
          'Mental Clarity',
          'A quiet, unplugged hour that many people describe as clearing their head and helping them refocus.',
        ),
        card(
          'Relaxation & Calm',
          'Resting in a still, enclosed space away from screens may support relaxation and a sense of calm.',
        ),
        card(
          'Restful Sleep',
          'Some people report sleeping well after a session, and use sessions as part of a restful evening routine.',
        ),
        card(
          'Active Lifestyle',
          'Sessions may support an active lifestyle when combined with regular movement, good nutrition and rest.',
        ),
        card(
          'Overall Wellness',
          'Many people report that regular sessions are a worthwhile part of a balanced, healthy lifestyle.',
        ),
      ],
    },
    {
      id: 'integration',
      heading: 'Integrating mHBOT into Your Wellness Routine',
      body: list([
        'Talk to your healthcare provider first, and complete the facility’s screening questionnaire before your first session.',
        'Start gently: a lower pressure, such as 1.3 ATA, lets you get used to equalising your ears.',
        'Choose a consistent schedule you can keep, rather than many sessions at once.',
        `Arrive hydrated, avoid alcohol for ${NO_ALCOHOL_BEFORE} before a session, and skip heavy meals just beforehand.`,
        'Pair sessions with the basics that matter most: sleep, nutrition, movement and stress management.',
        'Keep a simple journal of how you feel, and adjust your routine with your provider and operator.',
        'Choose a facility that follows council standards: screening, a trained operator and certified equipment.',
      ]),
      items: [],
    },
    {
      id: 'notes',
      heading: 'Important Notes',
      body: list([
        'Mild hyperbaric sessions are a wellness practice. They are not intended to diagnose, treat, cure or prevent any disease.',
        'Experiences vary from person to person, and reported benefits are not guaranteed.',
        'Research on mild hyperbaric pressure is still early and limited; many published studies were carried out in animals.',
        'Never stop or delay medical care, or change prescribed treatment, because of a wellness practice.',
        'Check the contraindications on our Safety & Standards page before your first session.',
      ]),
      items: [],
    },
  ],
}
