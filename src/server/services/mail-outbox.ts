import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { mailOutbox, rateLimitCounters } from '../../db/schema'
import type { MailKind } from '../../shared/constants'

/*
 * The outbox (docs/decisions/016-mail-outbox.md): a change that should send mail adds a row in its
 * own transaction, so the mail cannot be lost once the visitor was told yes, and nobody waits on
 * SMTP. Senders on every replica claim due rows with FOR UPDATE SKIP LOCKED, so each row goes to
 * exactly one of them; a claim is a lease, and a row whose sender died is claimed again after it.
 */

export type OutboxRow = typeof mailOutbox.$inferSelect

/** The registry's mail (docs/registry.md, "Mail"): composed by services/registry/mail.ts. */
export type RegistryMailKind = Extract<MailKind, `registry_${string}`>
export const isRegistryMailKind = (kind: string): kind is RegistryMailKind => kind.startsWith('registry_')

/**
 * A registry mail names what it is about (one of the three ids) and, in `detail`, whatever else its
 * text needs to be the same on every attempt (never a secret: links are signed when it is written).
 * `notBefore` holds it back (the application link's gap per address).
 */
export type QueuedRegistryMail = {
  kind: RegistryMailKind
  applicationId?: string
  concernId?: string
  listingId?: string
  detail?: Record<string, string | number>
  notBefore?: Date
}

export type QueuedMail =
  | { kind: 'contact_notice' | 'contact_receipt'; messageId: number }
  | { kind: 'subscription_confirm'; subscriberId: string }
  | { kind: 'newsletter_welcome'; subscriberId: string }
  | { kind: 'comment_receipt' | 'comment_notice' | 'comment_answer'; commentId: number }
  | QueuedRegistryMail

/** Queues a mail; call it with the transaction that makes the change the mail is about. */
export async function queueMail(tx: Db, mail: QueuedMail): Promise<void> {
  if (isRegistryMailKind(mail.kind)) {
    const registry = mail as QueuedRegistryMail
    await tx.insert(mailOutbox).values({
      kind: registry.kind,
      applicationId: registry.applicationId ?? null,
      concernId: registry.concernId ?? null,
      listingId: registry.listingId ?? null,
      detail: registry.detail ?? null,
      ...(registry.notBefore ? { nextAttemptAt: registry.notBefore } : {}),
    })
    return
  }
  const other = mail as Exclude<QueuedMail, QueuedRegistryMail>
  await tx.insert(mailOutbox).values({
    kind: other.kind satisfies MailKind,
    messageId: 'messageId' in other ? other.messageId : null,
    subscriberId: 'subscriberId' in other ? other.subscriberId : null,
    commentId: 'commentId' in other ? other.commentId : null,
  })
}

/**
 * The newsletter's kinds: paced by MAIL_RATE_PER_MINUTE across all replicas, and claimed after
 * any other due mail, so a notice or a confirmation never waits behind an issue's thousands of rows.
 */
export const NEWSLETTER_KINDS = ['newsletter_issue', 'newsletter_welcome'] as const satisfies readonly MailKind[]
export const isNewsletterKind = (kind: string) => (NEWSLETTER_KINDS as readonly string[]).includes(kind)

/**
 * Drops a subscriber's newsletter mail that has not gone out yet: they unsubscribed. Issue rows
 * become `cancelled` (the issue's progress counts them); a welcome still waiting is deleted.
 */
export async function cancelQueuedNewsletter(tx: Db, subscriberId: string): Promise<void> {
  await cancelNotSent(tx, eq(mailOutbox.subscriberId, subscriberId))
  await dropWaiting(tx, subscriberId, 'newsletter_welcome')
}

/**
 * Cancels the issue rows `which` picks that have not gone out, claimed ones too (the sender checks
 * its claim on a row, and so finds it cancelled, before it hands the mail over); returns them, each
 * with whether it was already being handed to the mail server (handOff). Such a mail may still go:
 * if the server takes it, the row becomes `sent` after all; if not, it stays cancelled.
 */
export function cancelNotSent(tx: Db, which: SQL | undefined) {
  return tx
    .update(mailOutbox)
    .set({ state: 'cancelled', lockedUntil: null })
    .where(and(which, eq(mailOutbox.kind, 'newsletter_issue'), inArray(mailOutbox.state, ['pending', 'sending'])))
    .returning({ id: mailOutbox.id, inHand: sql<boolean>`${mailOutbox.sentAt} is not null` })
}

/** Deletes a subscriber's mail of `kind` that still waits: there is nothing of it to keep. */
async function dropWaiting(tx: Db, subscriberId: string, kind: MailKind): Promise<void> {
  await tx
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.subscriberId, subscriberId), eq(mailOutbox.kind, kind), eq(mailOutbox.state, 'pending')))
}

/**
 * Takes one slot of the newsletter's rate in the current window, shared by every replica through
 * the database: the counter of the window (by the database's clock) goes up by one only while it
 * is under `limit`. Returns false when the window is full; `retryInMs` is then the time to its end.
 */
export async function takeNewsletterSlot(
  db: Db,
  limit: number,
  windowMs: number,
): Promise<{ ok: true } | { ok: false; retryInMs: number }> {
  // Whole numbers the code chose, never input: written into the statement as they are.
  const ms = sql.raw(String(Math.max(1, Math.floor(windowMs))))
  const max = sql.raw(String(Math.max(0, Math.floor(limit))))
  const window = sql`floor(extract(epoch from clock_timestamp()) * 1000 / ${ms})::bigint`
  const rows = await db
    .insert(rateLimitCounters)
    .values({
      key: sql`'mail-rate:' || ${ms} || ':' || ${window}`,
      count: 1,
      // Kept a day past its window (the rate-limit plugin prunes such rows), so the count can be read.
      resetAt: sql`to_timestamp(((${window} + 1) * ${ms}) / 1000.0)`,
    })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: { count: sql`${rateLimitCounters.count} + 1` },
      setWhere: sql`${rateLimitCounters.count} < ${max}`,
    })
    .returning({ count: rateLimitCounters.count })
  if (rows.length > 0 && limit > 0) return { ok: true }
  // Until the window ends (by this process's clock, near enough: early, the row is released again).
  return { ok: false, retryInMs: windowMs - (Date.now() % windowMs) + 50 }
}

/**
 * Puts claimed rows back as they were before the claim, due after `retryInMs`: no slot of the rate
 * was left for them, which is no attempt and no failure.
 */
export async function releaseMail(db: Db, ids: number[], retryInMs: number): Promise<void> {
  if (ids.length === 0) return
  await db
    .update(mailOutbox)
    .set({
      state: 'pending',
      lockedUntil: null,
      attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)`,
      nextAttemptAt: sql`now() + ${`${Math.ceil(retryInMs)} milliseconds`}::interval`,
    })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.state, 'sending')))
}

/** An issue row whose reader is gone or whose post was taken back: kept, as cancelled, for the count. */
export async function cancelMail(db: Db, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ state: 'cancelled', lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'sending')))
}

/** Drops a subscriber's confirmation mail that has not gone out yet (the state it asked for is over). */
export async function cancelQueuedConfirmations(tx: Db, subscriberId: string): Promise<void> {
  await dropWaiting(tx, subscriberId, 'subscription_confirm')
}

/**
 * Claims up to `limit` rows that are due: waiting ones whose time has come, and ones whose sender's
 * lease ran out. Each claim counts as an attempt.
 */
export async function claimDueMail(
  db: Db,
  limit: number,
  leaseMs: number,
  options: { withNewsletter?: boolean } = {},
): Promise<OutboxRow[]> {
  const isNewsletter = sql`${mailOutbox.kind} in ('newsletter_issue', 'newsletter_welcome')`
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      sql`((${mailOutbox.state} = 'pending' and ${mailOutbox.nextAttemptAt} <= now())
        or (${mailOutbox.state} = 'sending' and ${mailOutbox.lockedUntil} < now()))
        ${options.withNewsletter === false ? sql`and not ${isNewsletter}` : sql``}`,
    )
    // Notices and confirmations first: an issue's rows never hold them back.
    .orderBy(isNewsletter, mailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(mailOutbox)
    .set({
      state: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      lockedUntil: leaseEnd(leaseMs),
      // A row taken back from a sender that stopped mid-hand-off is not known to have gone out.
      sentAt: null,
    })
    .where(inArray(mailOutbox.id, due))
    .returning()
}

/**
 * The end of a claim's lease, to the millisecond: the claim's mark. A JavaScript Date holds
 * milliseconds, so the sender can give it back exactly to prove the claim is still its own.
 */
const leaseEnd = (leaseMs: number) =>
  sql`date_trunc('milliseconds', now() + ${`${Math.ceil(leaseMs)} milliseconds`}::interval)`

/**
 * Renews the claim on one row just before its mail goes, and tells whether the claim is still this
 * sender's: a row whose lease ran out while the sender worked down its batch may have been claimed
 * by another replica (or cancelled), and must then not be sent twice. Returns the row with its new
 * lease, or null when it is no longer this sender's to send.
 */
export async function renewClaim(db: Db, row: OutboxRow, leaseMs: number): Promise<OutboxRow | null> {
  if (!row.lockedUntil) return null
  const [renewed] = await db
    .update(mailOutbox)
    .set({ lockedUntil: leaseEnd(leaseMs) })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.state, 'sending'), eq(mailOutbox.lockedUntil, row.lockedUntil)))
    .returning()
  return renewed ?? null
}

/**
 * Just before the mail goes to the mail server: the row is marked as being handed over (`sentAt`),
 * if it is still this sender's claim and not cancelled. A cancel from here on cannot stop the mail,
 * so it does not count it, and if the server takes it the row is `sent` (markMailSent): what the
 * cancel answers and what the issue's count says match what went out. False: the mail must not go.
 */
export async function handOff(db: Db, row: OutboxRow): Promise<boolean> {
  if (!row.lockedUntil) return false
  const [marked] = await db
    .update(mailOutbox)
    .set({ sentAt: new Date() })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.state, 'sending'), eq(mailOutbox.lockedUntil, row.lockedUntil)))
    .returning({ id: mailOutbox.id })
  return marked !== undefined
}

/** The mail server took it: sent, even when a cancel came while it was being handed over. */
export async function markMailSent(db: Db, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ state: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
    .where(
      and(
        eq(mailOutbox.id, id),
        or(eq(mailOutbox.state, 'sending'), and(eq(mailOutbox.state, 'cancelled'), isNotNull(mailOutbox.sentAt))),
      ),
    )
}

/**
 * A failed attempt: tried again after `retryInMs`, or, with null, given up for good. A row cancelled
 * while it was being tried stays cancelled.
 */
export async function markMailFailed(db: Db, id: number, error: string, retryInMs: number | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { state: 'failed', lockedUntil: null, lastError: error, sentAt: null }
        : {
            state: 'pending',
            lockedUntil: null,
            sentAt: null,
            lastError: error,
            nextAttemptAt: sql`now() + ${`${Math.ceil(retryInMs)} milliseconds`}::interval`,
          },
    )
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'sending')))
  // Cancelled while it was being handed over, and not taken: it did not go.
  await db
    .update(mailOutbox)
    .set({ sentAt: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'cancelled'), isNotNull(mailOutbox.sentAt)))
}

/** A row whose mail has nothing left to say (its subject was deleted or already done). */
export async function dropMail(db: Db, id: number): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.id, id))
}

/**
 * A newsletter issue's outcome, once none of its mails waits or is being sent (null while some
 * do). Asked after each of its mails ends; two replicas ending the last two at the same moment may
 * both see it finished.
 */
export async function finishedIssue(
  db: Db,
  postId: number,
): Promise<{ sent: number; failed: number; cancelled: number } | null> {
  const rows = await db
    .select({ state: mailOutbox.state, n: sql<number>`count(*)`.mapWith(Number) })
    .from(mailOutbox)
    .where(eq(mailOutbox.postId, postId))
    .groupBy(mailOutbox.state)
  const by = new Map(rows.map((row) => [row.state, row.n]))
  if ((by.get('pending') ?? 0) + (by.get('sending') ?? 0) > 0) return null
  return { sent: by.get('sent') ?? 0, failed: by.get('failed') ?? 0, cancelled: by.get('cancelled') ?? 0 }
}
