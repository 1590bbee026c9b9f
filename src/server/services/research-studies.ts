import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { attachments, researchStudies } from '../../db/schema'
import type { ResearchStudyData } from '../../shared/schemas/research-study'
import { BadInputError, NotFoundError } from '../errors'
import { attachmentUrl, deleteAttachmentIfUnused } from './attachments'

const studyColumns = {
  id: researchStudies.id,
  title: researchStudies.title,
  authors: researchStudies.authors,
  journal: researchStudies.journal,
  year: researchStudies.year,
  category: researchStudies.category,
  url: researchStudies.url,
  summary: researchStudies.summary,
  attachmentUrl: researchStudies.attachmentUrl,
  attachmentFileId: researchStudies.attachmentFileId,
  createdAt: researchStudies.createdAt,
}

/** research_studies.id is a Postgres integer (serial): no study has a larger id. */
const MAX_STUDY_ID = 2_147_483_647

/**
 * An id the column cannot hold names no study. Checked before querying: Postgres would refuse the
 * parameter itself ("out of range for type integer") and the request would fail as a 500.
 */
function assertStudyIdInRange(id: number): void {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_STUDY_ID) {
    throw new NotFoundError(`Research study ${id} not found`)
  }
}

/** Newest first, ties broken by id so the order is stable. */
export function listResearchStudies(db: Db) {
  return db
    .select(studyColumns)
    .from(researchStudies)
    .orderBy(desc(researchStudies.createdAt), desc(researchStudies.id))
}

/** The stored link is ours to make, from the attachment row; a study without a file has none. */
async function withAttachmentLink(db: Db, data: ResearchStudyData) {
  if (!data.attachmentFileId) return { ...data, attachmentUrl: null }
  const [file] = await db
    .select({ id: attachments.id, filename: attachments.filename })
    .from(attachments)
    .where(eq(attachments.id, data.attachmentFileId))
  if (!file) {
    throw new BadInputError('The attachment does not exist', { attachmentFileId: 'The attachment does not exist' })
  }
  return { ...data, attachmentUrl: attachmentUrl(file.id, file.filename) }
}

export async function createResearchStudy(db: Db, data: ResearchStudyData) {
  const values = await withAttachmentLink(db, data)
  const [row] = await db.insert(researchStudies).values(values).returning(studyColumns)
  if (!row) throw new Error('insert returned no row')
  return row
}

/** Replacing a study's attachment removes the old file when nothing else uses it. */
export async function updateResearchStudy(db: Db, id: number, data: ResearchStudyData) {
  assertStudyIdInRange(id)
  const values = await withAttachmentLink(db, data)
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ attachmentFileId: researchStudies.attachmentFileId })
      .from(researchStudies)
      .where(eq(researchStudies.id, id))
      .for('update')
    if (!before) throw new NotFoundError(`Research study ${id} not found`)
    const [row] = await tx.update(researchStudies).set(values).where(eq(researchStudies.id, id)).returning(studyColumns)
    if (!row) throw new NotFoundError(`Research study ${id} not found`)
    if (before.attachmentFileId && before.attachmentFileId !== row.attachmentFileId) {
      await deleteAttachmentIfUnused(tx, before.attachmentFileId)
    }
    return row
  })
}

export async function deleteResearchStudy(db: Db, id: number) {
  assertStudyIdInRange(id)
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(researchStudies).where(eq(researchStudies.id, id)).returning(studyColumns)
    if (!row) throw new NotFoundError(`Research study ${id} not found`)
    if (row.attachmentFileId) await deleteAttachmentIfUnused(tx, row.attachmentFileId)
    return row
  })
}
