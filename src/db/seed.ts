import { count, eq } from 'drizzle-orm'
import { COUNCIL_DOCUMENTS, documentUrl } from '../content/documents'
import starter from '../content/starter-studies.json' with { type: 'json' }
import type { StudyCategory } from '../shared/constants'
import type { Db } from './client'
import { appMeta, educationalResources, researchStudies, testimonials } from './schema'

const SEEDED_KEY = 'starter_data'

/** Testimonials speak about the council's work, never about health outcomes (no medical claims). */
const STARTER_TESTIMONIALS = [
  {
    name: 'Maria Alvarez',
    location: 'Austin, Texas',
    testimonial:
      'The council’s screening guide and session checklist gave our studio a clear, written routine. Our clients notice the care we take before every session.',
    isApproved: true,
  },
  {
    name: 'James Okafor',
    location: 'Columbus, Ohio',
    testimonial:
      'As a facility operator I wanted standards I could point to. The position statement explains plainly what mild hyperbaric sessions are and what they are not.',
    isApproved: true,
  },
  {
    name: 'Linda Chen',
    location: 'Portland, Oregon',
    testimonial:
      'I read the education pages before my first session. Knowing what 1.3 ATA means and what to expect in the chamber made the whole experience relaxed.',
    isApproved: true,
  },
  {
    name: 'David Brooks',
    location: 'Denver, Colorado',
    testimonial:
      'The research library is honest about what the studies looked at, including that many are animal studies. That honesty is why I trust the council.',
    isApproved: true,
  },
  {
    name: 'Sarah Mitchell',
    location: 'Raleigh, North Carolina',
    testimonial: 'Waiting for review: a testimonial that has not been approved yet and must not appear on the site.',
    isApproved: false,
  },
]

const SAFETY_REFERENCE_CATEGORY: StudyCategory = 'Safety Standards'

function starterStudies() {
  const studies = starter.studies.map((study) => ({
    title: study.title,
    authors: study.authors,
    journal: study.journal,
    year: study.year,
    category: study.category as StudyCategory,
    url: study.url,
    summary: study.summary,
  }))
  const references = starter.safety_references.map((reference) => ({
    title: reference.title,
    authors: reference.body,
    journal: null,
    year: reference.date.slice(0, 4),
    category: SAFETY_REFERENCE_CATEGORY,
    url: reference.url,
    summary:
      'Position statement of the European hyperbaric medicine societies on mild hyperbaric therapies. It describes such devices as running up to about 0.5 bar overpressure (about 1.5 ATA) and states that in the EU hyperbaric chambers are class IIb medical devices whatever their labelling.',
  }))
  return [...studies, ...references]
}

/**
 * Inserts the starter data into a database that has never had any, exactly once. A marker row
 * records that the decision was taken, so content an admin later deletes is never re-inserted,
 * and a database that already holds content (say, restored from a backup) is left alone.
 * Callers hold the start-up lock, so two processes cannot both see "empty".
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const marker = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY))
  if (marker.length > 0) return false

  const counts = await Promise.all([
    db.select({ n: count() }).from(researchStudies),
    db.select({ n: count() }).from(educationalResources),
    db.select({ n: count() }).from(testimonials),
  ])
  const hasContent = counts.some(([row]) => (row?.n ?? 0) > 0)

  await db.transaction(async (tx) => {
    if (!hasContent) {
      await tx.insert(researchStudies).values(starterStudies())
      await tx.insert(testimonials).values(STARTER_TESTIMONIALS)
      await tx.insert(educationalResources).values(
        COUNCIL_DOCUMENTS.map((doc) => ({
          title: doc.title,
          description: doc.description,
          category: doc.category,
          fileUrl: documentUrl(doc.slug),
          fileType: 'PDF',
        })),
      )
    }
    await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: hasContent ? 'skipped: database had content' : 'inserted' })
  })
  return !hasContent
}
