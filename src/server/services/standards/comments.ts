import { asc, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { standardComments, standardDocuments, standardVersions } from '../../../db/schema'
import type { Disposition, VersionState } from '../../../shared/constants'
import { COMMENT_SUCCESS } from '../../../shared/form-texts'
import type { CommentInput } from '../../../shared/schemas/standards'
import { ConflictError, NotFoundError } from '../../errors'
import { type Actor, recordChange } from '../audit'
import { anyVersion, commentCounts, documentFields, named, printedDay, publicVersion, reviewIsOpen } from './shared'

/*
 * The public comment on a version in review, and its moderation: visitors comment while the review
 * is open, editors answer each in writing, moderators hide spam, and the record is public once the
 * version is published.
 */

export const COMMENT_RECEIVED = COMMENT_SUCCESS.message

/** A visitor's comment; 409 unless the version's review is open. A filled honeypot is thanked and dropped. */
export async function submitComment(db: Db, number: string, label: string, input: CommentInput, now = new Date()) {
  const { document, version } = await publicVersion(db, number, label)
  if (!reviewIsOpen(version, now)) {
    throw new ConflictError(
      version.state === 'review' && version.reviewClosesAt
        ? `The public review of ${document.number} version ${version.version} closed on ${printedDay(version.reviewClosesAt)}`
        : `${document.number} version ${version.version} is not open for public comment`,
    )
  }
  if (input.website && input.website.trim() !== '') return { ok: true as const, message: COMMENT_RECEIVED }
  const [row] = await db
    .insert(standardComments)
    .values({
      versionId: version.id,
      name: input.name,
      organisation: input.organisation,
      email: input.email,
      section: input.section,
      comment: input.comment,
      proposedChange: input.proposedChange,
      consent: input.consent,
    })
    .returning({ id: standardComments.id })
  return { ok: true as const, id: row?.id, message: COMMENT_RECEIVED }
}

/** The public record of a published version's review; 404 before it is published. Never an e-mail. */
export async function publishedComments(db: Db, number: string, label: string) {
  const { document, version } = await publicVersion(db, number, label)
  if (version.publishedAt === null) {
    throw new NotFoundError(
      `The comments on ${document.number} version ${version.version} are public once it is published`,
    )
  }
  const rows = await db
    .select()
    .from(standardComments)
    .where(eq(standardComments.versionId, version.id))
    .orderBy(asc(standardComments.id))
  const shown = rows.filter((row) => !row.hidden)
  return {
    ...documentFields(document),
    version: version.version,
    state: version.state as VersionState,
    reviewOpenedAt: version.reviewOpenedAt,
    reviewClosesAt: version.reviewClosesAt,
    effectiveDate: version.effectiveDate,
    hidden: rows.length - shown.length,
    comments: shown.map((row) => ({
      id: row.id,
      name: row.consent ? row.name : null,
      organisation: row.consent ? row.organisation : null,
      section: row.section,
      comment: row.comment,
      proposedChange: row.proposedChange,
      disposition: row.disposition as Disposition | null,
      response: row.response,
      createdAt: row.createdAt,
    })),
  }
}

/**
 * The versions a comment can be on: in review now, or with comments. The moderators' way in: they
 * see no drafts, and no document list.
 */
export async function commentedVersions(db: Db) {
  const rows = await db
    .select({ document: standardDocuments, version: standardVersions })
    .from(standardVersions)
    .innerJoin(standardDocuments, eq(standardDocuments.id, standardVersions.documentId))
    .where(
      sql`${standardVersions.state} = 'review' or exists (select 1 from ${standardComments} where ${standardComments.versionId} = ${standardVersions.id})`,
    )
    .orderBy(desc(standardVersions.reviewOpenedAt), asc(standardDocuments.number))
  const counts = await commentCounts(
    db,
    rows.map((row) => row.version.id),
  )
  return rows.map(({ document, version }) => ({
    number: document.number,
    key: document.key,
    title: document.title,
    version: version.version,
    state: version.state as VersionState,
    reviewClosesAt: version.reviewClosesAt,
    reviewOpen: reviewIsOpen(version),
    comments: counts.get(version.id) ?? { total: 0, hidden: 0, unanswered: 0 },
  }))
}

/** Every comment on a version, hidden ones and e-mail addresses included: the council's record. */
export async function adminComments(db: Db, number: string, label: string) {
  const { document, version } = await anyVersion(db, number, label)
  const rows = await db
    .select()
    .from(standardComments)
    .where(eq(standardComments.versionId, version.id))
    .orderBy(asc(standardComments.id))
  return {
    ...documentFields(document),
    version: version.version,
    state: version.state as VersionState,
    reviewClosesAt: version.reviewClosesAt,
    reviewOpen: reviewIsOpen(version),
    comments: rows.map((row) => ({
      ...row,
      disposition: row.disposition as Disposition | null,
    })),
  }
}

async function lockedComment(tx: Db, id: number) {
  const [row] = await tx
    .select({ comment: standardComments, version: standardVersions, document: standardDocuments })
    .from(standardComments)
    .innerJoin(standardVersions, eq(standardVersions.id, standardComments.versionId))
    .innerJoin(standardDocuments, eq(standardDocuments.id, standardVersions.documentId))
    .where(eq(standardComments.id, id))
    .for('update', { of: standardComments })
  if (!row) throw new NotFoundError(`Comment ${id} not found`)
  return row
}

/** Writes a moderator's or editor's change to a locked comment and its line in the activity log, in `tx`. */
async function changeComment(
  tx: Db,
  actor: Actor,
  id: number,
  set: Partial<typeof standardComments.$inferInsert>,
  audit: { before: Record<string, unknown>; after: Record<string, unknown> },
) {
  const [updated] = await tx.update(standardComments).set(set).where(eq(standardComments.id, id)).returning()
  await recordChange(tx, actor, { action: 'update', entity: 'standard_comment', entityId: id, ...audit })
  return { ...updated, disposition: (updated?.disposition ?? null) as Disposition | null }
}

/** The council's written answer; fixed once the version is published (the record is public then). */
export function answerComment(db: Db, actor: Actor, id: number, input: { disposition: Disposition; response: string }) {
  return db.transaction(async (tx) => {
    const { comment, version, document } = await lockedComment(tx, id)
    if (version.state !== 'review') {
      throw new ConflictError(
        `${named(document, version)} is ${version.state}; answers are recorded while its review is under way`,
      )
    }
    return changeComment(
      tx,
      actor,
      id,
      { disposition: input.disposition, response: input.response, disposedBy: actor.email, disposedAt: new Date() },
      { before: { disposition: comment.disposition }, after: { disposition: input.disposition } },
    )
  })
}

/** Hides spam (it stays in the record, with the reason) or shows a comment again. */
export function hideComment(db: Db, actor: Actor, id: number, input: { hidden: boolean; reason?: string }) {
  return db.transaction(async (tx) => {
    const { comment } = await lockedComment(tx, id)
    return changeComment(
      tx,
      actor,
      id,
      input.hidden
        ? { hidden: true, hiddenReason: input.reason ?? '', hiddenBy: actor.email }
        : { hidden: false, hiddenReason: null, hiddenBy: null },
      {
        before: { hidden: comment.hidden },
        after: { hidden: input.hidden, ...(input.hidden ? { reason: input.reason ?? '' } : {}) },
      },
    )
  })
}
