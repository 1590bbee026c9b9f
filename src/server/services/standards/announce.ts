import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { standardVersions } from '../../../db/schema'
import { ConflictError } from '../../errors'
import type { Actor } from '../audit'
import { createPost } from '../news'
import { type Mailer, sendPost } from '../news-delivery'
import { lockedVersion, named, printedDay, reviewIsOpen } from './shared'

const MAIL_OFF = 'Mail is off on this server (SMTP_URL is not set), so the subscribers cannot be told'

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
  const sent = await sendPost(db, mailer, actor, notice.id, siteUrl)
  return { postId: notice.id, slug: notice.slug, recipients: sent.recipients }
}
