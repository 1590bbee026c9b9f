import { and, eq, inArray, lte } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { listings } from '../../../db/schema'
import { EXPIRED_REASON, type ListingStatus } from '../../../shared/registry'
import { REGISTRY_CLOCK, recordStatusMove, todayOf } from './shared'

export { REGISTRY_CLOCK }

/**
 * Listings whose expiry date has come (by the server's clock) become expired: listed and suspended
 * ones alike. One UPDATE … RETURNING, its history and activity rows in the same transaction, as
 * publishDuePosts does: replicas running this at once each lock the rows they would change, and the
 * second re-reads a locked row after the first commits, finds it expired and leaves it, so each
 * listing expires exactly once (docs/registry.md).
 */
export async function expireDueListings(
  db: Db,
  now: Date = new Date(),
): Promise<{ id: string; number: string; from: ListingStatus }[]> {
  const today = todayOf(now)
  // The listings' change trigger is per statement, so an UPDATE that changes no row still tells every
  // replica to drop its kept pages: on every tick of the scheduler, that would be every page every
  // NEWS_PUBLISH_INTERVAL_S. A plain read first; the locking UPDATE runs only when a listing is due.
  const [due] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(inArray(listings.status, ['listed', 'suspended']), lte(listings.expiresOn, today)))
    .limit(1)
  if (!due) return []
  return db.transaction(async (tx) => {
    // The old status has to come out of the same statement that changes it: the row it locks is
    // the row it reports, so a listing suspended a moment earlier is reported as suspended.
    const due = tx
      .select({ id: listings.id, was: listings.status })
      .from(listings)
      .where(and(inArray(listings.status, ['listed', 'suspended']), lte(listings.expiresOn, today)))
      .for('update')
      .as('due')
    const rows = await tx
      .update(listings)
      .set({ status: 'expired', updatedAt: now })
      .from(due)
      .where(and(eq(listings.id, due.id), inArray(listings.status, ['listed', 'suspended'])))
      .returning({ id: listings.id, number: listings.number, expiresOn: listings.expiresOn, was: due.was })
    for (const row of rows) {
      await recordStatusMove(tx, REGISTRY_CLOCK, row, {
        move: 'expire',
        from: row.was as ListingStatus,
        to: 'expired',
        reason: EXPIRED_REASON,
        expiresOn: row.expiresOn,
        previousExpiresOn: row.expiresOn,
        at: now,
      })
    }
    return rows.map((row) => ({ id: row.id, number: row.number, from: row.was as ListingStatus }))
  })
}
