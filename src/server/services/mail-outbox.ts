import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { mailOutbox } from '../../db/schema'
import type { MailKind } from '../../shared/constants'

/*
 * The outbox (docs/decisions/016-mail-outbox.md): a change that should send mail adds a row in its
 * own transaction, so the mail cannot be lost once the visitor was told yes, and nobody waits on
 * SMTP. Senders on every replica claim due rows with FOR UPDATE SKIP LOCKED, so each row goes to
 * exactly one of them; a claim is a lease, and a row whose sender died is claimed again after it.
 */

export type OutboxRow = typeof mailOutbox.$inferSelect

export type QueuedMail =
  | { kind: 'contact_notice'; messageId: number }
  | { kind: 'subscription_confirm'; subscriberId: string }

/** Queues a mail; call it with the transaction that makes the change the mail is about. */
export async function queueMail(tx: Db, mail: QueuedMail): Promise<void> {
  await tx.insert(mailOutbox).values({
    kind: mail.kind satisfies MailKind,
    messageId: mail.kind === 'contact_notice' ? mail.messageId : null,
    subscriberId: mail.kind === 'subscription_confirm' ? mail.subscriberId : null,
  })
}

/** Drops a subscriber's confirmation mail that has not gone out yet (the state it asked for is over). */
export async function cancelQueuedConfirmations(tx: Db, subscriberId: string): Promise<void> {
  await tx
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.subscriberId, subscriberId),
        eq(mailOutbox.kind, 'subscription_confirm'),
        eq(mailOutbox.state, 'pending'),
      ),
    )
}

/**
 * Claims up to `limit` rows that are due: waiting ones whose time has come, and ones whose sender's
 * lease ran out. Each claim counts as an attempt.
 */
export async function claimDueMail(db: Db, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      sql`(${mailOutbox.state} = 'pending' and ${mailOutbox.nextAttemptAt} <= now())
        or (${mailOutbox.state} = 'sending' and ${mailOutbox.lockedUntil} < now())`,
    )
    .orderBy(mailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(mailOutbox)
    .set({
      state: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      lockedUntil: sql`now() + ${`${Math.ceil(leaseMs)} milliseconds`}::interval`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning()
}

export async function markMailSent(db: Db, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ state: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, id))
}

/** A failed attempt: tried again after `retryInMs`, or, with null, given up for good. */
export async function markMailFailed(db: Db, id: number, error: string, retryInMs: number | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { state: 'failed', lockedUntil: null, lastError: error }
        : {
            state: 'pending',
            lockedUntil: null,
            lastError: error,
            nextAttemptAt: sql`now() + ${`${Math.ceil(retryInMs)} milliseconds`}::interval`,
          },
    )
    .where(eq(mailOutbox.id, id))
}

/** A row whose mail has nothing left to say (its subject was deleted or already done). */
export async function dropMail(db: Db, id: number): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.id, id))
}
