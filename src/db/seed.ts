import { and, count, eq, isNull } from 'drizzle-orm'
import { COUNCIL_DOCUMENTS, type CouncilDocument, documentUrl } from '../content/documents'
import starter from '../content/starter-studies.json' with { type: 'json' }
import type { StudyCategory } from '../shared/constants'
import type { Db } from './client'
import { fileUrl, insertFile } from './files'
import { appMeta, educationalResources, researchStudies, testimonials } from './schema'

/**
 * Renders one of the council's built-in documents to PDF. The server passes its renderer in (the
 * database layer imports no server code), so the starter resources are real stored files.
 */
export type RenderDocument = (doc: CouncilDocument) => Promise<Uint8Array>

const SEEDED_KEY = 'starter_data'

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
export async function seedIfEmpty(db: Db, render: RenderDocument): Promise<boolean> {
  const marker = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY))
  if (marker.length > 0) return false

  const counts = await Promise.all([
    db.select({ n: count() }).from(researchStudies),
    db.select({ n: count() }).from(educationalResources),
    db.select({ n: count() }).from(testimonials),
  ])
  const hasContent = counts.some(([row]) => (row?.n ?? 0) > 0)

  // Rendered before the transaction: it holds no lock while pdf-lib works.
  const documents = hasContent
    ? []
    : await Promise.all(COUNCIL_DOCUMENTS.map(async (doc) => ({ doc, bytes: await render(doc) })))
  await db.transaction(async (tx) => {
    if (!hasContent) {
      await tx.insert(researchStudies).values(starterStudies())
      // No testimonials: the site shows only what real people wrote and agreed to publish.
      for (const { doc, bytes } of documents) {
        const file = await insertFile(tx, { filename: `${doc.slug}.pdf`, contentType: 'application/pdf', bytes })
        await tx.insert(educationalResources).values({
          title: doc.title,
          description: doc.description,
          category: doc.category,
          fileUrl: fileUrl(file.id, file.filename),
          fileType: 'PDF',
          fileId: file.id,
        })
      }
    }
    await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: hasContent ? 'skipped: database had content' : 'inserted' })
  })
  return !hasContent
}

/**
 * Databases seeded by earlier versions list the council's documents as links to the built-in
 * renderer (/downloads/…). Each such row gets its own stored file, once, so the council can replace
 * or delete it like any other resource. Rows an admin already changed are left alone.
 */
export async function adoptBuiltInDocuments(db: Db, render: RenderDocument): Promise<number> {
  const rows = await db
    .select({ id: educationalResources.id, fileUrl: educationalResources.fileUrl })
    .from(educationalResources)
    .where(isNull(educationalResources.fileId))
  let adopted = 0
  for (const row of rows) {
    const doc = COUNCIL_DOCUMENTS.find((candidate) => documentUrl(candidate.slug) === row.fileUrl)
    if (!doc) continue
    const bytes = await render(doc)
    await db.transaction(async (tx) => {
      const file = await insertFile(tx, { filename: `${doc.slug}.pdf`, contentType: 'application/pdf', bytes })
      await tx
        .update(educationalResources)
        .set({ fileId: file.id, fileUrl: fileUrl(file.id, file.filename), fileType: 'PDF' })
        .where(and(eq(educationalResources.id, row.id), isNull(educationalResources.fileId)))
    })
    adopted += 1
  }
  return adopted
}
