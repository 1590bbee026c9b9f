import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { listingStatusChanges, listings } from '../../../db/schema'
import { type ListingKind, type ListingStatus, NO_LISTING, type StatusAction } from '../../../shared/registry'
import type { ListingSummary } from '../../../shared/schemas/registry'
import { NotFoundError } from '../../errors'
import { announce } from '../../events'
import { type Actor, recordChange } from '../audit'

/** The activity log's name for changes the clock makes. */
export const REGISTRY_CLOCK: Actor = { email: 'scheduler' }

/*
 * What more than one module of the registry needs: the rows, the day by the server's clock, a
 * listing's public summary, and the one way a status moves (its history row and its activity row,
 * in the caller's transaction). docs/registry.md has the model.
 */

export type ListingRow = typeof listings.$inferSelect

export const DAY_MS = 24 * 60 * 60 * 1000

/** Today as the server's clock has it (UTC), YYYY-MM-DD: the day a listing starts and expires by. */
export const todayOf = (now: Date = new Date()) => now.toISOString().slice(0, 10)

/** A calendar date `days` later. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

export const notFoundListing = () => new NotFoundError(NO_LISTING)

/** A facility is named by its organisation, a chamber model by its maker and model. */
export const listingName = (row: Pick<ListingRow, 'kind' | 'organisationName' | 'manufacturer' | 'modelName'>) =>
  row.kind === 'chamber' && row.manufacturer && row.modelName
    ? `${row.manufacturer} ${row.modelName}`
    : row.organisationName

/** A listing as every list shows it. */
export function summaryOf(row: ListingRow, distanceKm: number | null = null): ListingSummary {
  const facility = row.kind === 'facility'
  return {
    number: row.number,
    key: row.key,
    kind: row.kind as ListingKind,
    status: row.status as ListingStatus,
    name: listingName(row),
    organisationName: row.organisationName,
    city: facility ? row.city : null,
    region: facility ? row.region : null,
    postalCode: facility ? row.postalCode : null,
    country: facility ? row.country : null,
    manufacturer: facility ? null : row.manufacturer,
    modelName: facility ? null : row.modelName,
    listedOn: row.listedOn,
    expiresOn: row.expiresOn,
    distanceKm: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
  }
}

export async function listingById(db: Db, id: string): Promise<ListingRow> {
  const [row] = await db.select().from(listings).where(eq(listings.id, id))
  if (!row) throw notFoundListing()
  return row
}

/** The listing locked for a change, so two members (or a member and the expiry) cannot both move it. */
export async function lockedListing(tx: Db, id: string): Promise<ListingRow> {
  const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for('update')
  if (!row) throw notFoundListing()
  return row
}

/** The activity log's account of a status move: `move` names it (the activity screen's verb). */
export type StatusMove = StatusAction | 'expire' | 'list'

/**
 * Writes a status change's public history row and its activity row, in the transaction that made
 * the change: the three commit together or not at all.
 */
export async function recordStatusMove(
  tx: Db,
  actor: Actor,
  listing: Pick<ListingRow, 'id' | 'number'>,
  change: {
    move: StatusMove
    from: ListingStatus | null
    to: ListingStatus
    reason: string
    expiresOn: string
    previousExpiresOn: string | null
    at?: Date
  },
): Promise<void> {
  await tx.insert(listingStatusChanges).values({
    listingId: listing.id,
    fromStatus: change.from,
    toStatus: change.to,
    reason: change.reason,
    expiresOn: change.expiresOn,
    actorEmail: actor.email,
    ...(change.at ? { at: change.at } : {}),
  })
  // Announced from the transaction that holds the change: every move passes here, and a later
  // failure of that transaction writes its own error line.
  announce('registry.listing.status_changed', {
    listing: listing.number,
    from: change.from ?? 'none',
    to: change.to,
    by: actor.email === REGISTRY_CLOCK.email ? 'clock' : 'council',
  })
  if (change.move === 'list') return
  await recordChange(tx, actor, {
    action: 'update',
    entity: 'listing',
    entityId: listing.id,
    before: { number: listing.number, status: change.from, expiresOn: change.previousExpiresOn },
    after: {
      number: listing.number,
      status: change.to,
      expiresOn: change.expiresOn,
      move: change.move,
      reason: change.reason,
    },
  })
}
