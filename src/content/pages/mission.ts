import type { PageContent } from '../../shared/schemas/pages'
import { CHAMBER_STANDARD, MILD_COMMON_ATA, MILD_MAX_ATA, QUALITY_STANDARD } from '../facts'

const card = (title: string, body: string) => ({ title, subtitle: '', body })

/**
 * /about/mission-statement's words as the site starts with them (revision 0;
 * docs/decisions/055-pages-as-content.md), in Markdown; `{council}` is the council's name.
 */
export const MISSION_PAGE: PageContent = {
  description:
    'The council’s mission, its three pillars of safety, education and integrity, and its commitments to the public, practitioners and the wider field.',
  sections: [
    {
      id: 'intro',
      heading: '',
      body: 'Why the council exists, the pillars our work rests on, and the commitments we hold ourselves to.',
      items: [],
    },
    {
      id: 'mission',
      heading: 'Our Mission',
      body: `The {council} exists to make mild hyperbaric oxygen a safe, well-understood wellness practice by setting clear standards, educating the public and practitioners, and keeping the practice honestly distinct from medical treatment.`,
      items: [],
    },
    {
      id: 'mission-after',
      heading: '',
      body: 'Mild hyperbaric sessions have become widely available in wellness centres, studios and homes. We believe the people who use them deserve consistent safety practices and straightforward information, and that the practice is best served by modest, accurate claims.',
      items: [],
    },
    {
      id: 'pillars',
      heading: 'Our Three Pillars',
      body: '',
      items: [
        card(
          'Safety',
          `Clear limits and protocols for every session: pressure up to ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}; screening for contraindications before a first session; a trained operator present throughout; and chambers built to ${CHAMBER_STANDARD} by manufacturers with ${QUALITY_STANDARD}-certified quality systems.`,
        ),
        card(
          'Education',
          'Accurate, plain-language information about what mild hyperbaric sessions are, how they differ from medical hyperbaric oxygen therapy, and what people can reasonably expect, so that everyone can make informed choices.',
        ),
        card(
          'Integrity',
          'Honest wellness framing. We describe possible benefits as general wellness support, we say where the research is limited, and we do not endorse claims that mild sessions treat, cure or prevent disease.',
        ),
      ],
    },
    {
      id: 'commitments',
      heading: 'Our Commitments',
      body: '',
      items: [
        card(
          'To the Public',
          'We will publish our standards openly, explain them in plain language, and always remind readers to consult a healthcare provider before starting a new wellness practice.',
        ),
        card(
          'To Practitioners and Facility Operators',
          'We will provide practical, usable guidance, from screening questionnaires to emergency procedures, and keep it current as equipment and understanding improve.',
        ),
        card(
          'To Manufacturers and Researchers',
          'We will base our equipment expectations on recognised standards, summarise research fairly, and welcome collaboration that strengthens the evidence and the safety record of the field.',
        ),
      ],
    },
  ],
}
