import type { ResourceCategory } from '../shared/constants'
import type { SiteInfo } from '../shared/site'

/** The line under a document's title: its number and issue date. */
export const documentMeta = (doc: Pick<CouncilDocument, 'number' | 'issued'>) =>
  `Document ${doc.number} · Issued ${doc.issued}`

/**
 * The council's downloadable documents. Each is written once here and used twice: rendered as a
 * PDF at /downloads/{slug}.pdf and, for the position statement, as the web page too. Keeping one
 * source means the page and the download can never disagree.
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

export const POSITION_STATEMENT_NUMBER = 'MHBOT-SC/001'
export const POSITION_STATEMENT_DATE = 'October 31, 2025'
/** The council's guides and checklists, numbered in a series of their own, issued with the position statement. */
const GUIDE_SERIES = 'MHBOT-SC/G'

export const DISCLAIMER_TEXT =
  'The information provided by the council is for general wellness and educational purposes only. It is not medical advice and is not intended to diagnose, treat, cure or prevent any disease. Consult a qualified healthcare provider before starting any wellness practice, including mild hyperbaric sessions.'

/**
 * How regulators and the clinical field see chambers and oxygen, said neutrally wherever the site
 * describes the mild range (education, safety, the position statement). Public facts: the FDA
 * classifies hyperbaric chambers under 21 CFR 868.5470 (Class II); the Undersea and Hyperbaric
 * Medical Society (UHMS) defines clinical hyperbaric oxygen as breathing near-100% oxygen at a
 * pressure of 1.4 ATA or more.
 */
export const REGULATORY_NOTE =
  'In the United States, the Food and Drug Administration (FDA) regulates hyperbaric chambers as medical devices (Class II, 21 CFR 868.5470). The Undersea and Hyperbaric Medical Society (UHMS) defines clinical hyperbaric oxygen as breathing near-100% oxygen in a chamber at 1.4 ATA or more. The mild range described here therefore overlaps that clinical definition when supplemental oxygen is added. The council’s wellness framing does not change how a chamber is regulated.'

/** The conditions that call for a healthcare provider's advice first, exactly as the safety page lists them (docs/product.md#content-facts). */
export const CONTRAINDICATIONS = [
  'Active upper respiratory infection or congestion',
  'Untreated pneumothorax',
  'Certain ear or sinus conditions',
  'Severe claustrophobia',
  'Uncontrolled seizures',
  'Recent ear surgery or injury',
  'Pregnancy (consult a provider)',
  'Recent thoracic or ear surgery',
] as const

export const COMPARISON_TABLE: { header: string[]; rows: string[][] } = {
  header: ['Aspect', 'Mild hyperbaric (mHBOT)', 'Medical hyperbaric (HBOT)'],
  rows: [
    ['Pressure', 'Up to 2.0 ATA, commonly 1.3-1.5 ATA', 'Above 2.0 ATA, typically 2.0-3.0 ATA'],
    ['Oxygen source', 'Room air, or an oxygen concentrator delivering about 93-96% oxygen', '100% medical oxygen'],
    [
      'Chamber',
      'Soft-sided or hard-shell chambers for one or two people',
      'Hard-shell monoplace or multiplace chambers',
    ],
    ['Setting', 'Wellness centres, studios and homes', 'Hospitals and licensed clinical facilities'],
    ['Purpose', 'General wellness and relaxation', 'Treatment of approved medical conditions'],
    ['Supervision', 'Trained operator following council protocols', 'Physician-prescribed and medically supervised'],
  ],
}

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
            text: 'Definitions used in this statement: ATA (atmospheres absolute) is the total pressure on the body, where sea level is 1.0 ATA. A mild hyperbaric session is time spent in a chamber pressurised to no more than 2.0 ATA, commonly 1.3-1.5 ATA.',
          },
        ],
      },
      {
        heading: '2. Mild versus medical hyperbaric oxygen',
        blocks: [
          { kind: 'table', ...COMPARISON_TABLE },
          {
            kind: 'paragraph',
            text: 'Medical hyperbaric oxygen therapy is generally delivered at 2.4-6 ATA with 100% oxygen under a physician’s prescription. It is a medical treatment and lies outside the council’s scope.',
          },
        ],
      },
      {
        heading: '3. Pressure and safety position',
        blocks: [
          {
            kind: 'bullets',
            items: [
              'Wellness sessions should not exceed 2.0 ATA; the council regards 1.3-1.5 ATA as the common and appropriate range.',
              'Supplemental oxygen, where used, should come from an oxygen concentrator (about 93-96% output) through a mask or cannula, never from compressed oxygen cylinders inside a wellness chamber.',
              'Sessions typically last 60-90 minutes, with controlled pressurisation and depressurisation.',
              'Chambers should be designed and built to ASME PVHO-1, and manufacturers should operate a quality management system certified to ISO 13485.',
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
              'Equipment expectations: chamber construction to ASME PVHO-1, manufacturer quality systems to ISO 13485, maintenance and inspection schedules.',
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
      { heading: '6. Disclaimer', blocks: [{ kind: 'paragraph', text: DISCLAIMER_TEXT }] },
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
              'Chambers designed and built to ASME PVHO-1, from a manufacturer whose quality system is certified to ISO 13485.',
              'Maximum operating pressure no higher than 2.0 ATA; most sessions run at 1.3-1.5 ATA.',
              'Oxygen, where offered, from a concentrator with about 93-96% output, installed outside the chamber as the manufacturer specifies.',
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
              'No alcohol for 24 hours before the session.',
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
              'Session length within the usual 60-90 minutes.',
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
            text: 'A mild hyperbaric session is time spent resting in a chamber pressurised slightly above the air around us. Sea level is 1.0 ATA; mild sessions run at up to 2.0 ATA, commonly 1.3-1.5 ATA. At 1.3 ATA the extra pressure is about 4.4 psi, similar to being about 3 metres (10 feet) under water.',
          },
        ],
      },
      {
        heading: 'How it works',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Under higher pressure, more oxygen dissolves into the body’s fluids. Some chambers also supply air enriched by an oxygen concentrator, which delivers about 93-96% oxygen through a mask or cannula.',
          },
        ],
      },
      {
        heading: 'What to expect',
        blocks: [
          {
            kind: 'bullets',
            items: [
              'Sessions last 60-90 minutes.',
              'You will feel pressure in your ears as the chamber fills, much as on a descending aeroplane, and equalise it by swallowing or yawning.',
              'Avoid alcohol for 24 hours before a session.',
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
            text: 'Medical hyperbaric oxygen therapy is stated as 2.4-6 ATA with 100% oxygen and is prescribed and supervised by physicians for specific conditions. Mild sessions are a wellness practice: they are not a treatment, and claims made for them should stay within general wellness.',
          },
        ],
      },
    ],
  },
]

export const documentUrl = (slug: string) => `/downloads/${slug}.pdf`
