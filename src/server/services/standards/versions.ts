import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { standardComments, standardDocuments, standardVersions } from '../../../db/schema'
import {
  type DocumentInput,
  type DraftInput,
  REVIEW_DEFAULT_DAYS,
  standardKey,
  type VersionPatch,
} from '../../../shared/schemas/standards'
import { compareVersionLabels } from '../../../shared/version-labels'
import { ConflictError } from '../../errors'
import { announce } from '../../events'
import { type Actor, recordChange } from '../audit'
import { renderForStoring } from '../stored-bodies'
import { queueCommentAnswers } from './comments'
import {
  anyVersion,
  commentCounts,
  currentOf,
  DAY_MS,
  type DocumentRow,
  documentFields,
  findDocument,
  historyEntry,
  lockedVersion,
  named,
  notFoundVersion,
  printedDay,
  reviewIsOpen,
  type VersionRow,
  versionsOf,
} from './shared'

/*
 * A version's life in the admin: a draft, edited, opened for public review, published (the one it
 * replaces superseded) or withdrawn. Every move locks the row and writes its audit line.
 */

/** A review longer than this is a typo, not a plan. */
const REVIEW_MAX_DAYS = 366

const adminVersionFields = (row: VersionRow, counts?: { total: number; hidden: number; unanswered: number }) => ({
  ...historyEntry(row),
  reviewOpenedAt: row.reviewOpenedAt,
  reviewOpen: reviewIsOpen(row),
  publishedAt: row.publishedAt,
  updatedAt: row.updatedAt,
  /** The news posts drafted to tell the subscribers of its review and of its publication (null before). */
  reviewNoticePostId: row.noticePostId,
  publishedNoticePostId: row.publishedNoticePostId,
  comments: counts ?? { total: 0, hidden: 0, unanswered: 0 },
})

/** Every document with every version, drafts included, and how many comments wait for an answer. */
export async function adminStandards(db: Db) {
  const documents = await db.select().from(standardDocuments).orderBy(asc(standardDocuments.number))
  const versions = await db.select().from(standardVersions)
  const counts = await commentCounts(
    db,
    versions.map((row) => row.id),
  )
  return documents.map((document) => ({
    ...documentFields(document),
    versions: versions
      .filter((row) => row.documentId === document.id)
      .sort((a, b) => compareVersionLabels(b.version, a.version))
      .map((row) => adminVersionFields(row, counts.get(row.id))),
  }))
}

/** One version for the editor, with its Markdown. */
export async function adminVersion(db: Db, number: string, label: string) {
  const { document, version } = await anyVersion(db, number, label)
  const counts = await commentCounts(db, [version.id])
  return {
    ...documentFields(document),
    ...adminVersionFields(version, counts.get(version.id)),
    body: version.body,
  }
}

/**
 * Sets `values` on a version the transaction has locked, and writes the audit row of the change
 * (none when `audit` is null): every move of a version goes through here.
 */
async function changeVersion(
  tx: Db,
  actor: Actor,
  document: DocumentRow,
  version: VersionRow,
  values: Partial<typeof standardVersions.$inferInsert>,
  audit: { before: Record<string, unknown>; after: Record<string, unknown> } | null,
): Promise<VersionRow> {
  const [updated] = await tx
    .update(standardVersions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(standardVersions.id, version.id))
    .returning()
  if (!updated) throw notFoundVersion(document, version.version)
  if (audit) await auditVersion(tx, actor, document, audit.before, audit.after)
  return updated
}

const auditVersion = (
  tx: Db,
  actor: Actor,
  document: DocumentRow,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) =>
  recordChange(tx, actor, {
    action: before === null ? 'create' : 'update',
    entity: 'standard',
    entityId: document.id,
    before,
    after,
  })

/**
 * A new document with its first draft (issue 40, item 2). Its number is its own for life: a number
 * (or the key its URL uses) another document has is refused. Nothing of it is public until the
 * draft goes to review.
 */
export async function createDocument(db: Db, actor: Actor, input: DocumentInput) {
  // Rendered before anything is written: a refused body (400) leaves nothing stored.
  const rendered = await renderForStoring('version', input.body)
  return db.transaction(async (tx) => {
    const [document] = await tx
      .insert(standardDocuments)
      .values({
        number: input.number,
        key: standardKey(input.number),
        title: input.title,
        kind: input.kind,
        description: input.description ?? '',
      })
      .onConflictDoNothing()
      .returning()
    if (!document) {
      throw new ConflictError(
        `A document numbered ${input.number} exists already (or one whose address would be the same). Choose another number`,
      )
    }
    const [created] = await tx
      .insert(standardVersions)
      .values({
        documentId: document.id,
        version: input.version,
        state: 'draft',
        changeSummary: input.changeSummary,
        body: input.body,
        bodyHtml: rendered.html,
        bodyText: rendered.text,
        bodyHeadings: rendered.headings,
        createdBy: actor.email,
      })
      .returning()
    if (!created) throw new Error('insert returned no row')
    await auditVersion(tx, actor, document, null, {
      number: document.number,
      title: document.title,
      version: created.version,
      state: 'draft',
    })
    return { ...documentFields(document), ...adminVersionFields(created), body: created.body }
  })
}

/** A new draft, from the current version's text unless a body is given. */
export async function createDraft(db: Db, actor: Actor, number: string, input: DraftInput) {
  // Rendered before anything is written: a refused body (400) leaves nothing stored.
  const rendered = input.body === undefined ? null : await renderForStoring('version', input.body)
  return db.transaction(async (tx) => {
    const document = await findDocument(tx, number)
    // Locking the document serialises drafts of one document: the checks below then see every other.
    await tx
      .select({ id: standardDocuments.id })
      .from(standardDocuments)
      .where(eq(standardDocuments.id, document.id))
      .for('update')
    const versions = await versionsOf(tx, document.id)
    if (versions.some((row) => row.version === input.version)) {
      throw new ConflictError(`${document.number} already has a version ${input.version}`)
    }
    const open = versions.find((row) => row.state === 'draft' || row.state === 'review')
    if (open) {
      throw new ConflictError(
        `${named(document, open)} is ${open.state === 'draft' ? 'a draft' : 'in public review'}; publish or withdraw it before drafting another`,
      )
    }
    const current = currentOf(versions)
    const [created] = await tx
      .insert(standardVersions)
      .values({
        documentId: document.id,
        version: input.version,
        state: 'draft',
        changeSummary: input.changeSummary,
        body: input.body ?? current?.body ?? '',
        // A copied text keeps its rendering (none yet, if the current version has none).
        ...(rendered
          ? { bodyHtml: rendered.html, bodyText: rendered.text, bodyHeadings: rendered.headings }
          : {
              bodyHtml: current ? current.bodyHtml : '',
              bodyText: current ? current.bodyText : '',
              bodyHeadings: current ? current.bodyHeadings : [],
            }),
        createdBy: actor.email,
      })
      .returning()
    if (!created) throw new Error('insert returned no row')
    await auditVersion(tx, actor, document, null, { version: created.version, state: 'draft' })
    return { ...documentFields(document), ...adminVersionFields(created), body: created.body }
  })
}

/** Edits a draft or a version in review; a published text never changes (draft a new version). */
export async function updateVersion(db: Db, actor: Actor, number: string, label: string, patch: VersionPatch) {
  const rendered = patch.body === undefined ? null : await renderForStoring('version', patch.body)
  return db.transaction(async (tx) => {
    const { document, version } = await lockedVersion(tx, number, label)
    if (version.state !== 'draft' && version.state !== 'review') {
      throw new ConflictError(
        `${named(document, version)} is ${version.state}; its text cannot change. Draft a new version instead`,
      )
    }
    const bodyChanged = patch.body !== undefined && patch.body !== version.body
    const edited = [
      ...(bodyChanged ? ['body'] : []),
      ...(patch.changeSummary !== undefined && patch.changeSummary !== version.changeSummary ? ['changeSummary'] : []),
    ]
    const updated = await changeVersion(
      tx,
      actor,
      document,
      version,
      {
        ...(patch.body === undefined || !rendered
          ? {}
          : { body: patch.body, bodyHtml: rendered.html, bodyText: rendered.text, bodyHeadings: rendered.headings }),
        ...(patch.changeSummary === undefined ? {} : { changeSummary: patch.changeSummary }),
        // A change to the text under review is part of the public record: when, and the how-many-th.
        ...(bodyChanged && version.state === 'review'
          ? { textChangedAt: new Date(), textRevision: version.textRevision + 1 }
          : {}),
      },
      edited.length > 0 ? { before: { version: version.version }, after: { version: version.version, edited } } : null,
    )
    return { ...documentFields(document), ...adminVersionFields(updated), body: updated.body }
  })
}

/** The earliest closing time a review opened `now` may have: `minDays` whole days after today (UTC). */
export function earliestClose(now: Date, minDays: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return new Date(today + minDays * DAY_MS)
}

/** A date without a time closes at the end of that day (UTC), so "closes on the 10th" includes the 10th. */
const closingTime = (closesAt: Date) =>
  closesAt.getUTCHours() === 0 &&
  closesAt.getUTCMinutes() === 0 &&
  closesAt.getUTCSeconds() === 0 &&
  closesAt.getUTCMilliseconds() === 0
    ? new Date(closesAt.getTime() + DAY_MS - 1)
    : closesAt

/** Opens a draft's public review until `closesAt`, at least `minDays` days away. */
export async function openReview(
  db: Db,
  actor: Actor,
  number: string,
  label: string,
  input: { closesAt: Date },
  minDays = REVIEW_DEFAULT_DAYS,
  now = new Date(),
) {
  const opened = await db.transaction(async (tx) => {
    const { document, version } = await lockedVersion(tx, number, label)
    if (version.state !== 'draft') {
      throw new ConflictError(`${named(document, version)} is ${version.state}; only a draft can go to public review`)
    }
    const closesAt = closingTime(input.closesAt)
    const earliest = earliestClose(now, minDays)
    if (closesAt < earliest || closesAt <= now) {
      throw new ConflictError(
        `A public review stays open at least ${minDays} day${minDays === 1 ? '' : 's'}: choose ${printedDay(earliest)} or later`,
      )
    }
    if (closesAt.getTime() > now.getTime() + REVIEW_MAX_DAYS * DAY_MS) {
      throw new ConflictError('A public review closes within a year of opening')
    }
    const updated = await changeVersion(
      tx,
      actor,
      document,
      version,
      // The text the review opens with is kept, so a change during the review shows against it.
      {
        state: 'review',
        reviewOpenedAt: now,
        reviewClosesAt: closesAt,
        reviewBody: version.body,
        reviewBodyText: version.bodyText,
        textChangedAt: null,
        textRevision: 0,
      },
      {
        before: { version: version.version, state: 'draft' },
        after: { version: version.version, state: 'review', closesAt: closesAt.toISOString() },
      },
    )
    return { ...documentFields(document), ...adminVersionFields(updated), body: updated.body }
  })
  announce('standards.review.opened', {
    standard: opened.number,
    version: opened.version,
    closesAt: new Date(opened.reviewClosesAt ?? 0).toISOString(),
  })
  return opened
}

/**
 * Publishes a version whose review has closed and whose every comment (hidden ones aside) has its
 * written answer; the version it replaces becomes superseded in the same transaction.
 */
export function publishVersion(
  db: Db,
  actor: Actor,
  number: string,
  label: string,
  input: { effectiveDate: string },
  options: { notify: boolean },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const { document, version } = await lockedVersion(tx, number, label)
    if (version.state === 'draft') {
      throw new ConflictError(`${named(document, version)} is a draft; open its public review first`)
    }
    if (version.state !== 'review') {
      throw new ConflictError(
        `${named(document, version)} is ${version.state}; only a version in public review can be published`,
      )
    }
    if (reviewIsOpen(version, now) && version.reviewClosesAt) {
      throw new ConflictError(
        `The public review of ${named(document, version)} is open until ${printedDay(version.reviewClosesAt)}; publish it after it closes`,
      )
    }
    const [waiting] = await tx
      .select({ n: count() })
      .from(standardComments)
      .where(
        and(
          eq(standardComments.versionId, version.id),
          eq(standardComments.hidden, false),
          isNull(standardComments.disposition),
        ),
      )
    const unanswered = waiting?.n ?? 0
    if (unanswered > 0) {
      throw new ConflictError(
        `${unanswered} comment${unanswered === 1 ? ' has' : 's have'} no written answer yet; record a disposition for each before publishing`,
      )
    }
    const superseded = await tx
      .update(standardVersions)
      .set({ state: 'superseded', updatedAt: new Date() })
      .where(and(eq(standardVersions.documentId, document.id), eq(standardVersions.state, 'published')))
      .returning({ version: standardVersions.version })
    const published = await changeVersion(
      tx,
      actor,
      document,
      version,
      { state: 'published', effectiveDate: input.effectiveDate, publishedAt: now },
      {
        before: { version: version.version, state: 'review', current: superseded[0]?.version ?? null },
        after: { version: version.version, state: 'published', effectiveDate: input.effectiveDate },
      },
    )
    // Every commenter hears the council's answers, in the transaction that makes them public.
    if (options.notify) await queueCommentAnswers(tx, version.id)
    return { ...documentFields(document), ...adminVersionFields(published), superseded: superseded[0]?.version ?? null }
  })
}

/** Ends a draft or a review without publishing: the version stays in the record as withdrawn. */
export function withdrawVersion(db: Db, actor: Actor, number: string, label: string) {
  return db.transaction(async (tx) => {
    const { document, version } = await lockedVersion(tx, number, label)
    if (version.state !== 'draft' && version.state !== 'review') {
      throw new ConflictError(
        `${named(document, version)} is ${version.state}; only a draft or a review can be withdrawn`,
      )
    }
    const updated = await changeVersion(
      tx,
      actor,
      document,
      version,
      { state: 'withdrawn' },
      {
        before: { version: version.version, state: version.state },
        after: { version: version.version, state: 'withdrawn' },
      },
    )
    return { ...documentFields(document), ...adminVersionFields(updated) }
  })
}

/**
 * The reviews that closed in (from, to]: their pages stop taking comments then, with no change in
 * the database to tell the kept pages, so the scheduler tells them (plugins/scheduled-work.ts).
 */
export async function reviewsClosedBetween(
  db: Db,
  from: Date,
  to: Date,
): Promise<{ standard: string; version: string }[]> {
  return db
    .select({ standard: standardDocuments.number, version: standardVersions.version })
    .from(standardVersions)
    .innerJoin(standardDocuments, eq(standardDocuments.id, standardVersions.documentId))
    .where(
      and(
        eq(standardVersions.state, 'review'),
        sql`${standardVersions.reviewClosesAt} > ${from.toISOString()}::timestamptz`,
        sql`${standardVersions.reviewClosesAt} <= ${to.toISOString()}::timestamptz`,
      ),
    )
}
