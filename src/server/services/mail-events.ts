import { and, count, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { mailEvents, mailOutbox, newsletterSubscribers, posts } from '../../db/schema'
import type { MailEventKind, MailEventProvider, SuppressionReason } from '../../shared/constants'
import { announce } from '../events'
import { cancelNotSent } from './mail-outbox'

/*
 * The mail provider's reports of bounces and complaints (docs/decisions/052-mail-provider-events.md).
 * Each adapter (routes/mail-events.ts) turns its provider's call into these reports; what a report
 * does to an address is decided here, once, for every provider.
 */

/** One report, whatever provider made it. */
export type MailEventReport = {
  kind: MailEventKind
  email: string
  occurredAt: Date
  /** The provider's id of the report, so a call repeated by the provider counts once. */
  eventId: string | null
}

export type MailEventsOutcome = {
  /** Reports in the call. */
  received: number
  /** Of them, reports of a subscriber's address taken for the first time. */
  recorded: number
  /** Addresses the newsletter stopped going to because of this call. */
  suppressed: number
}

/**
 * Records the reports of a call and acts on them: a hard bounce or a complaint suppresses the
 * address at once, the soft bounce that reaches `softBounceLimit` does too, and the newsletter
 * mail still waiting for a suppressed address is cancelled. Only the newsletter stops: contact
 * notices, receipts, registry mail and sign-in links are sent as before. Reports of addresses that
 * are no subscriber's are counted and dropped, so the table never holds a stranger's address.
 * Each report is its own transaction on the subscriber's row, so two replicas taking the same
 * call (or the provider's retry) count it once.
 */
export async function recordMailEvents(
  db: Db,
  provider: MailEventProvider,
  reports: MailEventReport[],
  options: { softBounceLimit: number },
): Promise<MailEventsOutcome> {
  let recorded = 0
  let suppressed = 0
  for (const report of reports) {
    const outcome = await db.transaction(async (tx) => {
      const [subscriber] = await tx
        .select({
          id: newsletterSubscribers.id,
          status: newsletterSubscribers.status,
          softBounces: newsletterSubscribers.softBounces,
        })
        .from(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = lower(${report.email})`)
        .for('update')
      if (!subscriber) return null
      // The issue this address was last sent before the report: the one that lost it.
      const [lastIssue] = await tx
        .select({ postId: mailOutbox.postId })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.subscriberId, subscriber.id),
            eq(mailOutbox.kind, 'newsletter_issue'),
            eq(mailOutbox.state, 'sent'),
            isNotNull(mailOutbox.sentAt),
            lte(mailOutbox.sentAt, report.occurredAt),
          ),
        )
        .orderBy(desc(mailOutbox.sentAt))
        .limit(1)
      const [event] = await tx
        .insert(mailEvents)
        .values({
          provider,
          providerEventId: report.eventId,
          kind: report.kind,
          subscriberId: subscriber.id,
          postId: lastIssue?.postId ?? null,
          occurredAt: report.occurredAt,
        })
        .onConflictDoNothing()
        .returning({ id: mailEvents.id })
      if (!event) return null
      const softBounces = subscriber.softBounces + (report.kind === 'soft_bounce' ? 1 : 0)
      const reason: SuppressionReason | null =
        report.kind === 'complaint'
          ? 'complaint'
          : report.kind === 'hard_bounce'
            ? 'hard_bounce'
            : softBounces >= options.softBounceLimit
              ? 'soft_bounces'
              : null
      // An address that unsubscribed, or was suppressed already, stays as it is: the report is kept.
      const suppress = reason !== null && (subscriber.status === 'active' || subscriber.status === 'pending')
      const now = new Date()
      await tx
        .update(newsletterSubscribers)
        .set({
          softBounces,
          ...(suppress
            ? { status: 'suppressed', statusChangedAt: now, suppressedReason: reason, suppressedAt: now }
            : {}),
        })
        .where(eq(newsletterSubscribers.id, subscriber.id))
      if (suppress) await cancelNotSent(tx, eq(mailOutbox.subscriberId, subscriber.id))
      return { suppressed: suppress ? reason : null, subscriberId: subscriber.id }
    })
    if (!outcome) continue
    recorded += 1
    if (outcome.suppressed) {
      suppressed += 1
      announce('newsletter.address.suppressed', {
        subscriber: outcome.subscriberId,
        reason: outcome.suppressed,
        provider,
      })
    }
  }
  return { received: reports.length, recorded, suppressed }
}

export type IssueAftermath = {
  /** Reports of a bounce that will not pass, and of soft ones, after this issue. */
  bounced: number
  complained: number
  /** Recipients of the issue who unsubscribed after it was sent to them. */
  unsubscribed: number
  /** Addresses suppressed before the issue was sent, so never sent it. */
  skipped: number
}

/** What became of a sent issue's readers: the post's delivery panel (issue 40). */
export async function issueAftermath(db: Db, postId: number, sentAt: Date | null): Promise<IssueAftermath> {
  const events = await db
    .select({ kind: mailEvents.kind, n: sql<number>`count(distinct ${mailEvents.subscriberId})::int` })
    .from(mailEvents)
    .where(eq(mailEvents.postId, postId))
    .groupBy(mailEvents.kind)
  const of = (kind: MailEventKind) => Number(events.find((row) => row.kind === kind)?.n ?? 0)
  const [left] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, mailOutbox.subscriberId))
    .where(
      and(
        eq(mailOutbox.postId, postId),
        eq(mailOutbox.kind, 'newsletter_issue'),
        eq(mailOutbox.state, 'sent'),
        eq(newsletterSubscribers.status, 'unsubscribed'),
        gt(newsletterSubscribers.statusChangedAt, mailOutbox.sentAt),
      ),
    )
  const [skipped] = sentAt
    ? await db
        .select({ n: count() })
        .from(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.status, 'suppressed'), lte(newsletterSubscribers.suppressedAt, sentAt)))
    : [{ n: 0 }]
  return {
    bounced: of('hard_bounce') + of('soft_bounce'),
    complained: of('complaint'),
    unsubscribed: Number(left?.n ?? 0),
    skipped: Number(skipped?.n ?? 0),
  }
}

/** The titles of the issues that lost each of these subscribers, for the list's "after" line. */
export async function lastReportedIssue(db: Db, subscriberIds: string[]): Promise<Map<string, string>> {
  if (subscriberIds.length === 0) return new Map()
  const rows = await db
    .selectDistinctOn([mailEvents.subscriberId], { subscriberId: mailEvents.subscriberId, title: posts.title })
    .from(mailEvents)
    .innerJoin(posts, eq(posts.id, mailEvents.postId))
    .where(inArray(mailEvents.subscriberId, subscriberIds))
    .orderBy(mailEvents.subscriberId, desc(mailEvents.receivedAt))
  return new Map(rows.map((row) => [row.subscriberId, row.title]))
}
