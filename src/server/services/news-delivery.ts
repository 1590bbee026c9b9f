import { and, count, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { mailOutbox, newsletterSubscribers, posts } from '../../db/schema'
import type { PublicSite } from '../../shared/site'
import { ConflictError, NotFoundError } from '../errors'
import { announce } from '../events'
import { type Actor, recordChange } from './audit'
import { mailBody } from './mail-bodies'
import { type IssueAftermath, issueAftermath } from './mail-events'
import { cancelNotSent } from './mail-outbox'
import { issueContent } from './newsletter-mail'

/*
 * Sending a news post to the subscribers (docs/decisions/027-newsletter-issues-through-the-outbox.md).
 * A send is one transaction: the post is marked sent (once: the guard is `sent_at is null`), and
 * one outbox row per active subscriber is written with it; the senders on every replica do the
 * rest, at MAIL_RATE_PER_MINUTE. A test send goes to one typed address at once, past the outbox.
 */

/** What a send needs of the mail plugin (app.mail). */
export type Mailer = {
  enabled: boolean
  sendNow: (mail: {
    to: string
    subject: string
    text: string
    html?: string
    headers?: Record<string, string>
  }) => Promise<void>
}

const MAIL_OFF = 'Mail is off (SMTP_URL is not set), so nothing can be sent'
const NO_POST = 'Post not found'

async function postById(db: Db, id: number) {
  const [post] = await db.select().from(posts).where(eq(posts.id, id))
  if (!post) throw new NotFoundError(NO_POST)
  return post
}

/** How many addresses a send would reach now: the active subscribers. */
export async function countRecipients(db: Db): Promise<{ count: number }> {
  const [row] = await db
    .select({ count: count() })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'active'))
  return { count: Number(row?.count ?? 0) }
}

/** Mails the post to one address now, marked as a test, with no subscriber's unsubscribe link. */
export async function testSendPost(
  db: Db,
  mailer: Mailer,
  site: PublicSite,
  id: number,
  email: string,
): Promise<{ sentTo: string; unreachable: string[] }> {
  const post = await postById(db, id)
  if (!mailer.enabled) throw new ConflictError(MAIL_OFF)
  const body = await mailBody(db, post, site.publicUrl)
  const content = issueContent(site, { ...post, ...body }, null)
  await mailer.sendNow({ to: email, subject: content.subject, text: content.text, html: content.html })
  // Sent all the same: the editor reads which links to mend before the real send.
  return { sentTo: email, unreachable: body.unreachable }
}

/**
 * Sends a published post to every subscriber active now, once: a second send, or two at once,
 * finds `sent_at` set and is refused with 409.
 */
export async function sendPost(db: Db, mailer: Pick<Mailer, 'enabled'>, actor: Actor, id: number, linkBase: string) {
  // Its mail's rendering (links whole from `linkBase`, the site's PUBLIC_URL) made now, so no mail
  // of the issue waits on the renderer (services/mail-bodies.ts).
  await mailBody(db, await postById(db, id), linkBase)
  const started = await db.transaction(async (tx) => {
    const post = await postById(tx, id)
    if (!mailer.enabled) throw new ConflictError(MAIL_OFF)
    if (post.status !== 'published') throw new ConflictError('Only a published post can be sent to the subscribers')
    const [marked] = await tx
      .update(posts)
      .set({ sentAt: sql`now()`, sentBy: actor.email })
      .where(and(eq(posts.id, id), isNull(posts.sentAt)))
      .returning({ id: posts.id })
    if (!marked) throw new ConflictError('This post was already sent to the subscribers; a post is sent once')
    // One row per address active at this moment; the unique (post, subscriber) index makes a second row impossible.
    await tx.execute(sql`
      insert into ${mailOutbox} (kind, post_id, subscriber_id)
      select 'newsletter_issue', ${id}::integer, ${newsletterSubscribers.id}
      from ${newsletterSubscribers}
      where ${newsletterSubscribers.status} = 'active'
      on conflict do nothing`)
    // The rows of this post are all this transaction's: the guard above lets one send through, ever.
    const [row] = await tx.select({ count: count() }).from(mailOutbox).where(eq(mailOutbox.postId, id))
    const recipients = Number(row?.count ?? 0)
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'post',
      entityId: id,
      before: { sentTo: null },
      after: { sentTo: recipients },
    })
    return { recipients }
  })
  announce('newsletter.issue.started', { post: id, recipients: started.recipients })
  return started
}

export type DeliveryStatus = {
  total: number
  queued: number
  sent: number
  failed: number
  cancelled: number
  /** Why mails failed (the last error of each row given up or waiting to retry), most common first. */
  failures: { reason: string; count: number }[]
  /** What the provider and the readers reported after the issue (docs/mail-events.md). */
  after: IssueAftermath
}

/** Where a post's sending stands: rows by state, and the reasons of those that failed. */
export async function deliveryStatus(db: Db, id: number): Promise<DeliveryStatus> {
  const post = await postById(db, id)
  const rows = await db
    .select({ state: mailOutbox.state, count: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.postId, id), eq(mailOutbox.kind, 'newsletter_issue')))
    .groupBy(mailOutbox.state)
  const by = (state: string) => Number(rows.find((row) => row.state === state)?.count ?? 0)
  const reasons = await db
    .select({ reason: mailOutbox.lastError, count: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.postId, id), eq(mailOutbox.state, 'failed')))
    .groupBy(mailOutbox.lastError)
  const failures = reasons
    .map((row) => ({ reason: row.reason ?? 'Unknown reason', count: Number(row.count) }))
    .sort((a, b) => b.count - a.count)
  const status = {
    queued: by('pending') + by('sending'),
    sent: by('sent'),
    failed: by('failed'),
    cancelled: by('cancelled'),
  }
  const after = await issueAftermath(db, id, post.sentAt)
  return { total: status.queued + status.sent + status.failed + status.cancelled, ...status, failures, after }
}

/**
 * Stops what of a post's sending has not gone out: waiting rows, and rows a sender has claimed but
 * not yet sent (the sender checks the row's state before it sends), become cancelled. A mail being
 * handed to the mail server at that moment cannot be stopped, so it is not counted: if the server
 * takes it, the progress counts it as sent.
 */
export async function cancelDelivery(db: Db, actor: Actor, id: number): Promise<{ cancelled: number }> {
  return db.transaction(async (tx) => {
    await postById(tx, id)
    const rows = await cancelNotSent(tx, eq(mailOutbox.postId, id))
    const cancelled = rows.filter((row) => !row.inHand).length
    if (rows.length > 0) {
      await recordChange(tx, actor, {
        action: 'update',
        entity: 'post',
        entityId: id,
        before: null,
        after: { cancelledSending: cancelled },
      })
    }
    return { cancelled }
  })
}
