import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { standardDocuments, standardVersions } from '../../../db/schema'
import { TEXT_LIMITS, type VersionState } from '../../../shared/constants'
import { NotFoundError } from '../../errors'
import { storedBody } from '../stored-bodies'
import { compareBodies } from './diff'
import {
  currentOf,
  documentFields,
  findDocument,
  historyEntry,
  isPublic,
  notFoundVersion,
  publicVersion,
  reviewIsOpen,
  reviewOf,
  type VersionRow,
  versionsOf,
} from './shared'

/* What anyone may read of the standards: the list, a document, a version, two compared, the PDFs' rows. */

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
  // A document whose first version is still a draft is not public yet.
  const shown = documents.filter((document) => versions.some((row) => row.documentId === document.id))
  return shown.map((document) => {
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
  // Not public until a version of it is: a new document's first draft is the editors' alone.
  if (versions.length === 0) throw new NotFoundError(`No document numbered ${number.slice(0, 60)}`)
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

/**
 * The headings a comment's "Section" may offer: each once, none empty, none longer than the field
 * takes (any other text is still accepted).
 */
const commentSections = (headings: string[]) => [
  ...new Set(headings.filter((heading) => heading !== '' && heading.length <= TEXT_LIMITS.section)),
]

/** One version by its stable address, with what a reader needs to place it. */
export async function getStandardVersion(db: Db, number: string, label: string) {
  const { document, versions, version } = await publicVersion(db, number, label)
  const current = currentOf(versions)
  const publicOnes = versions.filter(isPublic)
  const stored = await storedBody(db, 'version', version)
  return {
    ...documentFields(document),
    ...historyEntry(version),
    body: version.body,
    html: stored.html,
    /** Its headings, for the comment form's "Section" (decision 044). */
    sections: commentSections(stored.headings),
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
    ...(await compareTexts(db, before, after)),
  }
}

/**
 * Two versions' texts compared as a reader reads them, not as Markdown: the stored rendered text
 * (headings, paragraphs, "- " list items, "|" between a table's cells), with the headings of
 * either marked. A row stored before its rendering was kept gets it stored on this first read.
 */
async function compareTexts(db: Db, before: VersionRow | { opening: VersionRow }, after: VersionRow) {
  const now = await storedBody(db, 'version', after)
  const was =
    'opening' in before
      ? {
          // The text the review opened with; a review opened before it was kept reads as the text now.
          text:
            before.opening.reviewBodyText ??
            (before.opening.reviewBody === after.body ? now.text : (before.opening.reviewBody ?? now.text)),
          headings: now.headings,
        }
      : await storedBody(db, 'version', before)
  return compareBodies(was.text, now.text, { headings: new Set([...was.headings, ...now.headings]) })
}

/**
 * What changed in a version's text during its public review: the text the review opened with
 * against the text now. 404 for a version whose review never opened.
 */
export async function reviewChanges(db: Db, number: string, label: string) {
  const { document, version } = await publicVersion(db, number, label)
  if (version.reviewBody === null || version.reviewOpenedAt === null) {
    throw new NotFoundError(`${document.number} version ${version.version} has had no public review`)
  }
  return {
    ...documentFields(document),
    ...historyEntry(version),
    reviewOpenedAt: version.reviewOpenedAt,
    textRevision: version.textRevision,
    ...(await compareTexts(db, { opening: version }, version)),
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
