import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { mailOutbox, standardComments, standardDocuments, standardVersions } from '../../../db/schema'
import { CONFIRMATION_MAIL_INTERVAL_MS, type Disposition, type VersionState } from '../../../shared/constants'
import { COMMENT_SUCCESS } from '../../../shared/form-texts'
import type { CommentInput } from '../../../shared/schemas/standards'
import { ConflictError, NotFoundError } from '../../errors'
import { type Actor, recordChange } from '../audit'
import { queueMail } from '../mail-outbox'
import { anyVersion, commentCounts, documentFields, named, printedDay, publicVersion, reviewIsOpen } from './shared'

/*
 * The public comment on a version in review, and its moderation: visitors comment while the review
 * is open, editors answer each in writing, moderators hide spam, and the record is public once the
 * version is published.
 */

export const COMMENT_RECEIVED = COMMENT_SUCCESS.message

/** A visitor's comment; 409 unless the version's review is open. A filled honeypot is thanked and dropped. */
export async function submitComment(
  db: Db,
  number: string,
  label: string,
  input: CommentInput,
  options: { notify: boolean },
  now = new Date(),
) {
  const { document, version } = await publicVersion(db, number, label)
  if (!reviewIsOpen(version, now)) {
    throw new ConflictError(
      version.state === 'review' && version.reviewClosesAt
        ? `The public review of ${document.number} version ${version.version} closed on ${printedDay(version.reviewClosesAt)}`
        : `${document.number} version ${version.version} is not open for public comment`,
    )
  }
  if (input.website && input.website.trim() !== '') return { ok: true as const, message: COMMENT_RECEIVED }
  // The comment and its mail commit together: a stored comment always gets its notice.
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
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
        // Which text the comment was made on: the review's text may change after it.
        textRevision: version.textRevision,
      })
      .returning({ id: standardComments.id })
    if (!row || !options.notify) return row?.id
    await queueMail(tx, { kind: 'comment_notice', commentId: row.id })
    if (!(await receiptSentRecently(tx, input.email)))
      await queueMail(tx, { kind: 'comment_receipt', commentId: row.id })
    return row.id
  })
  return { ok: true as const, id, message: COMMENT_RECEIVED }
}

/**
 * Whether a comment receipt to this address (in any letter case) was queued within the interval:
 * anyone can type any address into the form, so an address gets at most one receipt in
 * CONFIRMATION_MAIL_INTERVAL_MS. The receipt lists every comment the address made on the version up
 * to when it is written, so a commenter who sends several in a row hears of them together.
 */
async function receiptSentRecently(tx: Db, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .innerJoin(standardComments, eq(standardComments.id, mailOutbox.commentId))
    .where(
      and(
        eq(mailOutbox.kind, 'comment_receipt'),
        sql`lower(${standardComments.email}) = lower(${email})`,
        gt(mailOutbox.createdAt, sql`now() - ${`${CONFIRMATION_MAIL_INTERVAL_MS} milliseconds`}::interval`),
      ),
    )
    .limit(1)
  return row !== undefined
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
      textRevision: row.textRevision,
    })),
    // Whether the text changed during the review, so each comment can say which text it read.
    textChangedAt: version.textChangedAt,
    textRevision: version.textRevision,
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

/** How many comments wait for the council's written answer on versions in review (the tab's count). */
export async function countWaitingComments(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(standardComments)
    .innerJoin(standardVersions, eq(standardVersions.id, standardComments.versionId))
    .where(
      and(
        eq(standardVersions.state, 'review'),
        eq(standardComments.hidden, false),
        isNull(standardComments.disposition),
      ),
    )
  return Number(row?.n ?? 0)
}

/**
 * Queues, in the transaction that publishes a version, one mail to each address that commented on
 * it: its own comments with the council's answers, and the public record. A hidden comment (spam)
 * gets no answer, and an address whose every comment was hidden gets no mail. Publishing happens
 * once (its state is the guard), so every commenter hears once, whichever replica publishes.
 */
export async function queueCommentAnswers(tx: Db, versionId: number): Promise<number> {
  const firsts = await tx
    .select({ id: sql<number>`min(${standardComments.id})` })
    .from(standardComments)
    .where(and(eq(standardComments.versionId, versionId), eq(standardComments.hidden, false)))
    .groupBy(sql`lower(${standardComments.email})`)
  for (const first of firsts) await queueMail(tx, { kind: 'comment_answer', commentId: Number(first.id) })
  return firsts.length
}
