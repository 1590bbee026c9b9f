import { eq } from 'drizzle-orm'
import type { SendMailOptions } from 'nodemailer'
import { encodeWord } from 'nodemailer/lib/mime-funcs'
import type { Db } from '../../db/client'
import { contactSubmissions, mailOutbox, newsletterSubscribers, posts } from '../../db/schema'
import type { PublicSite } from '../../shared/site'
import { mailBody } from './mail-bodies'
import { visitorFooter } from './mail-footer'
import { isRegistryMailKind, type OutboxRow } from './mail-outbox'
import { issueContent, welcomeContent } from './newsletter-mail'
import { composeRegistryMail } from './registry/mail'
import { composeCommentMail } from './standards/comment-mail'
import { subscriptionLinks } from './subscription-tokens'

type Address = { name: string; address: string }

/** One mail, as nodemailer's sendMail takes it. */
export type Mail = {
  from: Address
  to: string | Address
  replyTo?: Address
  subject: string
  text: string
  /** The newsletter's and the registry's mail: the same words as a simple page (services/newsletter-mail.ts, services/registry/mail.ts). */
  html?: string
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on the newsletter's mail. */
  headers?: Record<string, string>
  /**
   * The same for every attempt at one outbox row: a mail sent again after a sender died between the
   * SMTP server's yes and the row's `sent` (docs/decisions/016) is the same message to the mailbox.
   */
  messageId?: string
}

export type MailSettings = {
  site: PublicSite
  /** The sender's address (MAIL_FROM, else the council's e-mail). */
  from: string
  /** Who hears of contact messages (COUNCIL_NOTIFY_EMAIL, else the council's e-mail). */
  notifyTo: string
  /** SESSION_SECRET, which the links' keys are derived from. */
  secret: string
}

const dateTime = (date: Date) =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`

/**
 * Writes the mail an outbox row stands for, from the rows as they are now; null when there is
 * nothing left to send (the message was deleted, or the subscription is no longer waiting). Plain
 * text only: a visitor's words are never interpreted as markup in anyone's mail program.
 */
export async function composeMail(db: Db, row: OutboxRow, settings: MailSettings): Promise<Mail | null> {
  if (isRegistryMailKind(row.kind)) return composeRegistryMail(db, row, settings)
  if (row.kind.startsWith('comment_')) return composeCommentMail(db, row, settings)
  const { site } = settings
  const from = { name: site.name, address: settings.from }
  if (row.kind === 'contact_notice' && row.messageId !== null) {
    const [message] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, row.messageId))
    if (!message) return null
    return {
      from,
      to: settings.notifyTo,
      // The address alone: a name the visitor typed would show in the council's mail program as
      // whoever they claim to be ("Treasurer <…>"); the body names them, as plain text.
      replyTo: { name: '', address: message.email },
      subject: `Contact message: ${message.subject}`,
      text: [
        `${message.name} <${message.email}> wrote through the contact form on ${dateTime(message.createdAt)}.`,
        '',
        `Subject: ${message.subject}`,
        '',
        message.message,
        '',
        '--',
        `Reply to this e-mail to answer ${message.name}.`,
        `The message is also in the admin: ${site.publicUrl}/admin/messages`,
      ].join('\n'),
    }
  }
  if (row.kind === 'contact_receipt' && row.messageId !== null) {
    const [message] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, row.messageId))
    if (!message) return null
    return {
      from,
      to: message.email,
      subject: `We received your message: ${message.subject}`,
      text: [
        `Hello ${message.name},`,
        '',
        `Thank you for writing to the ${site.name}. Your message reached us on ${dateTime(message.createdAt)}.`,
        `We typically reply within ${site.replyTime}. If your matter is urgent, please say so in the subject line of a new message.`,
        '',
        'What you sent:',
        '',
        `Subject: ${message.subject}`,
        '',
        message.message,
        '',
        'If you did not write to us, someone typed your address into our contact form: you can ignore this e-mail.',
        '',
        ...visitorFooter(site),
      ].join('\n'),
    }
  }
  if (row.kind === 'subscription_confirm' && row.subscriberId !== null) {
    const [subscriber] = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, row.subscriberId))
    if (subscriber?.status !== 'pending') return null
    const confirm = subscriptionLinks.confirm(
      site.publicUrl,
      settings.secret,
      subscriber.id,
      subscriber.statusChangedAt,
    )
    return {
      from,
      to: subscriber.email,
      subject: `Confirm your subscription to the ${site.name} newsletter`,
      text: [
        'Hello,',
        '',
        `Someone, probably you, asked to receive the ${site.name} newsletter at this address.`,
        'To confirm, open this link and press the button on the page:',
        '',
        confirm,
        '',
        'If you did not ask for this, ignore this e-mail: the address will not be subscribed.',
        'The link works for 7 days.',
        '',
        ...visitorFooter(site),
      ].join('\n'),
    }
  }
  if ((row.kind === 'newsletter_issue' || row.kind === 'newsletter_welcome') && row.subscriberId !== null) {
    const [subscriber] = await db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, row.subscriberId))
    // Unsubscribed (or deleted) since the row was queued: nothing more goes to the address.
    if (subscriber?.status !== 'active') return null
    const unsubscribe = subscriptionLinks.unsubscribe(site.publicUrl, settings.secret, subscriber.id)
    const messageId = `<${row.kind}.${row.postId ?? 0}.${subscriber.id}@${new URL(site.publicUrl).hostname}>`
    if (row.kind === 'newsletter_welcome')
      return { from, to: subscriber.email, messageId, ...welcomeContent(site, unsubscribe) }
    if (row.postId === null) return null
    const [post] = await db.select().from(posts).where(eq(posts.id, row.postId))
    // A post taken back (unpublished) after it was sent is not sent further.
    if (post?.status !== 'published') return null
    // The issue's first mail renders the mail's body, which takes a moment: asked after it, so a
    // cancel meanwhile is seen.
    const body = await mailBody(db, post, site.publicUrl)
    // Cancelled by the council after this sender claimed it: not sent.
    const [current] = await db.select({ state: mailOutbox.state }).from(mailOutbox).where(eq(mailOutbox.id, row.id))
    if (current?.state !== 'sending') return null
    return { from, to: subscriber.email, messageId, ...issueContent(site, { ...post, ...body }, unsubscribe) }
  }
  return null
}

/**
 * The mail as nodemailer takes it, with its subject safe to show. Mail programs decode RFC 2047
 * encoded words ("=?utf-8?B?…?=") in a subject, and nodemailer passes a subject that already holds
 * valid ones through as they are (so that callers may encode their own): a visitor's subject could
 * then show the council words the visitor never typed. A subject with "=?" in it is therefore sent
 * wholly encoded, by us: decoding it once gives back exactly the characters that were typed.
 */
export function toSendMailOptions(mail: Mail): SendMailOptions {
  if (!mail.subject.includes('=?')) return mail
  const { subject, ...rest } = mail
  // Base64 words of at most 52 characters (nodemailer's own width), whole characters each, one
  // space apart, which decoders drop between encoded words: the header folds there, never inside one.
  const encoded = encodeWord(subject, 'B', 52)
  return { ...rest, headers: { ...rest.headers, Subject: { prepared: true, foldLines: true, value: encoded } } }
}
