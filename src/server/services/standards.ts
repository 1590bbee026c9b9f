import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { standardComments, standardDocuments, standardVersions } from '../../db/schema'
import type { Disposition, StandardKind, VersionState } from '../../shared/constants'
import { COMMENT_SUCCESS } from '../../shared/form-texts'
import {
  type CommentInput,
  type DraftInput,
  REVIEW_DEFAULT_DAYS,
  standardKey,
  type VersionPatch,
} from '../../shared/schemas/standards'
import { compareVersionLabels } from '../../shared/version-labels'
import { ConflictError, NotFoundError } from '../errors'
import { type Actor, recordChange } from './audit'
import { printedDate } from './document-pdf'
import { createPost } from './news'
import { type Mailer, sendPost } from './news-delivery'
import { renderForStoring, storedBody } from './stored-bodies'

const MAIL_OFF = 'Mail is off on this server (SMTP_URL is not set), so the subscribers cannot be told'

import { compareBodies } from './standard-diff'

/*
 * The council's standards: documents with numbers for life, and their text in versions that go
 * from draft through public review to published, then superseded
 * (docs/decisions/028-standards-as-versioned-documents.md). Every rule of that life is here, so the
 * REST routes, the tRPC procedures and the pages all get it.
 */

const DAY_MS = 24 * 60 * 60 * 1000
/** A review longer than this is a typo, not a plan. */
const REVIEW_MAX_DAYS = 366

type DocumentRow = typeof standardDocuments.$inferSelect
type VersionRow = typeof standardVersions.$inferSelect

/** A draft is the editors' alone; a version withdrawn before its review opened never was public. */
const isPublic = (version: Pick<VersionRow, 'state' | 'reviewOpenedAt'>) =>
  version.state !== 'draft' && !(version.state === 'withdrawn' && version.reviewOpenedAt === null)

/** Comments are taken while the review is open: in review, and before its closing time. */
export const reviewIsOpen = (version: Pick<VersionRow, 'state' | 'reviewClosesAt'>, now = new Date()) =>
  version.state === 'review' && version.reviewClosesAt !== null && version.reviewClosesAt > now

async function findDocument(db: Db, number: string): Promise<DocumentRow> {
  const [document] = await db
    .select()
    .from(standardDocuments)
    .where(eq(standardDocuments.key, standardKey(number)))
  if (!document) throw new NotFoundError(`No document numbered ${number.slice(0, 60)}`)
  return document
}

async function versionsOf(db: Db, documentId: number): Promise<VersionRow[]> {
  const rows = await db.select().from(standardVersions).where(eq(standardVersions.documentId, documentId))
  return rows.sort((a, b) => compareVersionLabels(b.version, a.version))
}

const notFoundVersion = (document: DocumentRow, version: string) =>
  new NotFoundError(`${document.number} has no version ${version.slice(0, 20)}`)

/** A version anyone may read: drafts and never-reviewed withdrawals are 404 like versions that do not exist. */
async function publicVersion(db: Db, number: string, version: string) {
  const document = await findDocument(db, number)
  const versions = await versionsOf(db, document.id)
  const found = versions.find((row) => row.version === version)
  if (!found || !isPublic(found)) throw notFoundVersion(document, version)
  return { document, versions, version: found }
}

const currentOf = (versions: VersionRow[]) => versions.find((row) => row.state === 'published') ?? null
const reviewOf = (versions: VersionRow[]) => versions.find((row) => row.state === 'review') ?? null

const documentFields = (document: DocumentRow) => ({
  number: document.number,
  key: document.key,
  title: document.title,
  kind: document.kind as StandardKind,
  description: document.description,
})

const historyEntry = (row: VersionRow) => ({
  version: row.version,
  state: row.state as VersionState,
  effectiveDate: row.effectiveDate,
  changeSummary: row.changeSummary,
  reviewClosesAt: row.reviewClosesAt,
})

/** Every document with its current version and, when one is open or awaiting publication, its review. */
export async function listStandards(db: Db) {
  const documents = await db.select().from(standardDocuments).orderBy(asc(standardDocuments.number))
  const versions = documents.length
    ? await db
        .select()
        .from(standardVersions)
        .where(
          and(
            inArray(
              standardVersions.documentId,
              documents.map((document) => document.id),
            ),
            inArray(standardVersions.state, ['published', 'review']),
          ),
        )
    : []
  return documents.map((document) => {
    const own = versions.filter((row) => row.documentId === document.id)
    const current = currentOf(own)
    const review = reviewOf(own)
    return {
      ...documentFields(document),
      current: current ? { version: current.version, effectiveDate: current.effectiveDate } : null,
      review: review ? { version: review.version, closesAt: review.reviewClosesAt, open: reviewIsOpen(review) } : null,
    }
  })
}

export type StandardList = Awaited<ReturnType<typeof listStandards>>

/** A document: its public history, newest first, and its current text. */
export async function getStandard(db: Db, number: string) {
  const document = await findDocument(db, number)
  const versions = (await versionsOf(db, document.id)).filter(isPublic)
  const current = currentOf(versions)
  const review = reviewOf(versions)
  return {
    ...documentFields(document),
    versions: versions.map(historyEntry),
    current: current
      ? {
          version: current.version,
          effectiveDate: current.effectiveDate,
          body: current.body,
          html: (await storedBody(db, 'version', current)).html,
        }
      : null,
    review: review ? { version: review.version, closesAt: review.reviewClosesAt, open: reviewIsOpen(review) } : null,
  }
}

/** A document's page: as getStandard, without the Markdown, which would be sent a second time in the page's data. */
export async function standardPage(db: Db, number: string) {
  const standard = await getStandard(db, number)
  if (!standard.current) return { ...standard, current: null }
  const { body: _markdown, ...current } = standard.current
  return { ...standard, current }
}

/** One version by its stable address, with what a reader needs to place it. */
export async function getStandardVersion(db: Db, number: string, label: string) {
  const { document, versions, version } = await publicVersion(db, number, label)
  const current = currentOf(versions)
  const publicOnes = versions.filter(isPublic)
  return {
    ...documentFields(document),
    ...historyEntry(version),
    body: version.body,
    html: (await storedBody(db, 'version', version)).html,
    reviewOpenedAt: version.reviewOpenedAt,
    reviewOpen: reviewIsOpen(version),
    /** Whether the comments and their answers are public (once the version was published). */
    recordPublic: version.publishedAt !== null,
    current: current ? { version: current.version } : null,
    /** The other public versions, for comparing. */
    versions: publicOnes.map((row) => ({ version: row.version, state: row.state as VersionState })),
  }
}

/** A version's page without its Markdown, which would be sent a second time in the page's data. */
export async function standardVersionPage(db: Db, number: string, label: string) {
  const { body: _markdown, ...shown } = await getStandardVersion(db, number, label)
  return shown
}

/** Two public versions of a document, compared word by word. */
export async function compareVersions(db: Db, number: string, from: string, to: string) {
  const { document, versions } = await publicVersion(db, number, from)
  const before = versions.find((row) => row.version === from)
  const after = versions.find((row) => row.version === to)
  if (!after || !isPublic(after)) throw notFoundVersion(document, to)
  if (!before) throw notFoundVersion(document, from)
  return {
    ...documentFields(document),
    from: historyEntry(before),
    to: historyEntry(after),
    ...compareBodies(before.body, after.body),
  }
}

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

/** What a version's PDF prints: its title, the line under it, and its text. */
export async function versionForPdf(db: Db, key: string, label: string) {
  const { document, version } = await publicVersion(db, key, label)
  return { document, version }
}

/** The document whose PDF used to be /downloads/{slug}.pdf, and its current version's label. */
export async function legacyDownload(db: Db, slug: string) {
  const [document] = await db.select().from(standardDocuments).where(eq(standardDocuments.legacySlug, slug))
  if (!document) return null
  const current = currentOf(await versionsOf(db, document.id))
  return current ? { key: document.key, version: current.version } : null
}

/* ---------------------------------------------------------------- the admin */

const commentCounts = async (db: Db, versionIds: number[]) => {
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

const adminVersionFields = (row: VersionRow, counts?: { total: number; hidden: number; unanswered: number }) => ({
  ...historyEntry(row),
  reviewOpenedAt: row.reviewOpenedAt,
  reviewOpen: reviewIsOpen(row),
  publishedAt: row.publishedAt,
  updatedAt: row.updatedAt,
  noticeSent: row.noticePostId !== null,
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

async function anyVersion(db: Db, number: string, label: string) {
  const document = await findDocument(db, number)
  const [version] = await db
    .select()
    .from(standardVersions)
    .where(and(eq(standardVersions.documentId, document.id), eq(standardVersions.version, label)))
  if (!version) throw notFoundVersion(document, label)
  return { document, version }
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

/** The version row locked for a change, so two editors cannot both move it. */
async function lockedVersion(tx: Db, number: string, label: string) {
  const document = await findDocument(tx, number)
  const [version] = await tx
    .select()
    .from(standardVersions)
    .where(and(eq(standardVersions.documentId, document.id), eq(standardVersions.version, label)))
    .for('update')
  if (!version) throw notFoundVersion(document, label)
  return { document, version }
}

const named = (document: DocumentRow, version: Pick<VersionRow, 'version'>) =>
  `${document.number} version ${version.version}`

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

/** A day as the council's documents print it: "December 10, 2026". */
const printedDay = (date: Date) => printedDate(date.toISOString().slice(0, 10))

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
          ? { bodyHtml: rendered.html, bodyText: rendered.text }
          : { bodyHtml: current ? current.bodyHtml : '', bodyText: current ? current.bodyText : '' }),
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
    const edited = [
      ...(patch.body !== undefined && patch.body !== version.body ? ['body'] : []),
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
          : { body: patch.body, bodyHtml: rendered.html, bodyText: rendered.text }),
        ...(patch.changeSummary === undefined ? {} : { changeSummary: patch.changeSummary }),
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
export function openReview(
  db: Db,
  actor: Actor,
  number: string,
  label: string,
  input: { closesAt: Date },
  minDays = REVIEW_DEFAULT_DAYS,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
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
      { state: 'review', reviewOpenedAt: now, reviewClosesAt: closesAt },
      {
        before: { version: version.version, state: 'draft' },
        after: { version: version.version, state: 'review', closesAt: closesAt.toISOString() },
      },
    )
    return { ...documentFields(document), ...adminVersionFields(updated), body: updated.body }
  })
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

/** The council's written answer; fixed once the version is published (the record is public then). */
export function answerComment(db: Db, actor: Actor, id: number, input: { disposition: Disposition; response: string }) {
  return db.transaction(async (tx) => {
    const { comment, version, document } = await lockedComment(tx, id)
    if (version.state !== 'review') {
      throw new ConflictError(
        `${named(document, version)} is ${version.state}; answers are recorded while its review is under way`,
      )
    }
    const [updated] = await tx
      .update(standardComments)
      .set({
        disposition: input.disposition,
        response: input.response,
        disposedBy: actor.email,
        disposedAt: new Date(),
      })
      .where(eq(standardComments.id, id))
      .returning()
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'standard_comment',
      entityId: id,
      before: { disposition: comment.disposition },
      after: { disposition: input.disposition },
    })
    return { ...updated, disposition: (updated?.disposition ?? null) as Disposition | null }
  })
}

/** Hides spam (it stays in the record, with the reason) or shows a comment again. */
export function hideComment(db: Db, actor: Actor, id: number, input: { hidden: boolean; reason?: string }) {
  return db.transaction(async (tx) => {
    const { comment } = await lockedComment(tx, id)
    const [updated] = await tx
      .update(standardComments)
      .set(
        input.hidden
          ? { hidden: true, hiddenReason: input.reason ?? '', hiddenBy: actor.email }
          : { hidden: false, hiddenReason: null, hiddenBy: null },
      )
      .where(eq(standardComments.id, id))
      .returning()
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'standard_comment',
      entityId: id,
      before: { hidden: comment.hidden },
      after: { hidden: input.hidden, ...(input.hidden ? { reason: input.reason ?? '' } : {}) },
    })
    return { ...updated, disposition: (updated?.disposition ?? null) as Disposition | null }
  })
}

/**
 * Tells the subscribers that a review opened: a short news post, published, sent through the
 * newsletter's own sending (its outbox, rate and unsubscribe rules). Once per version.
 */
export async function announceReview(
  db: Db,
  mailer: Pick<Mailer, 'enabled'>,
  actor: Actor,
  number: string,
  label: string,
  siteUrl: string,
) {
  if (!mailer.enabled) throw new ConflictError(MAIL_OFF)
  const notice = await db.transaction(async (tx) => {
    const { document, version } = await lockedVersion(tx, number, label)
    if (!reviewIsOpen(version) || !version.reviewClosesAt) {
      throw new ConflictError(`${named(document, version)} is not in an open public review`)
    }
    // The version names its notice in the same transaction: a second press is refused here.
    if (version.noticePostId !== null) {
      throw new ConflictError(`The subscribers were already told of the review of ${named(document, version)}`)
    }
    const closes = printedDay(version.reviewClosesAt)
    const address = `${siteUrl.replace(/\/$/, '')}/standards/${document.key}/v/${version.version}`
    const post = await createPost(tx, actor, {
      title: `Public review: ${document.title}, version ${version.version}`,
      summary: `The council invites comments on version ${version.version} of ${document.number} until ${closes}.`,
      body: [
        `The council has opened a public review of version ${version.version} of ${document.number}, ${document.title}.`,
        version.changeSummary ? `What changes: ${version.changeSummary}` : '',
        `Read the draft and send a comment by ${closes}: [${document.number} version ${version.version}](${address}). Every comment gets a written answer, published with the version.`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      status: 'published',
      publishAt: null,
    })
    await tx.update(standardVersions).set({ noticePostId: post.id }).where(eq(standardVersions.id, version.id))
    return post
  })
  const sent = await sendPost(db, mailer, actor, notice.id)
  return { postId: notice.id, slug: notice.slug, recipients: sent.recipients }
}

/**
 * Whether a review closed in (from, to]: its pages stop taking comments then, with no change in the
 * database to tell the kept pages, so the scheduler tells them (plugins/news-scheduler.ts).
 */
export async function reviewsClosedBetween(db: Db, from: Date, to: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(standardVersions)
    .where(
      and(
        eq(standardVersions.state, 'review'),
        sql`${standardVersions.reviewClosesAt} > ${from.toISOString()}::timestamptz`,
        sql`${standardVersions.reviewClosesAt} <= ${to.toISOString()}::timestamptz`,
      ),
    )
  return (row?.n ?? 0) > 0
}

/** Newest first, for the sitemap and the home page's links. */
export async function standardAddresses(db: Db) {
  const rows = await db
    .select({
      key: standardDocuments.key,
      version: standardVersions.version,
      state: standardVersions.state,
      reviewOpenedAt: standardVersions.reviewOpenedAt,
    })
    .from(standardVersions)
    .innerJoin(standardDocuments, eq(standardDocuments.id, standardVersions.documentId))
    .orderBy(asc(standardDocuments.key), desc(standardVersions.id))
  return rows.filter(isPublic)
}
