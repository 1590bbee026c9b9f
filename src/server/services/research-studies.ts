import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { attachments, researchStudies } from '../../db/schema'
import { type AdminListQuery, StudyListQuerySchema } from '../../shared/schemas/admin'
import { type ResearchStudyData, ResearchStudyInputSchema } from '../../shared/schemas/research-study'
import { BadInputError } from '../errors'
import { attachmentUrl, deleteReplacedAttachment } from './attachments'
import type { Actor } from './audit'
import { type AdminListSource, adminPage, descending, inOrder, orderOf } from './list-query'
import { createRecorded, deleteRecorded, rowsOf, updateRecorded } from './rows'

const studyColumns = {
  id: researchStudies.id,
  title: researchStudies.title,
  authors: researchStudies.authors,
  journal: researchStudies.journal,
  year: researchStudies.year,
  volume: researchStudies.volume,
  issue: researchStudies.issue,
  pages: researchStudies.pages,
  category: researchStudies.category,
  url: researchStudies.url,
  summary: researchStudies.summary,
  attachmentUrl: researchStudies.attachmentUrl,
  attachmentFileId: researchStudies.attachmentFileId,
  createdAt: researchStudies.createdAt,
}

/** A study as queries, the activity log and a 404 name it. */
const studyRow = rowsOf<number>('research_study', researchStudies, researchStudies.id, 'Research study')

/** Newest first, ties broken by id so the order is stable. */
const STUDY_LIST: AdminListSource = {
  table: researchStudies,
  order: [descending(researchStudies.createdAt), descending(researchStudies.id)],
  search: [researchStudies.title, researchStudies.authors, researchStudies.journal],
}

export function listResearchStudies(db: Db) {
  return inOrder(db.select(studyColumns).from(researchStudies).$dynamic(), STUDY_LIST)
}

/**
 * The admin's list: the library's order, a page at a time, only the studies whose title, authors
 * or journal contain `q` when it is given (a part of a word is enough, unlike the library's search).
 */
export function listStudiesForAdmin(db: Db, query: AdminListQuery) {
  return adminPage(db.select(studyColumns).from(researchStudies).$dynamic(), STUDY_LIST, query)
}

/**
 * The studies matching a search, best first, as ids: full-text search over title, authors, journal
 * and summary with English stemming ("runs" finds "running"), in the database itself, so Postgres
 * and the embedded PGlite answer alike. `websearch_to_tsquery` never fails on odd input: quotes,
 * minus signs and stray operators are read as a search engine would.
 */
export async function searchResearchStudies(db: Db, q: string): Promise<number[]> {
  const document = sql`to_tsvector('english', concat_ws(' ', ${researchStudies.title}, ${researchStudies.authors}, ${researchStudies.journal}, ${researchStudies.summary}))`
  const query = sql`websearch_to_tsquery('english', ${q})`
  const rows = await db
    .select({ id: researchStudies.id })
    .from(researchStudies)
    .where(sql`${document} @@ ${query}`)
    .orderBy(sql`ts_rank(${document}, ${query}) desc`, ...orderOf(STUDY_LIST.order))
  return rows.map((row) => row.id)
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

/** What the activity log keeps of a study: its fields, without the timestamps. */
const snapshot = ({
  createdAt: _createdAt,
  ...fields
}: Omit<typeof researchStudies.$inferSelect, 'searchText' | 'searchVector'>) => fields

export async function createResearchStudy(db: Db, actor: Actor, data: ResearchStudyData) {
  const values = await withAttachmentLink(db, data)
  return createRecorded(db, actor, { entity: 'research_study', table: researchStudies }, values, studyColumns, snapshot)
}

/** Replacing a study's attachment removes the old file when nothing else uses it. */
export async function updateResearchStudy(db: Db, actor: Actor, id: number, data: ResearchStudyData) {
  const values = await withAttachmentLink(db, data)
  return updateRecorded(db, actor, studyRow(id), values, studyColumns, snapshot, (tx, before, after) =>
    deleteReplacedAttachment(tx, before.attachmentFileId, after.attachmentFileId),
  )
}

/**
 * The file stays for the housekeeping to remove (src/server/plugins/maintenance.ts), so the screen's
 * Undo can save the study again with it; a replaced file still goes at once.
 */
export function deleteResearchStudy(db: Db, actor: Actor, id: number) {
  return deleteRecorded(db, actor, studyRow(id), studyColumns, snapshot)
}

/**
 * The admin's list of research studies and its changes, each with the shared schema that reads its
 * input: the REST routes (`recordRoutes`) and the tRPC procedures (`recordProcedures`) both serve
 * this.
 */
export const researchStudyRecords = {
  list: { query: StudyListQuerySchema, run: listStudiesForAdmin },
  create: { body: ResearchStudyInputSchema, run: createResearchStudy },
  update: { body: ResearchStudyInputSchema, run: updateResearchStudy },
  remove: deleteResearchStudy,
}
