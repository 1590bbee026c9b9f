import type { PageContent } from '../../shared/schemas/pages'
import {
  CHAMBER_STANDARD,
  CONCENTRATOR_OXYGEN,
  MILD_COMMON_ATA,
  MILD_MAX_ATA,
  NO_ALCOHOL_BEFORE,
  QUALITY_STANDARD,
  SESSION_LENGTH,
} from '../facts'

/**
 * /safety's words as the site starts with them (revision 0; docs/decisions/055-pages-as-content.md),
 * in Markdown. The contraindications' list is not here: the position statement states the same
 * list (passages.ts), and one list is kept in one place.
 */
export const SAFETY_PAGE: PageContent = {
  description: `Safety protocols for mild hyperbaric sessions: screening, supervision, pressure limits, contraindications and equipment standards (${CHAMBER_STANDARD}, ${QUALITY_STANDARD}).`,
  sections: [
    {
      id: 'intro',
      heading: '',
      body: 'The protocols, session guidelines and equipment standards the council expects of every mild hyperbaric wellness provider.',
      items: [],
    },
    {
      id: 'protocols',
      heading: 'Core Safety Protocols',
      body: '',
      items: [
        {
          title: 'Client Screening',
          subtitle: '',
          body: 'Every client completes a written screening questionnaire before a first session and reports any change in health before later ones. Anyone with a listed contraindication consults a healthcare provider first.',
        },
        {
          title: 'Trained Supervision',
          subtitle: '',
          body: 'A trained operator is present for the whole of every session, stays in contact with the client, and knows and practises the chamber’s emergency depressurisation procedure.',
        },
        {
          title: 'Pressure Limits',
          subtitle: '',
          body: `Wellness sessions never exceed ${MILD_MAX_ATA}; most run at ${MILD_COMMON_ATA}. Pressurisation and depressurisation are gradual, and pause whenever a client has ear discomfort.`,
        },
        {
          title: 'Fire & Oxygen Safety',
          subtitle: '',
          body: `Oxygen, where offered, comes from a concentrator (about ${CONCENTRATOR_OXYGEN}) placed as the manufacturer specifies, never from compressed cylinders in a wellness chamber. No electronics, heat sources or oil-based products go inside.`,
        },
      ],
    },
    {
      id: 'guidelines',
      heading: 'Session Guidelines',
      body: '',
      items: [
        {
          title: 'Before a Session',
          subtitle: '',
          body: [
            'Complete the screening questionnaire and consult a healthcare provider if any contraindication applies.',
            `Avoid alcohol for ${NO_ALCOHOL_BEFORE} before a session.`,
            'Arrive hydrated and avoid a heavy meal just beforehand.',
            'Wear loose cotton clothing; avoid lotions, oils and oil-based hair or skin products.',
            'Leave phones, electronics, lighters, hand warmers and other heat sources outside the chamber.',
            'Learn how to equalise your ears and how to signal the operator.',
            'Reschedule if you have a cold, congestion or any new symptom.',
          ]
            .map((line) => `- ${line}`)
            .join('\n'),
        },
        {
          title: 'During a Session',
          subtitle: '',
          body: [
            'Equalise your ears by swallowing, yawning or gently pinching your nose and blowing as the pressure rises.',
            'Tell the operator straight away about ear pain, dizziness, anxiety or anything unusual; the operator can slow, pause or end the session.',
            'Breathe normally and rest; if using oxygen, keep the mask or cannula positioned as shown.',
            `Stay within the usual session length of ${SESSION_LENGTH}.`,
          ]
            .map((line) => `- ${line}`)
            .join('\n'),
        },
        {
          title: 'After a Session',
          subtitle: '',
          body: [
            'Let the chamber depressurise gradually, and keep equalising your ears as it does.',
            'Rest for a few minutes before getting up and leaving.',
            'Drink water and notice how you feel.',
            'Tell the operator about anything unusual so it can be noted in the session record.',
            'If ear pain, dizziness or other symptoms persist, contact a healthcare provider.',
          ]
            .map((line) => `- ${line}`)
            .join('\n'),
        },
      ],
    },
    {
      id: 'contraindications',
      heading: 'Contraindications',
      body: 'Do not begin mild hyperbaric sessions without a healthcare provider’s advice if any of the following apply:',
      items: [],
    },
    {
      id: 'contraindications-after',
      heading: '',
      body: 'Tell the operator about any other health condition or medication before a session, and about any change in your health before each later one.',
      items: [],
    },
    {
      id: 'standards',
      heading: 'Facility & Equipment Standards',
      body: 'The council points providers to recognised standards rather than inventing its own. These are the ones we reference, and what each actually covers.',
      items: [
        {
          title: CHAMBER_STANDARD,
          subtitle: 'Safety Standard for Pressure Vessels for Human Occupancy',
          body: 'An American National Standard covering the design, fabrication, inspection, testing, marking and stamping of chambers and their piping. It applies above a 2 psi pressure difference, so even a 1.3 ATA chamber (about 4.4 psi above sea level) is in scope. The council expects chambers to be built to PVHO-1; its companion, PVHO-2, covers in-service operation and maintenance.',
        },
        {
          title: QUALITY_STANDARD,
          subtitle: 'Medical devices: quality management systems',
          body: `${QUALITY_STANDARD}:2016 sets requirements for a manufacturer’s quality management system. The council expects chamber manufacturers to hold ${QUALITY_STANDARD} certification. Note what it means: certification shows that the manufacturer’s design, production and record-keeping processes are controlled. It is not an approval of any particular product’s safety.`,
        },
        {
          title: 'NFPA 99, Chapter 14',
          subtitle: 'Hyperbaric facilities',
          body: 'The Health Care Facilities Code’s chapter on hyperbaric facilities sorts chambers into classes: A (several people), B (one person) and C (animals), and sets fire-safety, electrical and ventilation requirements. It is useful background for any facility planning its room, equipment and emergency procedures.',
        },
        {
          title: 'Facility Operations',
          subtitle: 'What the council expects day to day',
          body: 'A written emergency procedure that staff practise; a documented inspection and maintenance schedule with records of every service; a session record for each client visit; a ventilated, uncluttered room around the chamber; and operators trained on the specific chamber in use.',
        },
      ],
    },
  ],
}
