import type { ResourceCategory } from '../shared/constants'
import type { SiteInfo } from '../shared/site'
import {
  CHAMBER_STANDARD,
  CONCENTRATOR_OXYGEN,
  MEDICAL_ATA,
  MILD_COMMON_ATA,
  MILD_MAX_ATA,
  NO_ALCOHOL_BEFORE,
  POSITION_STATEMENT_DATE,
  POSITION_STATEMENT_NUMBER,
  QUALITY_STANDARD,
  SEA_LEVEL_ATA,
  SESSION_LENGTH,
} from './facts'
import { COMPARISON_TABLE, CONTRAINDICATIONS, REGULATORY_NOTE } from './passages'

/** The line under a document's title: its number and issue date. */
export const documentMeta = (doc: Pick<CouncilDocument, 'number' | 'issued'>) =>
  `Document ${doc.number} · Issued ${doc.issued}`

/**
 * The council's six documents as first issued. Since the standards became versioned documents in
 * the database (docs/decisions/028-standards-as-versioned-documents.md), this is only where version
 * 1.0 comes from: a database without standards gets each written out as its stored text, and the
 * starter data's resources library (or an older database's links to the built-in renderer) gets
 * each as a stored PDF. The pages and /downloads/{key}-v{version}.pdf render a version's stored
 * text instead, and /downloads/{slug}.pdf redirects there, so editing this changes nothing on a
 * running site.
 */

export type DocumentBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'table'; header: string[]; rows: string[][] }

export type DocumentSection = { heading: string; blocks: DocumentBlock[] }

export type CouncilDocument = {
  slug: string
  title: string
  description: string
  category: ResourceCategory
  /** The council's identifier, printed under the title with the issue date. */
  number: string
  /** When this edition was issued, as printed. */
  issued: string
  sections: (site: SiteInfo) => DocumentSection[]
}

/** The council's guides and checklists, numbered in a series of their own, issued with the position statement. */
const GUIDE_SERIES = 'MHBOT-SC/G'

export const COUNCIL_DOCUMENTS: CouncilDocument[] = [
  {
    slug: 'position-statement-mhbot-sc-001',
    title: `Position Statement ${POSITION_STATEMENT_NUMBER}: Mild Hyperbaric Oxygen as a Wellness Practice`,
    description:
      'The council’s foundational public reference: how mild hyperbaric sessions differ from medical HBOT, the council’s position on pressure and safety, and the scope of its oversight.',
    category: 'Professional',
    number: POSITION_STATEMENT_NUMBER,
    issued: POSITION_STATEMENT_DATE,
    sections: (site) => [
      {
        heading: '1. Purpose',
        blocks: [
          {
            kind: 'paragraph',
            text: `This statement sets out the position of the ${site.name} on mild hyperbaric oxygen (mHBOT) sessions offered as a wellness practice. It defines the terms the council uses, distinguishes mild sessions from medical hyperbaric oxygen therapy, and describes the safety expectations the council holds for operators, facilities and manufacturers. It is a foundational public reference for practitioners, facility operators, manufacturers, researchers and the public.`,
          },
          {
            kind: 'paragraph',
            text: `Definitions used in this statement: ATA (atmospheres absolute) is the total pressure on the body, where sea level is ${SEA_LEVEL_ATA}. A mild hyperbaric session is time spent in a chamber pressurised to no more than ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}.`,
          },
        ],
      },
      {
        heading: '2. Mild versus medical hyperbaric oxygen',
        blocks: [
          { kind: 'table', ...COMPARISON_TABLE },
          {
            kind: 'paragraph',
            text: `Medical hyperbaric oxygen therapy is generally delivered at ${MEDICAL_ATA} with 100% oxygen under a physician’s prescription. It is a medical treatment and lies outside the council’s scope.`,
          },
        ],
      },
      {
        heading: '3. Pressure and safety position',
        blocks: [
          {
            kind: 'bullets',
            items: [
              `Wellness sessions should not exceed ${MILD_MAX_ATA}; the council regards ${MILD_COMMON_ATA} as the common and appropriate range.`,
              `Supplemental oxygen, where used, should come from an oxygen concentrator (about ${CONCENTRATOR_OXYGEN} output) through a mask or cannula, never from compressed oxygen cylinders inside a wellness chamber.`,
              `Sessions typically last ${SESSION_LENGTH}, with controlled pressurisation and depressurisation.`,
              `Chambers should be designed and built to ${CHAMBER_STANDARD}, and manufacturers should operate a quality management system certified to ${QUALITY_STANDARD}.`,
              'Every client should be screened for contraindications before a first session, and an operator trained in the chamber’s emergency procedures should be present throughout.',
            ],
          },
        ],
      },
      {
        heading: '4. Wellness classification',
        blocks: [
          {
            kind: 'paragraph',
            text: 'The council classifies mild hyperbaric sessions as a wellness practice. Providers should not describe sessions as treating, curing or preventing any disease, and should not present them as a substitute for medical care. Descriptions of possible benefits should be framed as general wellness support and should reflect the current, limited state of the research.',
          },
          {
            kind: 'paragraph',
            text: 'The council notes that medical societies, including hyperbaric medicine bodies in the United States and Europe, have expressed caution about mild hyperbaric wellness use, and that regulators in some jurisdictions treat any hyperbaric chamber as a medical device regardless of its labelling. Providers are responsible for meeting the rules where they operate.',
          },
          { kind: 'paragraph', text: REGULATORY_NOTE },
        ],
      },
      {
        heading: '5. Scope of oversight',
        blocks: [
          {
            kind: 'bullets',
            items: [
              'Operating protocols for wellness facilities: client screening, session procedures, emergency procedures and record keeping.',
              `Equipment expectations: chamber construction to ${CHAMBER_STANDARD}, manufacturer quality systems to ${QUALITY_STANDARD}, maintenance and inspection schedules.`,
              'Operator training and competence.',
              'Education of the public about what mild hyperbaric sessions are and are not.',
            ],
          },
          {
            kind: 'paragraph',
            text: 'The council does not oversee medical hyperbaric oxygen therapy, does not certify medical treatments, and does not replace the authority of regulators or licensing bodies.',
          },
        ],
      },
      { heading: '6. Disclaimer', blocks: [{ kind: 'paragraph', text: site.disclaimer }] },
      {
        heading: '7. Contact information',
        blocks: [
          {
            kind: 'bullets',
            items: [
              `Issued by: ${site.name}`,
              `Website: ${site.website}`,
              `E-mail: ${site.email}`,
              `Country: ${site.country}`,
            ],
          },
        ],
      },
    ],
  },
  {
    slug: 'facility-operator-standards-guide',
    number: `${GUIDE_SERIES}-001`,
    issued: POSITION_STATEMENT_DATE,
    title: 'Facility Operator Standards Guide',
    description:
      'What the council expects of a wellness facility that offers mild hyperbaric sessions: equipment, staffing, screening, records and emergency readiness.',
    category: 'Professional',
    sections: () => [
      {
        heading: 'Equipment',
        blocks: [
          {
            kind: 'bullets',
            items: [
              `Chambers designed and built to ${CHAMBER_STANDARD}, from a manufacturer whose quality system is certified to ${QUALITY_STANDARD}.`,
              `Maximum operating pressure no higher than ${MILD_MAX_ATA}; most sessions run at ${MILD_COMMON_ATA}.`,
              `Oxygen, where offered, from a concentrator with about ${CONCENTRATOR_OXYGEN} output, installed outside the chamber as the manufacturer specifies.`,
              'A documented inspection and maintenance schedule, with records of every service.',
            ],
          },
        ],
      },
      {
        heading: 'Staffing and training',
        blocks: [
          {
            kind: 'bullets',
            items: [
              'A trained operator is present for the whole of every session.',
              'Operators know the chamber’s emergency depressurisation procedure and practise it.',
              'Staff can recognise discomfort, anxiety and ear-equalisation problems and stop a session safely.',
            ],
          },
        ],
      },
      {
        heading: 'Client screening and records',
        blocks: [
          {
            kind: 'bullets',
            items: [
              'A written screening questionnaire before the first session, covering the contraindications published by the council.',
              'Clients with a listed condition are asked to consult a healthcare provider before any session.',
              'A record of each session: date, duration, pressure and anything notable.',
            ],
          },
        ],
      },
      {
        heading: 'Fire and environment',
        blocks: [
          {
            kind: 'bullets',
            items: [
              'No electronics, lighters, heat sources or oil-based products inside the chamber.',
              'Cotton clothing is recommended; the room is ventilated and kept free of clutter around the chamber.',
            ],
          },
        ],
      },
    ],
  },
  {
    slug: 'session-safety-checklist',
    number: `${GUIDE_SERIES}-002`,
    issued: POSITION_STATEMENT_DATE,
    title: 'Session Safety Checklist',
    description: 'A one-page checklist for before, during and after a mild hyperbaric session.',
    category: 'Safety',
    sections: () => [
      {
        heading: 'Before the session',
        blocks: [
          {
            kind: 'bullets',
            items: [
              'Screening questionnaire completed and reviewed.',
              `No alcohol for ${NO_ALCOHOL_BEFORE} before the session.`,
              'Hydrated, and no heavy meal just before.',
              'Cotton clothing; no electronics, lighters, lotions or oil-based products in the chamber.',
              'Client knows how to equalise ear pressure and how to signal the operator.',
            ],
          },
        ],
      },
      {
        heading: 'During the session',
        blocks: [
          {
            kind: 'bullets',
            items: [
              'Pressurise slowly and pause if the client has ear discomfort.',
              'Operator present and in contact with the client throughout.',
              `Session length within the usual ${SESSION_LENGTH}.`,
            ],
          },
        ],
      },
      {
        heading: 'After the session',
        blocks: [
          {
            kind: 'bullets',
            items: [
              'Depressurise gradually and let the client rest for a few minutes.',
              'Ask how the client feels and note anything unusual in the session record.',
              'Clean the chamber surfaces as the manufacturer recommends.',
            ],
          },
        ],
      },
    ],
  },
  {
    slug: 'contraindications-screening-guide',
    number: `${GUIDE_SERIES}-003`,
    issued: POSITION_STATEMENT_DATE,
    title: 'Contraindications and Screening Guide',
    description:
      'The conditions that call for a healthcare provider’s advice before any mild hyperbaric session, and how to screen for them.',
    category: 'Safety',
    sections: () => [
      {
        heading: 'Conditions that need a healthcare provider’s advice first',
        blocks: [
          {
            kind: 'bullets',
            items: [...CONTRAINDICATIONS],
          },
        ],
      },
      {
        heading: 'How to screen',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Ask every client to complete a written questionnaire before the first session and to tell the operator about any change before each later one. When a client reports any listed condition, do not start a session until the client has consulted a healthcare provider.',
          },
        ],
      },
    ],
  },
  {
    slug: 'introduction-to-mild-hyperbaric-oxygen',
    number: `${GUIDE_SERIES}-004`,
    issued: POSITION_STATEMENT_DATE,
    title: 'Introduction to Mild Hyperbaric Oxygen',
    description:
      'A plain-language introduction: what a mild hyperbaric session is, how pressure works, and what to expect.',
    category: 'Education',
    sections: () => [
      {
        heading: 'What it is',
        blocks: [
          {
            kind: 'paragraph',
            text: `A mild hyperbaric session is time spent resting in a chamber pressurised slightly above the air around us. Sea level is ${SEA_LEVEL_ATA}; mild sessions run at up to ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}. At 1.3 ATA the extra pressure is about 4.4 psi, similar to being about 3 metres (10 feet) under water.`,
          },
        ],
      },
      {
        heading: 'How it works',
        blocks: [
          {
            kind: 'paragraph',
            text: `Under higher pressure, more oxygen dissolves into the body’s fluids. Some chambers also supply air enriched by an oxygen concentrator, which delivers about ${CONCENTRATOR_OXYGEN} oxygen through a mask or cannula.`,
          },
        ],
      },
      {
        heading: 'What to expect',
        blocks: [
          {
            kind: 'bullets',
            items: [
              `Sessions last ${SESSION_LENGTH}.`,
              'You will feel pressure in your ears as the chamber fills, much as on a descending aeroplane, and equalise it by swallowing or yawning.',
              `Avoid alcohol for ${NO_ALCOHOL_BEFORE} before a session.`,
            ],
          },
        ],
      },
    ],
  },
  {
    slug: 'mild-vs-medical-hyperbaric-comparison',
    number: `${GUIDE_SERIES}-005`,
    issued: POSITION_STATEMENT_DATE,
    title: 'Mild vs. Medical Hyperbaric: A Comparison',
    description: 'A side-by-side comparison of mild wellness sessions and medical hyperbaric oxygen therapy.',
    category: 'Education',
    sections: () => [
      { heading: 'At a glance', blocks: [{ kind: 'table', ...COMPARISON_TABLE }] },
      {
        heading: 'Why the difference matters',
        blocks: [
          {
            kind: 'paragraph',
            text: `Medical hyperbaric oxygen therapy is stated as ${MEDICAL_ATA} with 100% oxygen and is prescribed and supervised by physicians for specific conditions. Mild sessions are a wellness practice: they are not a treatment, and claims made for them should stay within general wellness.`,
          },
        ],
      },
    ],
  },
]

export const documentUrl = (slug: string) => `/downloads/${slug}.pdf`
