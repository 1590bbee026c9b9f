import { asc, count, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { newsletterSubscribers } from '../../db/schema'
import type { ConsentSource, SubscriberStatus, SuppressionReason } from '../../shared/constants'
import type { SubscriberListQuerySchema } from '../../shared/schemas/admin'
import { ConflictError, NotFoundError } from '../errors'
import { type Actor, recordStatusChange } from './audit'
import { toCsv } from './csv'
import { type AdminListSource, adminPage, descending, matchesSearch } from './list-query'
import { lastReportedIssue } from './mail-events'
import { cancelQueuedConfirmations } from './mail-outbox'
import { deleteVisitorRow, lockedRow, rowsOf, updatedRow } from './rows'
import { subscriptionLinks } from './subscription-tokens'

const subscriberColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  subscribedAt: newsletterSubscribers.subscribedAt,
  isActive: newsletterSubscribers.isActive,
  status: newsletterSubscribers.status,
  confirmedAt: newsletterSubscribers.confirmedAt,
  consentSource: newsletterSubscribers.consentSource,
  suppressedReason: newsletterSubscribers.suppressedReason,
  suppressedAt: newsletterSubscribers.suppressedAt,
}

type SubscriberRow = {
  id: string
  email: string
  subscribedAt: Date
  isActive: boolean
  status: string
  confirmedAt: Date | null
  consentSource: string | null
  suppressedReason: string | null
  suppressedAt: Date | null
}
const typed = <T extends SubscriberRow>(row: T) => ({
  ...row,
  status: row.status as SubscriberStatus,
  consentSource: row.consentSource as ConsentSource | null,
  suppressedReason: row.suppressedReason as SuppressionReason | null,
})

/** An address as queries, the activity log and a 404 name it. */
export const subscriberRow = rowsOf<string>('subscriber', newsletterSubscribers, newsletterSubscribers.id, 'Subscriber')

/** Newest first; the id (text, unique) orders addresses that subscribed in the same instant. */
const SUBSCRIBER_LIST: AdminListSource = {
  table: newsletterSubscribers,
  order: [descending(newsletterSubscribers.subscribedAt), descending(newsletterSubscribers.id)],
  search: [newsletterSubscribers.email],
}

/**
 * Subscribers for the council, newest first, a page at a time (`before` is the id of the last one
 * shown), optionally only the addresses containing `q`.
 */
export async function listSubscribers(db: Db, query: z.output<typeof SubscriberListQuerySchema>) {
  const items = await adminPage(
    db.select(subscriberColumns).from(newsletterSubscribers).$dynamic(),
    SUBSCRIBER_LIST,
    query,
  )
  // Which issue lost each suppressed address: the one it was last sent before the provider's report.
  const lostAfter = await lastReportedIssue(
    db,
    items.filter((row) => row.status === 'suppressed').map((row) => row.id),
  )
  return items.map((row) => ({ ...typed(row), suppressedAfter: lostAfter.get(row.id) ?? null }))
}

/** How many addresses there are, or contain `q`: the screen's count beside its pages. */
export async function countSubscribers(db: Db, q: string | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscribers)
    .where(matchesSearch(q, [newsletterSubscribers.email]))
  return row?.n ?? 0
}

/** Why the admin may not make an address active: consent is given by its owner, never on their behalf. */
const ONLY_THE_SUBSCRIBER: Record<Exclude<SubscriberStatus, 'active'>, string> = {
  unsubscribed:
    'Only the subscriber can subscribe this address again: it unsubscribed, and comes back only by subscribing on the site and confirming through the link mailed to it.',
  pending: 'Only the subscriber can confirm this address, through the link mailed to it.',
  suppressed:
    'Only the subscriber can subscribe this address again: the mail provider reported that mail to it bounced or was marked as spam, and it comes back only by subscribing on the site and confirming through the link mailed to it.',
}

/**
 * An admin deactivates an address (say, at the subscriber's request by phone). Making one active
 * is refused (409): consent is the subscriber's alone (docs/decisions/017-newsletter-subscriptions.md);
 * `isActive: true` on an active address is no change. The activity log keeps the state only, never
 * the address (docs/decisions/014-audit-log.md).
 */
export async function setSubscriberActive(db: Db, actor: Actor, id: string, isActive: boolean) {
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx, subscriberRow(id), { status: newsletterSubscribers.status })
    if (!before) throw new NotFoundError(subscriberRow(id).notFound)
    const status: SubscriberStatus = isActive ? 'active' : 'unsubscribed'
    if (isActive && before.status !== 'active') {
      throw new ConflictError(ONLY_THE_SUBSCRIBER[before.status as Exclude<SubscriberStatus, 'active'>])
    }
    if (before.status === status) {
      const [row] = await tx
        .select(subscriberColumns)
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id))
      if (!row) throw new NotFoundError(subscriberRow(id).notFound)
      return typed(row)
    }
    const row = await updatedRow(tx, subscriberRow(id), { status, statusChangedAt: new Date() }, subscriberColumns)
    await cancelQueuedConfirmations(tx, id)
    await recordStatusChange(tx, actor, { entity: 'subscriber', id }, before.status, status)
    return typed(row)
  })
}

/** Deletes an address for good (a request to be forgotten); the log keeps no address. */
export function deleteSubscriber(db: Db, actor: Actor, id: string): Promise<{ id: string }> {
  return deleteVisitorRow(db, actor, subscriberRow(id), { status: newsletterSubscribers.status })
}

/** Every active subscriber, oldest first (a mailing tool's import order is stable that way). */
export function listActiveSubscribers(db: Db) {
  return db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      subscribedAt: newsletterSubscribers.subscribedAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      consentSource: newsletterSubscribers.consentSource,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'active'))
    .orderBy(asc(newsletterSubscribers.subscribedAt), asc(newsletterSubscribers.id))
}

/**
 * The active subscribers as CSV for the council's mailing tool: UTF-8, a header row, one row per
 * address with its own unsubscribe link (for the tool's List-Unsubscribe header and footer), then
 * when and how its consent was given (empty where that was never recorded), every cell neutralised
 * against formula injection. New columns go at the end, so a tool that maps columns by position
 * keeps working.
 */
export async function exportActiveSubscribersCsv(db: Db, publicUrl: string, secret: string): Promise<string> {
  const rows = await listActiveSubscribers(db)
  return toCsv(
    ['email', 'subscribed_at', 'unsubscribe_url', 'confirmed_at', 'consent_source'],
    rows.map((row) => [
      row.email,
      row.subscribedAt.toISOString(),
      subscriptionLinks.unsubscribe(publicUrl, secret, row.id),
      row.confirmedAt?.toISOString() ?? '',
      row.consentSource ?? '',
    ]),
  )
}

/**
 * The addresses the newsletter stopped going to on the mail provider's report, newest first: why,
 * when, and the issue that lost each. For the council's records and its mailing tool's own
 * suppression list; every cell neutralised against formula injection.
 */
export async function exportSuppressedSubscribersCsv(db: Db): Promise<string> {
  const rows = await db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      suppressedAt: newsletterSubscribers.suppressedAt,
      suppressedReason: newsletterSubscribers.suppressedReason,
      softBounces: newsletterSubscribers.softBounces,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'suppressed'))
    .orderBy(desc(newsletterSubscribers.suppressedAt), asc(newsletterSubscribers.id))
  const lostAfter = await lastReportedIssue(
    db,
    rows.map((row) => row.id),
  )
  return toCsv(
    ['email', 'suppressed_at', 'reason', 'soft_bounces', 'after_issue'],
    rows.map((row) => [
      row.email,
      row.suppressedAt?.toISOString() ?? '',
      row.suppressedReason ?? '',
      String(row.softBounces),
      lostAfter.get(row.id) ?? '',
    ]),
  )
}
