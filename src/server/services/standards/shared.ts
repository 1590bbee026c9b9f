import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { standardComments, standardDocuments, standardVersions } from '../../../db/schema'
import type { StandardKind, VersionState } from '../../../shared/constants'
import { standardKey } from '../../../shared/schemas/standards'
import { compareVersionLabels } from '../../../shared/version-labels'
import { NotFoundError } from '../../errors'
import { printedDate } from './pdf'

/*
 * The council's standards: documents with numbers for life, and their text in versions that go
 * from draft through public review to published, then superseded
 * (docs/decisions/028-standards-as-versioned-documents.md). Every rule of that life is in this
 * folder, one concern a module (read, versions, comments, announce; index.ts is what the REST
 * routes, the tRPC procedures and the pages import), so they all get it. This module holds what
 * more than one of them needs: the rows, the lookups, and the fields every answer shares
 * (docs/decisions/044-one-concern-per-service.md).
 */

export const DAY_MS = 24 * 60 * 60 * 1000

export type DocumentRow = typeof standardDocuments.$inferSelect
export type VersionRow = typeof standardVersions.$inferSelect

/** A draft is the editors' alone; a version withdrawn before its review opened never was public. */
export const isPublic = (version: Pick<VersionRow, 'state' | 'reviewOpenedAt'>) =>
  version.state !== 'draft' && !(version.state === 'withdrawn' && version.reviewOpenedAt === null)

/** Comments are taken while the review is open: in review, and before its closing time. */
export const reviewIsOpen = (version: Pick<VersionRow, 'state' | 'reviewClosesAt'>, now = new Date()) =>
  version.state === 'review' && version.reviewClosesAt !== null && version.reviewClosesAt > now

export async function findDocument(db: Db, number: string): Promise<DocumentRow> {
  const [document] = await db
    .select()
    .from(standardDocuments)
    .where(eq(standardDocuments.key, standardKey(number)))
  if (!document) throw new NotFoundError(`No document numbered ${number.slice(0, 60)}`)
  return document
}

export async function versionsOf(db: Db, documentId: number): Promise<VersionRow[]> {
  const rows = await db.select().from(standardVersions).where(eq(standardVersions.documentId, documentId))
  return rows.sort((a, b) => compareVersionLabels(b.version, a.version))
}

export const notFoundVersion = (document: DocumentRow, version: string) =>
  new NotFoundError(`${document.number} has no version ${version.slice(0, 20)}`)

/** A version anyone may read: drafts and never-reviewed withdrawals are 404 like versions that do not exist. */
export async function publicVersion(db: Db, number: string, version: string) {
  const document = await findDocument(db, number)
  const versions = await versionsOf(db, document.id)
  const found = versions.find((row) => row.version === version)
  if (!found || !isPublic(found)) throw notFoundVersion(document, version)
  return { document, versions, version: found }
}

export const currentOf = (versions: VersionRow[]) => versions.find((row) => row.state === 'published') ?? null
export const reviewOf = (versions: VersionRow[]) => versions.find((row) => row.state === 'review') ?? null

export const documentFields = (document: DocumentRow) => ({
  number: document.number,
  key: document.key,
  title: document.title,
  kind: document.kind as StandardKind,
  description: document.description,
})

export const historyEntry = (row: VersionRow) => ({
  version: row.version,
  state: row.state as VersionState,
  effectiveDate: row.effectiveDate,
  changeSummary: row.changeSummary,
  reviewClosesAt: row.reviewClosesAt,
  /** When the text last changed during its public review: null when it never did. */
  textChangedAt: row.textChangedAt,
})

/** Each version's comments counted: all, hidden, and those waiting for an answer (the editors' and moderators' lists). */
export const commentCounts = async (db: Db, versionIds: number[]) => {
  if (versionIds.length === 0) return new Map<number, { total: number; hidden: number; unanswered: number }>()
  const rows = await db
    .select({
      versionId: standardComments.versionId,
      total: count(),
      hidden: sql<number>`count(*) filter (where ${standardComments.hidden})`.mapWith(Number),
      unanswered:
        sql<number>`count(*) filter (where not ${standardComments.hidden} and ${standardComments.disposition} is null)`.mapWith(
          Number,
        ),
    })
    .from(standardComments)
    .where(inArray(standardComments.versionId, versionIds))
    .groupBy(standardComments.versionId)
  return new Map(
    rows.map((row) => [row.versionId, { total: row.total, hidden: row.hidden, unanswered: row.unanswered }]),
  )
}

export async function anyVersion(db: Db, number: string, label: string) {
  const document = await findDocument(db, number)
  const [version] = await db
    .select()
    .from(standardVersions)
    .where(and(eq(standardVersions.documentId, document.id), eq(standardVersions.version, label)))
  if (!version) throw notFoundVersion(document, label)
  return { document, version }
}

/** The version row locked for a change, so two editors cannot both move it. */
export async function lockedVersion(tx: Db, number: string, label: string) {
  const document = await findDocument(tx, number)
  const [version] = await tx
    .select()
    .from(standardVersions)
    .where(and(eq(standardVersions.documentId, document.id), eq(standardVersions.version, label)))
    .for('update')
  if (!version) throw notFoundVersion(document, label)
  return { document, version }
}

export const named = (document: DocumentRow, version: Pick<VersionRow, 'version'>) =>
  `${document.number} version ${version.version}`

/** A day as the council's documents print it: "December 10, 2026". */
export const printedDay = (date: Date) => printedDate(date.toISOString().slice(0, 10))
