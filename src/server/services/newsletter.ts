import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { newsletterSubscribers } from '../../db/schema'
import { CONFIRMATION_MAIL_INTERVAL_MS, type ConsentSource, type SubscriberStatus } from '../../shared/constants'
import { BadInputError } from '../errors'
import { cancelQueuedConfirmations, cancelQueuedNewsletter, queueMail } from './mail-outbox'
import { lockedRow } from './rows'
import { subscriberRow } from './subscribers'
import { readConfirmToken, readUnsubscribeToken } from './subscription-tokens'

/*
 * A visitor's side of the newsletter (docs/decisions/017-newsletter-subscriptions.md). With mail on,
 * an address is pending until it confirms through the link mailed to it (double opt-in), and an
 * unsubscribed address that subscribes again confirms again: it never comes back silently. With
 * mail off, there is no way to confirm, so subscribing makes a new address active at once, and an
 * address that unsubscribed stays unsubscribed (anyone could type it into the form).
 */

export type SubscribeOptions = {
  /** Mail is configured: new and returning addresses must confirm. */
  confirm: boolean
}

const byEmail = (email: string) => sql`lower(${newsletterSubscribers.email}) = lower(${email})`

/**
 * The address was sent a confirmation mail too recently for another. The database's clock, like the
 * row, is the same for every replica.
 */
const mailedRecently = sql<boolean>`coalesce(${newsletterSubscribers.confirmationQueuedAt} > now() - ${`${CONFIRMATION_MAIL_INTERVAL_MS} milliseconds`}::interval, false)`

/**
 * Subscribes an address. The answer is the same whatever the address's state, so the form cannot
 * be used to find out who subscribes. Anyone can type any address, so an address gets at most one
 * confirmation mail per 10 minutes: a request within them changes nothing (the link already sent
 * stays good) and queues nothing.
 */
export async function subscribeToNewsletter(
  db: Db,
  email: string,
  options: SubscribeOptions,
): Promise<{ ok: true; confirmationSent: boolean }> {
  const answer = { ok: true as const, confirmationSent: options.confirm }
  await db.transaction(async (tx) => {
    const now = new Date()
    const [created] = await tx
      .insert(newsletterSubscribers)
      .values({
        email,
        status: options.confirm ? 'pending' : 'active',
        statusChangedAt: now,
        // With mail off, becoming active is all the confirmation there is (docs/decisions/017).
        consentSource: options.confirm ? 'form' : 'mail_off',
        confirmedAt: options.confirm ? null : now,
        confirmationQueuedAt: options.confirm ? sql`now()` : null,
      })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id })
    if (created) {
      if (options.confirm) await queueMail(tx, { kind: 'subscription_confirm', subscriberId: created.id })
      return
    }
    const [existing] = await tx
      .select({ id: newsletterSubscribers.id, status: newsletterSubscribers.status, mailedRecently })
      .from(newsletterSubscribers)
      .where(byEmail(email))
      .for('update')
    if (!existing || existing.status === 'active') return
    // Nobody can show the address is theirs without mail: the owner's unsubscribe stands, and the
    // answer stays the one a new address gets, so the form tells nobody it was ever subscribed.
    // A suppressed address (the provider reported it bounced or complained) is the same: only its
    // owner, confirming by mail, brings it back (docs/decisions/052-mail-provider-events.md).
    const withdrawn = existing.status === 'unsubscribed' || existing.status === 'suppressed'
    if (withdrawn && !options.confirm) return
    if (options.confirm && existing.mailedRecently) return
    const status: SubscriberStatus = options.confirm ? 'pending' : 'active'
    // What the subscription will rest on once confirmed; a pending address asking again keeps its own.
    const source: ConsentSource | undefined = !options.confirm ? 'mail_off' : withdrawn ? 'resubscribe' : undefined
    await tx
      .update(newsletterSubscribers)
      .set({
        status,
        statusChangedAt: now,
        ...(source ? { consentSource: source } : {}),
        // The consent an unsubscribed address had given was withdrawn: none is confirmed until it confirms again.
        confirmedAt: options.confirm ? null : now,
        ...(options.confirm ? { confirmationQueuedAt: sql`now()` } : {}),
      })
      .where(eq(newsletterSubscribers.id, existing.id))
    if (options.confirm) {
      // A fresh link voids the older ones (their time no longer matches); one mail waits at most.
      await cancelQueuedConfirmations(tx, existing.id)
      await queueMail(tx, { kind: 'subscription_confirm', subscriberId: existing.id })
    }
  })
  return answer
}

const INVALID_UNSUBSCRIBE =
  'This unsubscribe link is not valid. Use the link from the newest e-mail you received, or write to the council to be removed.'
const INVALID_CONFIRM = 'This confirmation link is not valid or has expired. Subscribe again to receive a new one.'

/** What a subscription link's page shows; `invalid` when the token is not one of ours. */
export type LinkSubject = { invalid: true } | { invalid: false; email: string | null; status: SubscriberStatus | null }

async function subscriberById(db: Db, id: string) {
  const [row] = await db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      statusChangedAt: newsletterSubscribers.statusChangedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id))
  return row ? { ...row, status: row.status as SubscriberStatus } : null
}

/** The address behind an unsubscribe link, for its page; nothing changes. */
export async function lookUpUnsubscribeLink(db: Db, secret: string, token: string): Promise<LinkSubject> {
  const id = readUnsubscribeToken(secret, token)
  if (!id) return { invalid: true }
  const row = await subscriberById(db, id)
  return { invalid: false, email: row?.email ?? null, status: row?.status ?? null }
}

/** The address behind a confirmation link, for its page; nothing changes. */
export async function lookUpConfirmLink(db: Db, secret: string, token: string): Promise<LinkSubject> {
  const claim = readConfirmToken(secret, token)
  if (!claim) return { invalid: true }
  const row = await subscriberById(db, claim.subscriberId)
  if (row?.status === 'pending' && row.statusChangedAt.getTime() !== claim.pendingSince.getTime()) {
    return { invalid: true }
  }
  return { invalid: false, email: row?.email ?? null, status: row?.status ?? null }
}

export type LinkOutcome = 'done' | 'already' | 'gone'

/**
 * Ends a subscription through its signed link. The token is the authority: no session, no origin
 * check. An address deleted meanwhile, or already unsubscribed, is not an error.
 */
export async function unsubscribeWithToken(db: Db, secret: string, token: string): Promise<LinkOutcome> {
  const id = readUnsubscribeToken(secret, token)
  if (!id) throw new BadInputError(INVALID_UNSUBSCRIBE, { token: INVALID_UNSUBSCRIBE })
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, subscriberRow(id), { status: newsletterSubscribers.status })
    if (!row) return 'gone'
    if (row.status === 'unsubscribed') return 'already'
    await tx
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', statusChangedAt: new Date() })
      .where(eq(newsletterSubscribers.id, id))
    await cancelQueuedConfirmations(tx, id)
    // An issue being sent right now sends nothing more to this address (the sender checks again too).
    await cancelQueuedNewsletter(tx, id)
    return 'done'
  })
}

/**
 * Confirms a pending subscription through the link mailed to it; with mail on, the address is then
 * sent one welcome (what the newsletter is, how often, how to leave).
 */
export async function confirmWithToken(
  db: Db,
  secret: string,
  token: string,
  options: { welcome: boolean } = { welcome: false },
): Promise<LinkOutcome> {
  const claim = readConfirmToken(secret, token)
  if (!claim) throw new BadInputError(INVALID_CONFIRM, { token: INVALID_CONFIRM })
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, subscriberRow(claim.subscriberId), {
      status: newsletterSubscribers.status,
      statusChangedAt: newsletterSubscribers.statusChangedAt,
    })
    if (!row) return 'gone'
    if (row.status === 'active') return 'already'
    // Unsubscribed since, or a newer link was sent: this one no longer speaks for the address.
    if (row.status !== 'pending' || row.statusChangedAt.getTime() !== claim.pendingSince.getTime()) {
      throw new BadInputError(INVALID_CONFIRM, { token: INVALID_CONFIRM })
    }
    const now = new Date()
    // The owner confirmed again: what the provider had reported no longer stands between them.
    await tx
      .update(newsletterSubscribers)
      .set({
        status: 'active',
        statusChangedAt: now,
        confirmedAt: now,
        suppressedReason: null,
        suppressedAt: null,
        softBounces: 0,
      })
      .where(eq(newsletterSubscribers.id, claim.subscriberId))
    if (options.welcome) await queueMail(tx, { kind: 'newsletter_welcome', subscriberId: claim.subscriberId })
    return 'done'
  })
}

/** How long an address may wait for its confirmation before it is forgotten (the privacy page says so). */
export const PENDING_SUBSCRIBER_TTL_MS = 30 * 24 * 60 * 60 * 1000

/** Deletes addresses that never confirmed: the council has no consent to keep them. */
export async function prunePendingSubscribers(db: Db, now = Date.now()): Promise<number> {
  const removed = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, 'pending'),
        lt(newsletterSubscribers.statusChangedAt, new Date(now - PENDING_SUBSCRIBER_TTL_MS)),
      ),
    )
    .returning({ id: newsletterSubscribers.id })
  return removed.length
}
