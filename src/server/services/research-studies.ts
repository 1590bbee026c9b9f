import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { researchStudies } from '../../db/schema'
import type { ResearchStudyData } from '../../shared/schemas/research-study'

export const studyColumns = {
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

/** Newest first, ties broken by id so the order is stable. */
export function listResearchStudies(db: Db) {
  return db
    .select(studyColumns)
    .from(researchStudies)
    .orderBy(desc(researchStudies.createdAt), desc(researchStudies.id))
}
export type PublicResearchStudy = Awaited<ReturnType<typeof listResearchStudies>>[number]

export async function getResearchStudy(db: Db, id: number) {
  const [row] = await db.select(studyColumns).from(researchStudies).where(eq(researchStudies.id, id))
  return row ?? null
}

export async function createResearchStudy(db: Db, data: ResearchStudyData) {
  const [row] = await db.insert(researchStudies).values(data).returning(studyColumns)
  if (!row) throw new Error('insert returned no row')
  return row
}
