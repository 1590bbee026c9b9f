import { and, eq, gte, lte, ne, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { listingDeclarations, listings, registryNotices, standardVersions } from '../../../db/schema'
import { RENEWAL_REMINDER_DAYS, type RegistryNoticeKind } from '../../../shared/registry-applications'
import { queueMail } from '../mail-outbox'
import { addDays, todayOf } from './shared'

/*
 * The registry's notices to a listing's contact (docs/registry.md, "Reminders"; decision 048): a
 * renewal reminder 30 and 7 days before the expiry date, and the word that a standard it declares
 * has a newer published version. Each is sent once: its row in registry_notices and its outbox row
 * are one transaction, and the row's key (listing, kind, what it is about) makes a second
 * replica's or a restarted process's insert a no-op that queues nothing.
 */

/** Records a notice and queues its mail, unless it was recorded before; true when this call did. */
async function noticeOnce(
  db: Db,
  notice: { listingId: string; kind: RegistryNoticeKind; about: string },
  mail: Parameters<typeof queueMail>[1],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(registryNotices)
      .values(notice)
      .onConflictDoNothing()
      .returning({ listingId: registryNotices.listingId })
    if (inserted.length === 0) return false
    await queueMail(tx, mail)
    return true
  })
}

/**
 * Sends what is due at `now`: reminders to listed listings whose expiry date is within a reminder's
 * days (the nearest reminder only: a listing first seen 5 days before its expiry gets the 7-day one,
 * not the 30-day one too), and a notice per listing and newer published version of a standard it
 * declares. With mail off nothing is recorded, so turning mail on later still sends what is due.
 */
export async function sendRegistryNotices(
  db: Db,
  options: { now?: Date; mailEnabled: boolean },
): Promise<{ reminders: number; superseded: number }> {
  if (!options.mailEnabled) return { reminders: 0, superseded: 0 }
  const today = todayOf(options.now)
  let reminders = 0
  const [longest] = [...RENEWAL_REMINDER_DAYS].sort((a, b) => b - a)
  const due = await db
    .select({ id: listings.id, expiresOn: listings.expiresOn })
    .from(listings)
    .where(
      and(
        eq(listings.status, 'listed'),
        gte(listings.expiresOn, today),
        lte(listings.expiresOn, addDays(today, longest ?? 30)),
      ),
    )
  for (const listing of due) {
    const daysLeft = Math.round((Date.parse(listing.expiresOn) - Date.parse(today)) / 86_400_000)
    // The nearest reminder whose window the listing is in.
    const days = [...RENEWAL_REMINDER_DAYS].sort((a, b) => a - b).find((window) => daysLeft <= window)
    if (days === undefined) continue
    const sent = await noticeOnce(
      db,
      { listingId: listing.id, kind: days === 7 ? 'expiry_7' : 'expiry_30', about: listing.expiresOn },
      { kind: 'registry_renewal_reminder', listingId: listing.id, detail: { days, expiresOn: listing.expiresOn } },
    )
    if (sent) reminders += 1
  }

  // Declarations of a version that is no longer the published one, with the version that is.
  const newer = await db
    .select({
      listingId: listingDeclarations.listingId,
      declaredId: standardVersions.id,
      currentId: sql<number>`current.id`,
    })
    .from(listingDeclarations)
    .innerJoin(listings, eq(listings.id, listingDeclarations.listingId))
    .innerJoin(standardVersions, eq(standardVersions.id, listingDeclarations.versionId))
    .innerJoin(
      sql`${standardVersions} as current`,
      sql`current.document_id = ${standardVersions.documentId} and current.state = 'published' and current.id <> ${standardVersions.id}`,
    )
    .where(ne(listings.status, 'withdrawn'))
  let superseded = 0
  for (const row of newer) {
    const sent = await noticeOnce(
      db,
      { listingId: row.listingId, kind: 'superseded', about: String(row.currentId) },
      {
        kind: 'registry_superseded',
        listingId: row.listingId,
        detail: { versionId: Number(row.currentId), declaredId: row.declaredId },
      },
    )
    if (sent) superseded += 1
  }
  return { reminders, superseded }
}
