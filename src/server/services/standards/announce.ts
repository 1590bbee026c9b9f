import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { posts, standardVersions } from '../../../db/schema'
import { ConflictError } from '../../errors'
import type { Actor } from '../audit'
import { createPost } from '../news'
import { printedDate } from './pdf'
import { type DocumentRow, lockedVersion, named, printedDay, reviewIsOpen, type VersionRow } from './shared'

/*
 * Telling the subscribers of a review that opened, or of a version that took effect (issue 40,
 * item 2): a news *draft* written for the editor, who previews it, edits it, publishes it and sends
 * it as any post (its outbox, rate and unsubscribe rules). Nothing is mailed that nobody previewed.
 */

export type Announcement = 'review' | 'published'

function draftFor(kind: Announcement, document: DocumentRow, version: VersionRow, siteUrl: string) {
  const address = `${siteUrl.replace(/\/$/, '')}/standards/${document.key}/v/${version.version}`
  if (kind === 'review') {
    const closes = printedDay(version.reviewClosesAt ?? new Date())
    return {
      title: `Public review: ${document.title}, version ${version.version}`,
      summary: `The council invites comments on version ${version.version} of ${document.number} until ${closes}.`,
      body: [
        `The council has opened a public review of version ${version.version} of ${document.number}, ${document.title}.`,
        version.changeSummary ? `What changes: ${version.changeSummary}` : '',
        `Read the draft and send a comment by ${closes}: [${document.number} version ${version.version}](${address}). Every comment gets a written answer, published with the version.`,
      ],
    }
  }
  const effective = version.effectiveDate ? printedDate(version.effectiveDate) : null
  return {
    title: `${document.title}: version ${version.version} is published`,
    summary: `Version ${version.version} of ${document.number} is the council's current text${effective ? `, in effect from ${effective}` : ''}.`,
    body: [
      `The council has published version ${version.version} of ${document.number}, ${document.title}${effective ? `. It takes effect on ${effective}` : ''}.`,
      version.changeSummary ? `What changes: ${version.changeSummary}` : '',
      `Read it: [${document.number} version ${version.version}](${address}).`,
      version.reviewOpenedAt
        ? `Every comment received during its public review is published with the council's answer: [the comments and answers](${address}/comments).`
        : '',
    ],
  }
}

/**
 * The news draft that tells the subscribers of a version's review (while it is open) or of its
 * publication (while it is the current text). Once per version and kind: asked again, it answers
 * the draft (or post) it made, unless that post was deleted, when it drafts a new one.
 */
export async function draftAnnouncement(
  db: Db,
  actor: Actor,
  number: string,
  label: string,
  kind: Announcement,
  siteUrl: string,
): Promise<{ postId: number; slug: string; status: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const { document, version } = await lockedVersion(tx, number, label)
    if (kind === 'review' && (!reviewIsOpen(version) || !version.reviewClosesAt)) {
      throw new ConflictError(`${named(document, version)} is not in an open public review`)
    }
    if (kind === 'published' && version.state !== 'published') {
      throw new ConflictError(
        `${named(document, version)} is ${version.state}; only the current version is announced as published`,
      )
    }
    const column = kind === 'review' ? 'noticePostId' : 'publishedNoticePostId'
    const existingId = version[column]
    if (existingId !== null) {
      const [existing] = await tx
        .select({ id: posts.id, slug: posts.slug, status: posts.status })
        .from(posts)
        .where(eq(posts.id, existingId))
      if (existing) return { postId: existing.id, slug: existing.slug, status: existing.status, created: false }
    }
    const draft = draftFor(kind, document, version, siteUrl)
    const post = await createPost(tx, actor, {
      title: draft.title,
      summary: draft.summary,
      body: draft.body.filter(Boolean).join('\n\n'),
      status: 'draft',
      publishAt: null,
    })
    await tx
      .update(standardVersions)
      .set(kind === 'review' ? { noticePostId: post.id } : { publishedNoticePostId: post.id })
      .where(eq(standardVersions.id, version.id))
    return { postId: post.id, slug: post.slug, status: post.status, created: true }
  })
}
