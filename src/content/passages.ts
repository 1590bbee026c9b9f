import { CONCENTRATOR_OXYGEN, MEDICAL_TYPICAL_ATA, MILD_COMMON_ATA, MILD_MAX_ATA } from './facts'

/*
 * The passages and lists that the council's documents and a few pages (/education, /safety, the
 * position statement) print whole. Apart from facts.ts so that no other page's first load carries
 * them (docs/decisions/021-first-load-budget.md).
 */

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
    [
      'Pressure',
      `Up to ${MILD_MAX_ATA}, commonly ${MILD_COMMON_ATA}`,
      `Above ${MILD_MAX_ATA}, typically ${MEDICAL_TYPICAL_ATA}`,
    ],
    [
      'Oxygen source',
      `Room air, or an oxygen concentrator delivering about ${CONCENTRATOR_OXYGEN} oxygen`,
      '100% medical oxygen',
    ],
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
