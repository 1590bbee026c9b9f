import { and, asc, eq, gte, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { standardComments, standardDocuments, standardVersions } from '../../../db/schema'
import { DISPOSITION_LABELS, type Disposition } from '../../../shared/constants'
import type { Mail, MailSettings } from '../mail-content'
import { visitorFooter } from '../mail-footer'
import type { OutboxRow } from '../mail-outbox'
import { printedDate } from './pdf'
import { printedDay } from './shared'

/*
 * The mail of the public comment (issue 40, item 1): the commenter's receipt, the council's notice
 * of each comment, and the commenter's answers once the version is published. Written when sent,
 * from the rows as they are then; plain text, so no one's words are read as markup. No e-mail of a
 * commenter ever goes to another.
 */

type CommentRow = typeof standardComments.$inferSelect

/** One comment as its author sent it. */
const asSent = (comment: CommentRow) => [
  `Section: ${comment.section}`,
  '',
  comment.comment,
  ...(comment.proposedChange ? ['', 'Proposed change:', comment.proposedChange] : []),
]

export async function composeCommentMail(db: Db, row: OutboxRow, settings: MailSettings): Promise<Mail | null> {
  if (row.commentId === null) return null
  const [found] = await db
    .select({ comment: standardComments, version: standardVersions, document: standardDocuments })
    .from(standardComments)
    .innerJoin(standardVersions, eq(standardVersions.id, standardComments.versionId))
    .innerJoin(standardDocuments, eq(standardDocuments.id, standardVersions.documentId))
    .where(eq(standardComments.id, row.commentId))
  if (!found) return null
  const { comment, version, document } = found
  const { site } = settings
  const from = { name: site.name, address: settings.from }
  const named = `${document.number} ${document.title}, version ${version.version}`
  const versionUrl = `${site.publicUrl}/standards/${document.key}/v/${version.version}`
  // Every comment of this address on the version, hidden ones aside: one mail speaks for them all.
  const theirs = (since?: number) =>
    db
      .select()
      .from(standardComments)
      .where(
        and(
          eq(standardComments.versionId, version.id),
          eq(standardComments.hidden, false),
          sql`lower(${standardComments.email}) = lower(${comment.email})`,
          ...(since === undefined ? [] : [gte(standardComments.id, since)]),
        ),
      )
      .orderBy(asc(standardComments.id))

  if (row.kind === 'comment_notice') {
    return {
      from,
      to: settings.notifyTo,
      // The address alone, as for contact messages: a typed name would pose as whoever it claims.
      replyTo: { name: '', address: comment.email },
      subject: `Public comment on ${document.number} v${version.version}: ${comment.section}`.slice(0, 200),
      text: [
        `${comment.name}${comment.organisation ? ` (${comment.organisation})` : ''} <${comment.email}> commented on ${named}.`,
        `${comment.consent ? 'They agreed' : 'They did not agree'} to their name being published with the comment.`,
        '',
        ...asSent(comment),
        '',
        '--',
        `Record the council's written answer in the admin: ${site.publicUrl}/admin/comments`,
        ...(version.reviewClosesAt ? [`The review closes on ${printedDay(version.reviewClosesAt)}.`] : []),
      ].join('\n'),
    }
  }

  if (row.kind === 'comment_receipt') {
    // A hidden comment was spam: nothing is acknowledged in its name.
    if (comment.hidden) return null
    const comments = await theirs(comment.id)
    return {
      from,
      to: comment.email,
      subject: `We received your comment on ${document.number} version ${version.version}`,
      text: [
        `Hello ${comment.name},`,
        '',
        `Thank you for commenting on ${named}, in public review${version.reviewClosesAt ? ` until ${printedDay(version.reviewClosesAt)}` : ''}.`,
        'The council answers every comment in writing. When the version is published, we will write to you with the answer to each of yours, and the whole record of the review will be public.',
        '',
        comments.length === 1 ? 'What you sent:' : `What you sent (${comments.length} comments):`,
        ...comments.flatMap((one) => ['', ...asSent(one)]),
        '',
        `The version in review: ${versionUrl}`,
        '',
        'If you did not comment, someone typed your address into the comment form: you can ignore this e-mail.',
        '',
        ...visitorFooter(site),
      ].join('\n'),
    }
  }

  if (row.kind === 'comment_answer') {
    if (version.state !== 'published' && version.state !== 'superseded') return null
    const comments = await theirs()
    if (comments.length === 0) return null
    return {
      from,
      to: comment.email,
      subject: `The council's answer to your comments on ${document.number} version ${version.version}`,
      text: [
        `Hello ${comments[0]?.name ?? comment.name},`,
        '',
        `The council has published ${named}${version.effectiveDate ? `, in effect from ${printedDate(version.effectiveDate)}` : ''}. You commented during its public review; here is the council's answer to ${comments.length === 1 ? 'your comment' : `each of your ${comments.length} comments`}.`,
        ...comments.flatMap((one, index) => [
          '',
          comments.length === 1 ? '—' : `— Comment ${index + 1}`,
          ...asSent(one),
          '',
          `The council's answer: ${one.disposition ? DISPOSITION_LABELS[one.disposition as Disposition] : 'not recorded'}`,
          ...(one.response ? [one.response] : []),
        ]),
        '',
        `The public record of the review, every comment with its answer: ${versionUrl}/comments`,
        `The published text: ${versionUrl}`,
        '',
        ...visitorFooter(site),
      ].join('\n'),
    }
  }
  return null
}
